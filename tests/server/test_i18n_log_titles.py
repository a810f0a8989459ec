"""Every title's log read back by its templates, and said in French, Italian, Japanese
(issue 20): `games/<title>/log_forms.py`, `ekimae.core.logtext`, `ekimae.i18n.log`.

A seeded random game of each title with a log: every line must come from one of the
title's templates (formatting the template with the fields read back gives the line byte
for byte), so a new sentence in an engine without its template fails here."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

from ekimae.core.game import SYSTEM, Game
from ekimae.games import titles
from ekimae.games.jutaku_kit.places import places_ja
from ekimae.games.tokyo_jutaku.game import GAME as JUTAKU
from ekimae.i18n.log import forms_of, game_log
from ekimae.server.titles import log_lines, web_title

SEEDS = (1, 2)
STEPS = 5000  # a real-time game's random play ends well before


@cache
def random_log(
    name: str, seats: int, seed: int, options: tuple[tuple[str, str], ...] = ()
) -> tuple[str, ...]:
    """The log of a seeded random game of `name` (each line as the view gives it)."""
    game: Game[Any] = titles()[name]
    state = game.new_state(seats, seed, dict(options))
    rng = random.Random(seed)
    for _ in range(STEPS):
        if state.is_terminal():
            break
        seat = next((s for s in state.current_players() if state.legal_actions(s)), SYSTEM)
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    return tuple(state.view(None).get("log", ()))


def _seat_counts(name: str) -> list[int]:
    kind = titles()[name].type
    return sorted({kind.min_seats, min(kind.max_seats, 4)})


WITH_FORMS = sorted(name for name in titles() if forms_of(name) is not None)


@pytest.mark.parametrize("name", WITH_FORMS)
def test_every_line_of_a_random_game_comes_from_a_template(name: str) -> None:
    forms = forms_of(name)
    assert forms is not None
    seen = 0
    for seats in _seat_counts(name):
        for seed in SEEDS:
            for line in random_log(name, seats, seed):
                parsed = forms.parse(line)
                assert parsed is not None, f"{name}: no log form reads {line!r}"
                assert forms.render(parsed, lambda f: f, lambda k, v: v) == line
                seen += 1
    assert seen > 0


@pytest.mark.parametrize("name", WITH_FORMS)
@pytest.mark.parametrize("lang", ["fr", "it", "ja"])
def test_the_log_is_said_in_the_language(name: str, lang: str) -> None:
    seats = _seat_counts(name)[-1]
    log = list(random_log(name, seats, SEEDS[0]))
    said = game_log(name, log, lang)
    assert len(said) == len(log)
    assert game_log(name, log, "en") == log
    # Seats are the language's ("seat 2" is English only), yen its own.
    assert not any("seat " in line for line in said), [x for x in said if "seat " in x][:3]
    if lang == "ja":
        assert not any("¥" in line for line in said)


@pytest.mark.parametrize("name", sorted(titles()))
def test_a_title_that_keeps_a_log_has_its_templates(name: str) -> None:
    """A registered title whose game writes a log gives its sentences as templates
    (`games/<title>/log_forms.py`), else its pages and terminal could only show English."""
    seats = _seat_counts(name)[0]
    if random_log(name, seats, SEEDS[0]):
        assert forms_of(name) is not None, f"{name} keeps a log but has no log_forms"
    else:
        assert forms_of(name) is None, f"{name} keeps no log: its log_forms is never used"


@pytest.mark.parametrize("name", ["tokyo-jutaku", "countdown", "bottle-bonus"])
def test_parcel_cards_are_named_by_their_place(name: str) -> None:
    """The titles on JUTAKU's cards name a card by its place, as their labels do (in
    Japanese script on a Japanese page): `server/titles/tokyo_jutaku/log.py`."""
    log = random_log(name, 2, SEEDS[0])
    line = next(x for x in log if " picks " in x or " starts on " in x)
    ident = line.rsplit(" ", 1)[-1].strip("()")
    card = JUTAKU.data.cards[ident]
    web = web_title(name)
    assert log_lines(web, name, [line], {}, "en") == [line]
    french = log_lines(web, name, [line], {}, "fr")[0]
    japanese = log_lines(web, name, [line], {}, "ja")[0]
    assert card.name in french and ident not in french
    assert places_ja()[card.name] in japanese
