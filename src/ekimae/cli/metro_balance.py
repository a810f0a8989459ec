"""Compatibility only: TOKYO METRO's balance report moved to
`ekimae.cli.titles.tokyo_metro.balance`, the seat rotation to `ekimae.cli.common`."""

from __future__ import annotations

from ekimae.cli.common import rotated
from ekimae.cli.titles.tokyo_metro.balance import format_report, play_one, run

__all__ = ["format_report", "play_one", "rotated", "run"]
