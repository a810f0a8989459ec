"""TOKYO METRO's confirmation sentences (issue 13): every legal action of the movement and
actions phases gets a plain sentence, and the price it names is what the engine charges.

The sentences are built from the seat's view and the public components only; here each
one is checked against the engine by applying the action to a copy of the state.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

from ekimae.core.game import State
from ekimae.games import find_game
from ekimae.server.hub import legal_payload
from ekimae.server.titles import web_title
from ekimae.server.titles.tokyo_metro import TITLE
from ekimae.server.titles.tokyo_metro.prompts import action_label

GAME = find_game("tokyo-metro")
WEB = web_title(GAME.name)


def _yen(text: str) -> int:
    return int(text.replace("¥", "").replace(",", ""))


def _decisions(seed: int, seats: int = 3) -> Iterator[tuple[State, int, list[dict[str, Any]]]]:
    """Each decision of a random game, with the page's legal list (labels included)."""
    rng = random.Random(seed)
    state = GAME.new_state(seats, seed, {})
    while not state.is_terminal():
        seat = state.current_players()[0]
        items = legal_payload(GAME, WEB, state, seat, {})
        yield state, seat, items
        state.apply(seat, rng.choice(list(state.legal_actions(seat))))


def _after(state: State, seat: int, wire: dict[str, Any]) -> dict[str, Any]:
    copy = state.clone()
    copy.apply(seat, GAME.parse_action(GAME.format_action(_action(state, seat, wire))))
    return copy.view(seat)


def _action(state: State, seat: int, wire: dict[str, Any]) -> Any:
    return next(a for a in state.legal_actions(seat) if a.to_dict() == wire)


def test_every_action_has_a_sentence() -> None:
    """The pointing page confirms each choice in words (no engine notation left); a bid
    too, since a hint says it (issue 30; the bid form shows the yen itself)."""
    kinds: set[str] = set()
    for seed in (1, 2):
        for _, _, items in _decisions(seed):
            for item in items:
                kind = item["kind"]
                kinds.add(kind)
                assert item.get("label"), item
                assert item["text"] not in item["label"], item  # words, not notation
    # The card actions of TM-7 that random games reach, at least these:
    assert {"place", "walk", "move", "station", "invest", "start", "pass", "speculation"} <= kinds


def test_invest_sentence_names_the_engines_price_and_the_new_line_value() -> None:
    """TM-7.4: (cost − discount) + surcharge; the line's value rises by all of it."""
    checked = 0
    discounted = 0
    for seed in range(1, 8):
        for state, seat, items in _decisions(seed):
            for item in (i for i in items if i["kind"] == "invest"):
                found = re.match(
                    r"Invest in (.+) for (¥[\d,]+) — line value (¥[\d,]+) → (¥[\d,]+)",
                    item["label"],
                )
                assert found, item["label"]
                price, before, after = (_yen(found[i]) for i in (2, 3, 4))
                letter = item["action"]["line"]
                then = _after(state, seat, item["action"])
                line = next(x for x in then["lines"] if x["letter"] == letter)
                money = state.view(seat)["players"][seat]["money"]
                assert line["value"] == after == before + price
                assert then["players"][seat]["money"] == money - price
                checked += 1
                discounted += bool(item["action"]["discounts"])
            if checked > 60 and discounted > 3:
                return
    raise AssertionError(f"only {checked} invest choices seen ({discounted} discounted)")


def test_station_and_card_prices_match_what_the_engine_takes() -> None:
    """TM-7.2 (discount before multiplying by the stops), TM-7.12, TM-7.13."""
    seen: set[str] = set()
    for seed in range(1, 10):
        for state, seat, items in _decisions(seed):
            for item in items:
                if item["kind"] not in ("station", "action", "card"):
                    continue
                found = re.search(r" for (¥[\d,]+)", item["label"])
                assert found, item["label"]
                money = state.view(seat)["players"][seat]["money"]
                then = _after(state, seat, item["action"])
                assert then["players"][seat]["money"] == money - _yen(found[1]), item["label"]
                seen.add(item["kind"])
            if seen == {"station", "action", "card"}:
                return
    raise AssertionError(f"only {sorted(seen)} seen")


def test_speculation_and_start_say_stake_and_value() -> None:
    """TM-7.11: the stake set aside; TM-7.5: Start V raises the value by V, free."""
    spec = start = 0
    for seed in range(1, 6):
        for state, seat, items in _decisions(seed):
            for item in items:
                if item["kind"] == "speculation":
                    stake = item["action"]["stake"]
                    assert f"with a ¥{stake:,} stake" in item["label"]
                    spec += 1
                elif item["kind"] == "start":
                    found = re.search(r"line value (¥[\d,]+) → (¥[\d,]+)", item["label"])
                    assert found, item["label"]
                    then = _after(state, seat, item["action"])
                    line = next(x for x in then["lines"] if x["letter"] == item["action"]["line"])
                    assert line["value"] == _yen(found[2])
                    start += 1
            if spec and start:
                return
    raise AssertionError("no speculation or no start choice seen")


def test_no_sentence_for_an_unknown_spot() -> None:
    """A spot the components do not print gets no sentence (the notation stays)."""
    state = GAME.new_state(2, 1, {})
    view = state.view(0)
    view["phase"] = "actions"
    assert action_label(view, 0, {"type": "invest", "spot": "XX9a", "line": "G"}) is None


# ------------------------------------------------------------------ OSAKA METRO (issue 14)

OSAKA = {"map": "osaka", "cards": "osaka"}


def _osaka_decisions(
    seed: int, options: dict[str, str] = OSAKA, seats: int = 3
) -> Iterator[tuple[State, int, list[dict[str, Any]]]]:
    """Each decision of a random game with Osaka parts, with the page's legal list."""
    rng = random.Random(seed)
    state = GAME.new_state(seats, seed, options)
    while not state.is_terminal():
        seat = state.current_players()[0]
        yield state, seat, legal_payload(GAME, WEB, state, seat, options)
        state.apply(seat, rng.choice(list(state.legal_actions(seat))))


def test_every_osaka_action_has_a_sentence_in_all_four_combinations() -> None:
    """MOD-1: the labels read the game's own map and card set (no Tokyo spot ids assumed)."""
    for options in ({"map": m, "cards": c} for m in ("tokyo", "osaka") for c in ("tokyo", "osaka")):
        kinds: set[str] = set()
        for _, _, items in _osaka_decisions(1, options):
            for item in items:
                kinds.add(item["kind"])
                if item["kind"] != "turn-bid":
                    assert item.get("label"), (options, item)
                    assert item["text"] not in item["label"], item
        if options["cards"] == "osaka":
            assert {"invest-disc", "sell", "copy"} <= kinds, options


def test_invest_by_disc_sentence_is_the_surcharge_and_a_disc_gone() -> None:
    """OS-6: only the surcharge is paid, the value rises by it, one action disc leaves."""
    checked = 0
    for seed in range(1, 6):
        for state, seat, items in _osaka_decisions(seed):
            for item in (i for i in items if i["kind"] == "invest-disc"):
                found = re.match(
                    r"Invest by disc in (.+) for (¥[\d,]+) .*discs (\d+) → (\d+)\); "
                    r"line value (¥[\d,]+) → (¥[\d,]+)",
                    item["label"],
                )
                assert found, item["label"]
                before = state.view(seat)
                then = _after(state, seat, item["action"])
                letter = item["action"]["line"]
                line = next(x for x in then["lines"] if x["letter"] == letter)
                assert line["value"] == _yen(found[6]) == _yen(found[5]) + _yen(found[2])
                assert then["players"][seat]["money"] == (
                    before["players"][seat]["money"] - _yen(found[2])
                )
                assert then["players"][seat]["action_discs"] == int(found[4])
                checked += 1
            if checked > 10:
                return
    raise AssertionError(f"only {checked} invest-disc choices seen")


def test_sell_sentence_names_what_the_engine_sets_aside() -> None:
    """OS-7.2: what the seat alone would get now goes to `sold`; the value falls by it."""
    checked = 0
    for seed in range(1, 8):
        for state, seat, items in _osaka_decisions(seed):
            for item in (i for i in items if i["kind"] == "sell"):
                found = re.match(
                    r"Sell your .+ stock card \d for (¥[\d,]+) .* line value (¥[\d,]+) → (¥[\d,]+)",
                    item["label"],
                )
                assert found, item["label"]
                before = state.view(seat)
                then = _after(state, seat, item["action"])
                amount = _yen(found[1])
                assert then["players"][seat]["sold"] == before["players"][seat]["sold"] + amount
                line = next(x for x in then["lines"] if x["letter"] == item["action"]["line"])
                assert line["value"] == _yen(found[3]) == _yen(found[2]) - amount
                checked += 1
            if checked > 10:
                return
    raise AssertionError(f"only {checked} sell choices seen")


def test_copy_sentence_price_and_copied_actions_say_so() -> None:
    """OS-7.1: Copy C costs C − discount and gives a Copy disc; a taken spot taken again
    through it says it is copied."""
    bought = copied = 0
    for seed in range(1, 10):
        for state, seat, items in _osaka_decisions(seed):
            view = state.view(seat)
            for item in items:
                if item["kind"] == "copy":
                    found = re.match(r"Take a Copy disc for (¥[\d,]+)", item["label"])
                    assert found, item["label"]
                    then = _after(state, seat, item["action"])
                    money = view["players"][seat]["money"]
                    assert then["players"][seat]["money"] == money - _yen(found[1])
                    if then["phase"] == "actions":  # a Copy disc lasts this round only
                        assert len(then["players"][seat]["copy_discs"]) == (
                            len(view["players"][seat]["copy_discs"]) + 1
                        )
                    bought += 1
                elif item["action"].get("spot") in view["taken"]:
                    assert item["label"].endswith("copying it with your Copy disc"), item
                    copied += 1
            if bought > 5 and copied > 5:
                return
    raise AssertionError(f"copy bought {bought}, copied {copied}")


def test_a_pair_prompt_names_both_vehicles_and_board_vehicle_labels_each() -> None:
    """OS-2: a pair runs together; the prompt names where each vehicle stops, and each
    `board-vehicle` choice names its own vehicle and station."""
    for seed in range(1, 40):
        for state, seat, items in _osaka_decisions(seed):
            boards = [i for i in items if i["kind"] == "board-vehicle"]
            if not boards:
                continue
            view = state.view(seat)
            letter = view["trains_phase"]["line"]
            prompt = WEB.prompt(view, seat, OSAKA)
            assert prompt is not None
            for vehicle in next(x for x in view["lines"] if x["letter"] == letter)["vehicles"]:
                assert f"{vehicle['vehicle']} " in prompt, prompt
            for item in boards:
                label = f"{letter}{item['action']['vehicle']}"
                assert re.match(rf"Board (tram|bus) {label} at ", item["label"]), item["label"]
            return
    raise AssertionError("no board-vehicle choice seen")


def test_the_page_gets_its_games_components() -> None:
    """MOD-1: the page's components are those of the game's map and card set."""
    osaka = TITLE.components(OSAKA)
    assert len(osaka["decks"]) == 5 and len(osaka["cards"]) == 40  # OS-1
    assert osaka["lines"]["P"]["vehicles"] == ["P1", "P2"]  # OS-2
    assert {line["stock_cards"] for line in osaka["lines"].values()} <= {1, 2, 3, 4}  # OS-4
    tokyo = TITLE.components()
    assert len(tokyo["decks"]) == 6 and tokyo["lines"]["G"]["vehicles"] == ["G"]
    assert {line["stock_cards"] for line in tokyo["lines"].values()} == {3}  # TM-1.3
    mixed = TITLE.components({"map": "tokyo", "cards": "osaka"})
    assert set(mixed["lines"]) == set(tokyo["lines"]) and mixed["cards"] == osaka["cards"]


# ------------------------------------------------------------------ METRO DRINKS (MD-3 … MD-5)

DRINKS = {"drinks": "on"}
DRINK_KINDS = ("colour", "shape", "build", "step", "stop")


def _drinks_decisions(seed: int) -> Iterator[tuple[State, int, list[dict[str, Any]]]]:
    """A drinks-on game steered towards the drinks' actions whenever they are offered."""
    rng = random.Random(seed)
    state = GAME.new_state(3, seed, DRINKS)
    while not state.is_terminal():
        seat = state.current_players()[0]
        yield state, seat, legal_payload(GAME, WEB, state, seat, DRINKS)
        legal = list(state.legal_actions(seat))
        drinks = [a for a in legal if a.kind in DRINK_KINDS]
        state.apply(seat, rng.choice(drinks or legal))


def test_drinks_actions_have_sentences() -> None:
    """MD-3/MD-4/MD-5: every drinks action is confirmed in words, not notation."""
    kinds: set[str] = set()
    for seed in (1, 2, 3):
        for _, _, items in _drinks_decisions(seed):
            for item in (i for i in items if i["kind"] in DRINK_KINDS):
                kinds.add(item["kind"])
                assert item.get("label"), item
                assert item["text"] not in item["label"], item
    assert {"colour", "shape", "build", "stop"} <= kinds


def test_build_sentence_names_the_engines_fee() -> None:
    """MD-4: the fee the sentence gives the owner is what the engine moves (builder pays it,
    the owner gets it); in one's own station no fee; a disc is spent unless free (MD-5)."""
    paid = own = 0
    for seed in (1, 2, 3, 4):
        for state, seat, items in _drinks_decisions(seed):
            for item in (i for i in items if i["kind"] == "build"):
                label = item["label"]
                assert label.startswith("Build a vending machine at "), label
                before = state.view(seat)
                after = _after(state, seat, item["action"])
                found = re.search(r"seat (\d) \(owner\) gets (¥[\d,]+)", label)
                if found is None:
                    assert "your own station: no fee" in label, label
                    assert after["players"][seat]["money"] == before["players"][seat]["money"]
                    own += 1
                else:
                    owner, fee = int(found[1]) - 1, _yen(found[2])
                    assert before["players"][seat]["money"] - fee == after["players"][seat]["money"]
                    gained = after["players"][owner]["money"] - before["players"][owner]["money"]
                    assert gained == fee, label
                    paid += 1
                spent = before["players"][seat]["front"] - after["players"][seat]["front"]
                assert spent == (0 if item["action"]["free"] else 1), label
                assert ("free with your Shape card" in label) == item["action"]["free"]
    assert paid and own  # both cases checked


def test_colour_sentence_counts_the_disc_that_leaves_the_game() -> None:
    """MD-3: one action disc to the box, the crate's drinks into the supply."""
    checked = 0
    for seed in (1, 2):
        for state, seat, items in _drinks_decisions(seed):
            for item in (i for i in items if i["kind"] == "colour"):
                found = re.search(r"discs (\d+) → (\d+)\); its crate of (\d+)", item["label"])
                assert found, item["label"]
                before = state.view(seat)["players"][seat]
                after = _after(state, seat, item["action"])["players"][seat]
                assert (int(found[1]), int(found[2])) == (
                    before["action_discs"],
                    after["action_discs"],
                )
                assert len(after["drinks"]) - len(before["drinks"]) == int(found[3])
                checked += 1
    assert checked
