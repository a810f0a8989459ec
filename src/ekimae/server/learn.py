"""Learning to play in the app (issue 30): guided first games, as data.

A lesson is a TOML file of a title's web part, `server/titles/<title>/lessons/<key>.toml`
(docs/learn.md has the format): the game, its options and seed, the seats (the learner is
seat 1, the others a bot of a named level), optional `setup` actions the engine applies
before the learner's first look, and the steps — each one or two sentences in every
language, the page element to point at, and, for a step the learner plays, the action
expected (some fields of its wire form). The position is always the engine's: the game is
a real game made from (options, seed, actions), the bots are the server's own bots, and
the page's script (`static/learn.js`) only narrates and holds back an action the lesson
does not expect.

Routes (`server.routes.learn`):

- `GET /learn`: every lesson, by title, in the page's language (start or resume);
- `POST /api/learn/{key}`: a new lesson game; answers its page's URL for the learner's
  seat (`?t=…&learn=key`);
- `GET /api/learn/{key}?lang=`: the lesson's script in one language (what learn.js reads).

This module names no title: lessons are found in the titles' folders.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from fastapi import HTTPException

from ekimae import i18n
from ekimae.core.actions import Action
from ekimae.core.errors import DataError
from ekimae.core.game import SYSTEM, Dynamics, State, stamp
from ekimae.games import find_game, games
from ekimae.games.glossary import LANGUAGES
from ekimae.seeding import derived_seed
from ekimae.server.hub import Hub
from ekimae.server.ladders import LEVEL_WORDS, bot_levels, bot_names
from ekimae.server.titles import HERE as TITLES_DIR
from ekimae.server.workers import bot_move

KEY = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
# A rule's ID in running text is what a lesson must not show (issue 30: links only).
RULE_ID = re.compile(r"\b(?:TM|OS|MD|MOD|SOLO|IZ|JU|CD|BB|SH|CM)-\d")
FINISH = ("play-on", "new-game")


@dataclass(frozen=True)
class Step:
    say: dict[str, str]  # language -> one or two sentences
    # CSS selectors on the game's page, the first one shown wins (a move made in several
    # clicks: the Confirm, else the map's target, else the card's spot); `{field}` from
    # `expect`.
    point: tuple[str, ...]
    expect: dict[str, Any] | None  # fields of the learner's expected action (wire form)

    def payload(self, lang: str) -> dict[str, Any]:
        return {"say": self.say[lang], "point": list(self.point), "expect": self.expect}


@dataclass(frozen=True)
class Lesson:
    key: str
    game: str
    order: int  # place among the title's lessons (the first game first, add-ons after)
    seed: int
    seats: int
    bot: str  # a bot of the game's ladder (the lesson may name it by its level)
    options: dict[str, str]
    finish: str  # "play-on": the game goes on against the bot; "new-game": a new one
    play_options: dict[str, str]  # "new-game": its options
    play_seats: int  # "new-game": its seats (the learner and the bot's)
    title: dict[str, str]
    summary: dict[str, str]
    setup: tuple[tuple[int, dict[str, Any]], ...]
    steps: tuple[Step, ...]

    def payload(self, lang: str) -> dict[str, Any]:
        """The script as learn.js reads it, in `lang`."""
        return {
            "key": self.key,
            "game": self.game,
            "title": self.title[lang],
            "summary": self.summary[lang],
            "bot": self.bot,
            "seats": self.seats,
            "finish": self.finish,
            "play_options": self.play_options,
            "play_seats": self.play_seats,
            "steps": [s.payload(lang) for s in self.steps],
        }


def _words(where: str, raw: Any, sentences: int | None = None) -> dict[str, str]:
    """One text in every language (en, fr, it, ja), none empty; English at most
    `sentences` sentences and no rule ID in any."""
    if not isinstance(raw, dict):
        raise DataError("lessons", where, "expected a table of languages (en, fr, it, ja)")
    missing = [lang for lang in LANGUAGES if not isinstance(raw.get(lang), str) or not raw[lang]]
    if missing:
        raise DataError("lessons", where, f"no text in {', '.join(missing)}")
    extra = sorted(set(raw) - set(LANGUAGES))
    if extra:
        raise DataError("lessons", where, f"unknown languages {', '.join(extra)}")
    for lang in LANGUAGES:
        if RULE_ID.search(raw[lang]):
            raise DataError("lessons", where, f"a rule ID in the {lang} text (links only)")
    if sentences is not None:
        count = len(re.findall(r"[.!?](?:\s|$)", raw["en"].strip()))
        if count > sentences:
            raise DataError("lessons", where, f"{count} sentences in English (at most {sentences})")
    return {lang: str(raw[lang]).strip() for lang in LANGUAGES}


def _options(where: str, raw: Any) -> dict[str, str]:
    if raw is None:
        return {}
    if not isinstance(raw, dict) or not all(isinstance(v, str) for v in raw.values()):
        raise DataError("lessons", where, "expected a table of option = value (text)")
    return {str(k): str(v) for k, v in raw.items()}


def _bot(game: str, where: str, name: Any) -> str:
    """A bot of the game's ladder, named by its level (learning, …) or by its name."""
    if not isinstance(name, str):
        raise DataError("lessons", where, "expected a level or a bot's name")
    by_level = bot_levels(game)
    if name in LEVEL_WORDS:
        if name not in by_level:
            raise DataError("lessons", where, f"{game} has no {name!r} level")
        return by_level[name]
    if name not in bot_names(game):
        raise DataError("lessons", where, f"{game} has no bot {name!r}")
    return name


def _step(where: str, raw: Any) -> Step:
    if not isinstance(raw, dict):
        raise DataError("lessons", where, "expected a table")
    unknown = sorted(set(raw) - {"say", "point", "expect"})
    if unknown:
        raise DataError("lessons", where, f"unknown keys {', '.join(unknown)}")
    point = raw.get("point", [])
    point = [point] if isinstance(point, str) else point
    if not isinstance(point, list) or not all(isinstance(p, str) and p.strip() for p in point):
        raise DataError("lessons", f"{where}.point", "expected a CSS selector or a list of them")
    expect = raw.get("expect")
    if expect is not None and (not isinstance(expect, dict) or "type" not in expect):
        raise DataError("lessons", f"{where}.expect", "expected a table with the action's type")
    return Step(_words(f"{where}.say", raw.get("say"), sentences=2), tuple(point), expect)


def load_lesson(path: Path) -> Lesson:
    """One lesson file, checked; `DataError` naming the file and the field."""
    where = f"{path.parent.parent.name}/{path.name}"
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise DataError("lessons", where, f"not TOML: {exc}") from None
    key = raw.get("key")
    if not isinstance(key, str) or not KEY.match(key) or key != path.stem:
        raise DataError("lessons", f"{where}.key", "expected the file's name (a-z, 0-9, -)")
    game_name = raw.get("game")
    if game_name not in games():
        raise DataError("lessons", f"{where}.game", f"no game {game_name!r}")
    game = find_game(str(game_name))
    seats = raw.get("seats", 2)
    seed = raw.get("seed")
    if not isinstance(seed, int) or seed < 0:
        raise DataError("lessons", f"{where}.seed", "expected a whole number ≥ 0")
    options = _options(f"{where}.options", raw.get("options"))
    if not isinstance(seats, int):
        raise DataError("lessons", f"{where}.seats", "expected a number of seats")
    game.new_state(seats, seed, options)  # checks the seats and the options
    finish = raw.get("finish", "play-on")
    if finish not in FINISH:
        raise DataError("lessons", f"{where}.finish", f"expected one of {', '.join(FINISH)}")
    play_options = _options(f"{where}.play_options", raw.get("play_options"))
    play_seats = raw.get("play_seats", 2)
    if not isinstance(play_seats, int):
        raise DataError("lessons", f"{where}.play_seats", "expected a number of seats")
    game.new_state(play_seats, seed, play_options)  # checks them
    setup = []
    for i, item in enumerate(raw.get("setup", [])):
        if not isinstance(item, dict) or not isinstance(item.get("seat"), int):
            raise DataError("lessons", f"{where}.setup[{i}]", "expected seat = n, action = {…}")
        setup.append((int(item["seat"]), dict(item.get("action", {}))))
    steps = tuple(_step(f"{where}.step[{i}]", s) for i, s in enumerate(raw.get("step", [])))
    if not steps:
        raise DataError("lessons", f"{where}.step", "a lesson has steps")
    return Lesson(
        key=key,
        game=game.name,
        order=int(raw.get("order", 0)),
        seed=seed,
        seats=seats,
        bot=_bot(game.name, f"{where}.bot", raw.get("bot", "learning")),
        options=options,
        finish=str(finish),
        play_options=play_options,
        play_seats=play_seats,
        title=_words(f"{where}.title", raw.get("title")),
        summary=_words(f"{where}.summary", raw.get("summary")),
        setup=tuple(setup),
        steps=steps,
    )


@cache
def lessons() -> dict[str, Lesson]:
    """Every lesson of the registered titles, in the lobby's order of titles, then each
    title's `order`."""
    found = [load_lesson(p) for p in sorted(TITLES_DIR.glob("*/lessons/*.toml"))]
    rank = {name: i for i, name in enumerate(games())}
    found.sort(key=lambda lesson: (rank[lesson.game], lesson.order, lesson.key))
    return {lesson.key: lesson for lesson in found}


def lesson_or_404(key: str) -> Lesson:
    found = lessons().get(key) if KEY.match(key) else None
    if found is None:
        raise HTTPException(404, f"no lesson {key[:40]!r}")
    return found


def for_game(game: str) -> list[Lesson]:
    return [lesson for lesson in lessons().values() if lesson.game == game]


async def start(hub: Hub, lesson: Lesson, lang: str) -> tuple[str, str]:
    """A new game for `lesson`: (its id, the learner's seat token).

    Unlisted and unrated (`practice`: the lesson chose the seed). With `setup` actions the
    other seats are people's until the engine has applied them, then handed to the bot;
    without, they are the bot's from the start.
    """
    game = find_game(lesson.game)
    say = i18n.Words(lang)
    names = [say(i18n._N("Learner"))] + [
        say(i18n._N("Bot {n}"), n=s + 1) for s in range(1, lesson.seats)
    ]
    bot: str | None = None if lesson.setup else lesson.bot
    bots: list[str | None] = [None, *([bot] * (lesson.seats - 1))]
    created = await hub.create(
        game,
        names,
        bots,
        lesson.seed,
        dict(lesson.options),
        host_seat=0,
        listed=False,
        practice=True,
    )
    for index, (seat, wire) in enumerate(lesson.setup):
        live = await hub.get(created.id)
        assert live is not None
        await hub.act(created.id, seat, hub.decode(live, wire), expected=index)
    if lesson.setup:
        for seat in range(1, lesson.seats):
            await hub.replace_with_bot(created.id, seat, lesson.bot)
    assert created.host_seat_token is not None
    return created.id, created.host_seat_token


def matches(expect: Mapping[str, Any], wire: Mapping[str, Any]) -> bool:
    """Whether an action (wire form) is the one a step expects: every field it names."""
    return all(wire.get(k) == v for k, v in expect.items())


@dataclass
class Rehearsal:
    """A lesson played as the server plays it: the position at each step."""

    step: int
    state: State
    expected: Action | None  # the learner's action at this step (None: a step to read)
    actions: int  # actions applied so far (setup and bots included)


THINK_MS = 4000  # rehearsing a real-time lesson: the learner's pace (game time)


def rehearse(lesson: Lesson) -> list[Rehearsal]:
    """Play `lesson` as the server would, the learner making each expected action and the
    bots answering with the server's own seeds (`Hub._bot_loop`): the position at every
    step. `DataError` if a step's expected action is not exactly one legal action then
    (the test of every lesson; `tools` print the positions to write a script from)."""
    game = find_game(lesson.game)
    state = game.new_state(lesson.seats, lesson.seed, lesson.options)
    real_time = game.type.dynamics is Dynamics.REAL_TIME
    count = 0
    now = 0

    def apply(seat: int, action: Action) -> None:
        nonlocal count, now
        if real_time and seat != SYSTEM:
            now = max(now, int(getattr(action, "at", 0)))
            action = stamp(action, now)
        state.apply(seat, action)
        count += 1

    for seat, wire in lesson.setup:
        apply(seat, game.codec.from_dict(wire))
    out: list[Rehearsal] = []
    for index, step in enumerate(lesson.steps):
        if step.expect is None:
            out.append(Rehearsal(index, state.clone(), None, count))
            continue
        now += THINK_MS
        while not state.is_terminal() and 0 not in state.current_players():
            _bots_act(lesson, state, apply, count)
        legal = state.legal_actions(0) if not state.is_terminal() else []
        found = [a for a in legal if matches(step.expect, a.to_dict())]
        if len(found) != 1:
            raise DataError(
                "lessons",
                f"{lesson.key}.step[{index}]",
                f"{len(found)} legal actions match {step.expect} (expected exactly one)",
            )
        out.append(Rehearsal(index, state.clone(), found[0], count))
        apply(0, found[0])
    return out


def _bots_act(lesson: Lesson, state: State, apply: Any, count: int) -> None:
    """Every bot seat that may act does, as the hub's bot loop would; the system seat's
    due action if nobody can (a real-time timer)."""
    acted = False
    for seat in list(state.current_players()):
        legal = list(state.legal_actions(seat))
        if seat == 0 or not legal:
            continue
        bot_seed = derived_seed(lesson.seed, "bot", seat)
        view = state.view(seat)
        apply(seat, bot_move(lesson.game, lesson.bot, bot_seed, view, legal, f"{bot_seed}:{count}"))
        acted = True
        break
    if not acted:
        due = state.legal_actions(SYSTEM)
        if not due:
            raise DataError("lessons", lesson.key, "nobody can act before the learner's step")
        apply(SYSTEM, due[0])


def lesson_cards(lang: str) -> list[dict[str, Any]]:
    """The lessons by title, for the /learn page, in `lang`."""
    out: list[dict[str, Any]] = []
    for name, game in games().items():
        mine = for_game(name)
        if not mine:
            continue
        out.append(
            {
                "game": name,
                "title": game.title,
                "lessons": [
                    {"key": m.key, "title": m.title[lang], "summary": m.summary[lang]} for m in mine
                ],
            }
        )
    return out


def check_all() -> Mapping[str, Lesson]:
    """Load every lesson (a test and `ekimae serve` fail early on a bad file)."""
    lessons.cache_clear()
    return lessons()


__all__ = [
    "Lesson",
    "Rehearsal",
    "Step",
    "check_all",
    "for_game",
    "lessons",
    "matches",
    "rehearse",
    "start",
]
