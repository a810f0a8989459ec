"""The engines' refusals in the terminal's language (issue 32, cli/refusals.py): every
sentence a game refuses with in a played game is read by its terminal part's templates
(so it is said in French, Italian and Japanese, not left in English), and the codec's
errors too. Actions are tried where they are not legal: other seats', earlier ones."""

from __future__ import annotations

import dataclasses
import random

import pytest

from ekimae import i18n
from ekimae.bots import make_bot, play_game
from ekimae.cli.refusals import error_text, forms_of
from ekimae.core.actions import Action
from ekimae.core.errors import IllegalActionError, MalformedActionError
from ekimae.core.game import Seat, State, stamp
from ekimae.games import find_game

TITLES = {
    "tokyo-jutaku": ("builder", "random", "builder"),
    "countdown": ("builder", "random"),
    "bottle-bonus": ("builder", "random", "builder"),
    "chocolate-milk": ("normal", "random"),
    "izakaya": ("normal", "random", "normal"),
    "shopping": ("normal", "random"),
    "tokyo-metro": ("greedy", "random", "random"),
}


def refusals(name: str, seats: tuple[str, ...], seed: int = 3) -> set[str]:
    """The reasons of every refusal met trying earlier and other seats' actions."""
    game = find_game(name)
    rng = random.Random(seed)
    seen: list[Action] = []
    found: set[str] = set()

    def on_action(state: State, seat: Seat, action: Action) -> None:
        seen.append(action)
        if len(seen) % 3:
            return
        now = int(state.view(None).get("now", 0))
        for tried in rng.sample(seen, min(6, len(seen))):
            if "at" in {f.name for f in dataclasses.fields(tried)}:
                tried = stamp(tried, now)  # an action of earlier, tried now
            for who in range(len(seats)):
                try:
                    state.clone().apply(who, tried)
                except IllegalActionError as exc:
                    found.add(exc.reason)

    bots = [make_bot(name, bot, seed + i) for i, bot in enumerate(seats)]
    play_game(game, bots, seed, on_action=on_action, max_actions=3_000)
    return found


@pytest.mark.parametrize("name", sorted(TITLES))
def test_every_refusal_met_in_a_game_is_read_by_a_template(name: str) -> None:
    forms, _names = forms_of(name)
    found = refusals(name, TITLES[name])
    read = {r: forms.parse(r) for r in found}
    assert len({p.form for p in read.values() if p is not None}) >= 6  # various sentences
    unread = sorted(r for r, p in read.items() if p is None)
    assert not unread, f"{name}: add these sentences to cli/titles/…/refusals.py: {unread}"


def test_a_refusal_in_each_language(monkeypatch: pytest.MonkeyPatch) -> None:
    game = find_game("tokyo-jutaku")
    state = game.new_state(2, 1)
    state.apply(0, game.parse_action("start 0 A1"))
    state.apply(1, game.parse_action("start 0 C6"))
    state.apply(0, game.parse_action("take 0 4-02"))
    with pytest.raises(IllegalActionError) as caught:
        state.clone().apply(1, game.parse_action("take 0 4-02"))
    said = {}
    for lang in ("en", "fr", "it", "ja"):
        i18n.set_language(lang)
        said[lang] = error_text(game.name, caught.value)
    i18n.set_language("en")
    assert said["en"] == "JU-4: 4-02 is not in the pool (seat 1 has it)"
    assert said["fr"] == "JU-4 : 4-02 n'est pas dans la réserve (place 1 l'a)"
    assert said["it"] == "JU-4: 4-02 non è nella riserva (ce l'ha posto 1)"
    assert said["ja"] == "JU-4：4-02は山にありません（1番席が持っています）"


def test_the_codecs_errors_are_said_too() -> None:
    game = find_game("countdown")
    i18n.set_language("fr")
    try:
        for text, words in (("fly 3", "action inconnue"), ("take x", "attendu"), ("", "vide")):
            with pytest.raises(MalformedActionError) as caught:
                game.parse_action(text)
            assert words in error_text(game.name, caught.value)
    finally:
        i18n.set_language("en")
