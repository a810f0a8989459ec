"""THE SHOPPING GAME's terminal part: the mall as text, the picture from `render`."""

from __future__ import annotations

from pathlib import Path

from ekimae.cli.main import main
from ekimae.cli.titles.shopping import TITLE
from ekimae.cli.titles.shopping.board import mall_lines
from ekimae.games.shopping.actions import Move
from ekimae.games.shopping.game import GAME


def test_the_mall_as_text_shows_points_items_and_players() -> None:
    state = GAME.new_state(2, 3)
    state.apply(0, Move("d3"))  # SH-2: seat 1 enters and stands on d3
    lines = mall_lines(GAME.data, state.view_for(None))
    assert len(lines) == 1 + 3 * GAME.data.mall.rows + 1 + 1
    row3 = next(line for line in lines if line.startswith("3 "))
    assert row3.index("1") == 3 + 3 * 16  # seat 1 replaces the point d3
    text = "\n".join(lines)
    assert "vending machine" in text and "6 drinks" in text and "magazine 6" in text
    # Issue 32: every name whole (two lines a slot), the mall within 120 columns.
    assert "washing machine" in text and "detergent" in text and "pillowcase" in text
    assert max(len(line) for line in lines) <= 120
    assert lines[-1].endswith("outside: 2")


def test_render_writes_the_mall_picture(tmp_path: Path) -> None:
    out = tmp_path / "mall.svg"
    TITLE.render(GAME, None, str(out))
    svg = out.read_text(encoding="utf-8")
    assert svg.startswith("<svg") and svg.count('class="point"') == len(GAME.data.mall.points)


def test_ekimae_render_draws_the_mall(tmp_path: Path) -> None:
    out = tmp_path / "mall.svg"
    assert main(["render", "--game", "shopping", "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8").startswith("<svg")
