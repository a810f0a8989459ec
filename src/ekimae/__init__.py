"""Ekimae: the Tokyo Series board games as software."""
