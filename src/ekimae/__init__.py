"""Ekimae: the Tokyo Series board games as software."""

from ekimae import compiled

compiled.install()  # the engine's compiled modules, where `make compiled` built them
