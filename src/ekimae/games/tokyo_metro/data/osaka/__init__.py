"""OSAKA METRO's printed values as designed by the project (docs/games/osaka-metro.md).

A subpackage, so that these files do not change TOKYO METRO's data_version (a hash of the
files in data/ itself).
"""
