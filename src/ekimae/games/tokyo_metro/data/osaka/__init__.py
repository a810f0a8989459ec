"""OSAKA METRO\x27s printed values as designed by the project (docs/games/osaka-metro.md)."""
