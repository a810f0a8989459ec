"""What a page shows that a reader may not understand (issue 30): a symbol (▲ ● → ⟳ …,
Unicode's symbol categories) or an abbreviation (a count like 3/3 or 0/4, #2, s1, JUTAKU's
element numerals like V/, a stop's code like G5) that no nearby element explains with a
tooltip or an accessible description (`data-tip`, `title`, `aria-label`,
`aria-description`, `aria-describedby`, an SVG `<title>`), nor hides as decoration
(`aria-hidden`). Arithmetic and money signs (× + − = ¥) are not counted, nor an arrow in
a sentence of five words or more ("money ¥2,000 → ¥1,700": it reads "becomes"). The game
log is left out: its lines are the engine's record, which issue 31 redraws."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page

UNEXPLAINED = (Path(__file__).parent / "symbols.js").read_text(encoding="utf-8")


def unexplained(page: Page) -> list[dict[str, Any]]:
    """Every visible text with a symbol or abbreviation nothing near it explains."""
    found: list[dict[str, Any]] = page.evaluate(UNEXPLAINED)
    return found
