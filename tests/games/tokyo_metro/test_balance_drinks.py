"""`ekimae metro balance --drinks on`: the report shows METRO DRINKS (issue 15)."""

from __future__ import annotations

import re
from pathlib import Path

from ekimae.cli.main import main
from ekimae.games.tokyo_metro.context import HOLE, load_ctx


def test_balance_with_drinks_lists_the_jh_column_builds_and_a_drinks_section(
    tmp_path: Path,
) -> None:
    """MD-1: the JIDOHANBAIKI cards in the tables; MD-4: builds (no card spot) counted as
    an action type; a METRO DRINKS section; shares with 95 % intervals."""
    out = tmp_path / "balance.md"
    args = ["metro", "balance", "--seats", "greedy", "--players", "2", "--games", "3"]
    assert main([*args, "--drinks", "on", "--workers", "1", "--out", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# Card balance: 3 games, seats greedy, greedy — map tokyo, cards")
    assert text.splitlines()[0].endswith(", drinks on")
    for kind in ("colour", "shape", "build"):
        assert re.search(
            rf"^\| {kind} \| \d+ \| [\d.]+ \| [\d.]+% \[[\d.]+–[\d.]+\] \|$", text, re.M
        )
    cards = load_ctx("tokyo", "tokyo", True).cards.cards
    jh = [card for card in cards if card.startswith(("JC-", "JS-"))]
    assert len(jh) == 12 and all(f"| {card} |" in text for card in jh)
    assert f"| {HOLE} |" not in text  # MD-2: a hole is no card
    assert "## METRO DRINKS" in text and "| free builds (MD-5) |" in text


def test_balance_without_drinks_has_no_drinks_rows(tmp_path: Path) -> None:
    out = tmp_path / "balance.md"
    args = ["metro", "balance", "--seats", "greedy", "--players", "2", "--games", "2"]
    assert main([*args, "--workers", "1", "--out", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "drinks" not in text.splitlines()[0] and "## METRO DRINKS" not in text
    assert "| build |" not in text and "| JC-" not in text
