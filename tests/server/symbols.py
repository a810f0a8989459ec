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


def unexplained(page: Page, looks: int = 4) -> list[dict[str, Any]]:
    """Every visible text with a symbol or abbreviation nothing near it explains, in each
    of `looks` looks a quarter second apart.

    The tooltips are attached in the animation frame after the page draws (static/tips.js
    listens for changes), so a look taken between a push's redraw and that frame sees a
    fresh text without its tooltip: in a live real-time game, where pushes come every few
    milliseconds, that happens. A text a player would really see unexplained stays so; a
    finding is kept only if it is in every look (its symbols at the same place)."""
    found: list[dict[str, Any]] = page.evaluate(UNEXPLAINED)
    for _ in range(looks - 1):
        if not found:
            break
        page.wait_for_timeout(250)
        again = {(f["tokens"], f["where"]) for f in page.evaluate(UNEXPLAINED)}
        found = [f for f in found if (f["tokens"], f["where"]) in again]
    return found
