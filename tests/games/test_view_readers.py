"""The typed views' readers (issue 34) refuse what is not theirs, beyond the game-name
check `test_typed_views` covers by reading every view: QUICK DRAW's view names no game,
and CHOCOLATE MILK's last move is read back on its own (the web part's note)."""

from __future__ import annotations

import pytest

from ekimae.games.chocolate_milk.game import GAME as MILK
from ekimae.games.chocolate_milk.view import last_move_view
from ekimae.games.quick_draw.game import GAME as QUICK_DRAW
from ekimae.games.quick_draw.view import quick_draw_view
from ekimae.games.sealed_auction.game import GAME as AUCTION
from ekimae.games.sealed_auction.view import auction_view


def test_quick_draw_view_reads_its_own_and_refuses_another_titles() -> None:
    view = QUICK_DRAW.new_state(2, 0).view(0)
    assert quick_draw_view(view) is view
    with pytest.raises(ValueError, match="round_end_ms"):
        quick_draw_view({k: v for k, v in view.items() if k != "round_end_ms"})
    with pytest.raises(ValueError, match="not a QUICK DRAW view"):
        quick_draw_view(AUCTION.new_state(2, 0).view(0))


def test_auction_view_refuses_another_titles() -> None:
    with pytest.raises(ValueError, match="not a SEALED AUCTION view: game None"):
        auction_view(QUICK_DRAW.new_state(2, 0).view(0))


def test_last_move_view_reads_a_move_and_refuses_an_unknown_kind() -> None:
    state = MILK.new_state(2, 3)
    state.apply(0, state.legal_actions(0)[0])
    last = state.view(None)["last"]
    assert last_move_view(last) is last
    with pytest.raises(ValueError, match="'steal'"):
        last_move_view({**last, "kind": "steal"})
