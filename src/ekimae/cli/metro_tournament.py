"""Compatibility only: the tournament command under its old name. This module *is*
`ekimae.cli.tournament` (it replaces itself in `sys.modules`), so patching `play_one` or
`code_version` here patches the command (tests/bots/test_tournament_log.py does)."""

from __future__ import annotations

import sys

from ekimae.cli import tournament

sys.modules[__name__] = tournament
