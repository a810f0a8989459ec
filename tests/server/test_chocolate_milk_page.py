"""CHOCOLATE MILK's page parts without a browser: the board is drawn from the view (every
drink a tile with its ink and glyph, the Stock cards' yen), the labels and the prompt
say in words what a move does and what the machine did (CM-2)."""

from __future__ import annotations

from ekimae.games.chocolate_milk.game import GAME
from ekimae.server.titles import web_title
from tests.games.chocolate_milk.test_rules import MINT, act, position

WEB = web_title("chocolate-milk")
DATA = GAME.data


def test_the_board_draws_every_drink_card_and_crate_from_the_view() -> None:
    state = GAME.new_state(3, 2)
    view = state.view(0)
    board = WEB.overlay(view, {})
    assert board is not None
    assert board.count('class="cm-cell"') == 9
    assert board.count('class="cm-card"') == 12 and board.count('class="cm-crates"') == 3
    for cell in view["grid"]:
        for drink in cell["drinks"]:
            each = DATA.drinks.drinks[drink]
            ink = next(c.ink for c in DATA.drinks.colours if c.key == each.colour)
            assert f'data-drink="{drink}"' in board and ink in board
            assert DATA.drinks.shape(each.shape).glyph in board


def test_labels_name_the_drink_the_price_and_the_crate() -> None:
    market = dict.fromkeys(DATA.cards, 0) | {"mint": 300}
    state = position(crates=[[MINT[:2]], [[]]], market=market)
    view = state.view(0)
    labels = {a.kind: WEB.label(view, 0, a.to_dict(), {}) for a in state.legal_actions(0)}
    assert labels["buy"] is not None and labels["buy"].startswith("Step to ")
    assert "for ¥100, into crate 1" in labels["buy"]
    sale = WEB.label(view, 0, {"type": "sell", "card": "mint", "drinks": MINT[:2]}, {})
    names = ", ".join(DATA.drinks.drinks[d].name for d in MINT[:2])
    assert sale == f"Sell 2 on the mint card at ¥300 each (¥600): {names}"
    assert labels["crate"] == "Buy another crate for ¥200"


def test_the_prompt_says_what_the_machine_did_and_whose_turn_it_is() -> None:
    stuck = out = None
    for seed in range(40):
        state = GAME.new_state(2, seed)
        act(state, 0, f"buy a1 {state.view(0)['grid'][0]['drinks'][0]} 1")
        prompt = WEB.prompt(state.view(1), 1, {})
        assert prompt is not None and prompt.endswith("or buy a crate.")
        if state.view(1)["last"]["came_out"]:
            out = prompt
        else:
            stuck = prompt
    assert out is not None and ": it came out;" in out
    assert stuck is not None and "stuck in the machine" in stuck
    assert WEB.prompt(GAME.new_state(2, 1).view(1), 1, {}) == "Seat 1 to play."
