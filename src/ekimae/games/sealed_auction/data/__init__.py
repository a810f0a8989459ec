"""SEALED AUCTION's printed values (a package, so `importlib.resources` finds them)."""
