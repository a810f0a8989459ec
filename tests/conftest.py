"""Shared by every test process: the example titles are switched on.

Set at import, before any test module asks the registry, and inherited by every process
the tests start (xdist workers, server subprocesses), so the examples are checked
everywhere a title is (conformance suite, registry, lobby). An explicit `EKIMAE_GAMES`
in the environment wins (`EKIMAE_GAMES= pytest` runs with the titles alone).
"""

from __future__ import annotations

import os

os.environ.setdefault("EKIMAE_GAMES", "sealed-auction,quick-draw")
# The terminal follows the locale (issue 20): tests expect English whatever the machine's
# locale is; a test of another language sets it itself.
for _name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
    os.environ.pop(_name, None)
