"""Following the game (issue 31): the side log's entries and what each seat did.

A game's history is replayed once per live game and then advanced one action at a time
on a private copy of the state (`History`): for every action, who took it, its kind, its
wire form, and which lines of the game's log it wrote. The log is the same in every
seat's view (the engines never write a secret in it), so the lines are read from the
spectator's view. A title without a log (its view says only what the last move did) gives
a note per action instead (`WebTitle.step_note`, said by `WebTitle.note_lines`).

An entry for one seat's page: the action's wire form unless it is another seat's sealed
choice (a bid: the page may only say that it was sealed), and its log lines in the
reader's language cut into parts — text, and the fields the page draws itself: a seat by
its player's name and colour, yen, a drink as its chip — written from the event the
engine recorded (`core.log.Line`), or for a line that is only text read back through the
title's log templates (`ekimae.i18n.log`), so that the page shows no internal id where the title
names the thing (`WebTitle.log_names`). No title is named here.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any, Protocol

from fastapi import HTTPException

from ekimae.core.actions import Action
from ekimae.core.game import SYSTEM, Dynamics, State
from ekimae.core.log import event_of, view_lines
from ekimae.core.logtext import parse_seat, parse_yen
from ekimae.core.record import iter_replay
from ekimae.games.jidohanbaiki.components import load_components
from ekimae.i18n import Words, game_terms
from ekimae.i18n.log import Names, forms_of, say_value
from ekimae.server.titles import WebTitle, web_title

if TYPE_CHECKING:
    from ekimae.server.payloads import Live

# Entries pushed with every update: the page asks for the rest once (`GET .../moves`).
PUSHED = 30
KEPT = 4 * PUSHED  # entries kept made at most (before the older ones are let go)

# A part of a line: text, or a field [kind, value, shown] the page draws itself.
Part = str | list[Any]
_MARK = re.compile("\x00(\\d+)\x01")


@dataclass
class Step:
    seat: int
    action: Action
    lines: tuple[int, int]  # the log lines it wrote: [start, end)
    note: Any = None  # what a title without a log says it did (`WebTitle.step_note`)


class Position(Protocol):
    """The position a payload is made of (`payloads.Snapshot`): its state, never changed
    once made, after `count` actions, and its views, each built once."""

    state: State
    count: int

    def view(self, seat: int | None) -> dict[str, Any]: ...


@dataclass
class History:
    steps: list[Step] = field(default_factory=list)
    setup: int = 0  # log lines written before the first action
    cursor: State | None = None  # the state after `steps`
    shared: bool = False  # `cursor` is the table's own state: copied before it is advanced
    log: list[str] = field(default_factory=list)  # the game's log (English) so far
    # Entries made, by (index, language, sealed for the reader): a step never changes, so
    # each is made once, not again for every push while it is among the last PUSHED.
    made: dict[tuple[int, str, bool], dict[str, Any]] = field(default_factory=dict)


_HISTORIES: weakref.WeakKeyDictionary[Any, History] = weakref.WeakKeyDictionary()
# A replay's copy of a live game at some step -> the game (its history is the game's).
SOURCES: weakref.WeakKeyDictionary[Any, Any] = weakref.WeakKeyDictionary()


def _log_of(view: Mapping[str, Any]) -> list[str]:
    """The view's log, each line as it is (a `core.log.Line` keeps its event)."""
    return view_lines(view.get("log"))


def _note(web: WebTitle, view: Mapping[str, Any]) -> Any:
    hook = getattr(web, "step_note", None)
    return None if hook is None else hook(view)


def history(live: Live, position: Position | None = None) -> History:
    """The game's history up to its last action, replayed once and then advanced (a
    taken-back action makes it replay from the start). `position`: the payload's, if it
    is the game's now (its open view is then read, not built again)."""
    actions = live.record.actions
    found = _HISTORIES.get(live)
    if found is not None:
        done = len(found.steps)
        same = done <= len(actions) and all(
            s.action is actions[i][1] or (s.seat, s.action) == actions[i]
            for i, s in enumerate(found.steps)
        )
        if same:
            _advance(live, found, actions[done:], position)
            return found
    made = History()
    states = iter_replay(live.record.truncated(0), live.game)
    made.cursor = next(states)
    made.log = _log_of(made.cursor.view(None))
    made.setup = len(made.log)
    _advance(live, made, actions, position)
    _HISTORIES[live] = made
    return made


def _advance(
    live: Live,
    made: History,
    actions: Sequence[tuple[int, Action]],
    position: Position | None = None,
) -> None:
    if not actions:
        return
    # The last action of a live game brings the history to the payload's own position:
    # its state is taken as it is (no apply) and its open view read (built once for the
    # spectators' payloads too). Only a history behind by more applies the others.
    last = position is not None and position.count == len(live.record.actions)
    for number, (seat, action) in enumerate(actions, start=1):
        if last and number == len(actions):
            assert position is not None
            made.cursor, made.shared = position.state, True
            view = position.view(None)
        else:
            if made.shared:
                assert made.cursor is not None
                made.cursor, made.shared = made.cursor.clone(), False
            state = made.cursor
            assert state is not None
            state.apply(seat, action)
            view = state.view(None)
        log = _log_of(view)
        start = len(made.log)
        made.log = log
        made.steps.append(Step(seat, action, (start, len(log)), _note(live.web, view)))


# ------------------------------------------------------------------------- lines


def _names(web: WebTitle, options: Mapping[str, str], lang: str) -> Names | None:
    hook = getattr(web, "log_names", None)
    names: Names | None = None if hook is None else hook(options, lang)
    return names


@lru_cache(maxsize=65536)
def line_parts(
    game: str, options: tuple[tuple[str, str], ...], line: str, lang: str
) -> tuple[Part, ...]:
    forms = forms_of(game)
    event = event_of(line)
    parsed = None if forms is None or event is not None else forms.parse(line)
    if forms is None or (event is None and parsed is None):
        return (line,)
    w = Words(lang)
    terms = game_terms(game, lang)
    names = _names(web_title(game), dict(options), lang)
    fields: list[list[Any]] = []

    def event_field(kind: str, value: Any, text: str) -> str:
        shown = say_value(kind, value, text, w, terms, names)
        made = _field(kind, text, shown)
        if kind in ("seat", "yen") and isinstance(value, int):  # as typed, not read back
            made[1] = None if kind == "seat" and value == SYSTEM else value
        fields.append(made)
        return f"\x00{len(fields) - 1}\x01"

    def field_text(kind: str, value: str) -> str:
        return event_field(kind, value, value)

    if event is not None:  # the engine's event: no English read back
        return tuple(split(forms.render_event(event, w, event_field), fields))
    assert parsed is not None
    return tuple(split(forms.render(parsed, w, field_text), fields))


@cache
def _drinks() -> tuple[dict[str, tuple[str, str]], dict[str, str], dict[str, str]]:
    """JIDOHANBAIKI's drinks (shared by every drinks title): by id (ink, glyph), the ids
    by English name, the colours' inks."""
    parts = load_components()
    inks = {c.key: c.ink for c in parts.colours}
    by_id = {d.id: (inks[d.colour], parts.shape(d.shape).glyph) for d in parts.drinks.values()}
    return by_id, {d.name: d.id for d in parts.drinks.values()}, inks


def _field(kind: str, value: str, shown: str) -> list[Any]:
    """A field as the page draws it: [kind, value, shown], a drink with its ink and its
    shape's glyph (colour is never the only cue), a drink colour with its ink."""
    by_id, by_name, inks = _drinks()
    if kind == "name" and value in by_name:
        kind, value = "drink", by_name[value]
    if kind == "drink" and value in by_id:
        ink, glyph = by_id[value]
        return [kind, value, shown, {"ink": ink, "glyph": glyph}]
    if kind == "colour" and value in inks:
        return [kind, value, shown, {"ink": inks[value]}]
    return [kind, _raw(kind, value), shown]


def _raw(kind: str, value: str) -> Any:
    """A field's value as the page uses it: a seat's index (None: the game), an amount."""
    if kind == "seat":
        return parse_seat(value)
    if kind == "yen":
        return parse_yen(value)
    return value


def split(text: str, fields: Sequence[list[Any]]) -> list[Part]:
    """`text` with field markers (`mark`) cut into parts."""
    parts: list[Part] = []
    at = 0
    for found in _MARK.finditer(text):
        if found.start() > at:
            parts.append(text[at : found.start()])
        parts.append(list(fields[int(found.group(1))]))
        at = found.end()
    if at < len(text):
        parts.append(text[at:])
    return parts


class Marker:
    """Fields a title's own sentences put in a line (`note_lines`): `marker(kind, value,
    shown)` is a placeholder value for `Words(...)(message, **values)`, and `parts(text)`
    cuts the sentence into the page's parts."""

    def __init__(self) -> None:
        self.fields: list[list[Any]] = []

    def __call__(self, kind: str, value: Any, shown: str) -> str:
        self.fields.append([kind, value, shown])
        return f"\x00{len(self.fields) - 1}\x01"

    def parts(self, text: str) -> list[Part]:
        return split(text, self.fields)


def plain(parts: Sequence[Part]) -> str:
    """A line's text as a screen reader says it."""
    return "".join(p if isinstance(p, str) else str(p[2]) for p in parts)


# ------------------------------------------------------------------------- entries


def hidden(live: Live, viewer: int | None, seat: int, action: Action) -> bool:
    """Whether `viewer` may not see what `seat` chose: another seat's sealed choice
    (`OPEN`: a finished game's replay with every choice shown)."""
    return viewer != OPEN and seat != viewer and action.kind in live.game.type.sealed


def _entry(
    live: Live,
    made: History,
    index: int,
    viewer: int | None,
    lang: str,
    lines: Callable[[tuple[int, int], Any], list[list[Part]]],
) -> dict[str, Any]:
    step = made.steps[index]
    secret = hidden(live, viewer, step.seat, step.action)
    key = (index, lang, secret)
    entry = made.made.get(key)
    if entry is None:
        entry = {
            "i": index,
            "seat": None if step.seat == SYSTEM else step.seat,
            "kind": step.action.kind,
            "action": None if secret else step.action.to_dict(),
            "sealed": secret,
            "lines": lines(step.lines, step.note),
        }
        _keep(made, key, entry)
    return entry


def _keep(made: History, key: tuple[int, str, bool], entry: dict[str, Any]) -> None:
    """Keep an entry while pushes still carry it (the last PUSHED steps): a whole game's
    entries in every language are not held for as long as the game is."""
    floor = len(made.steps) - PUSHED
    if key[0] < floor:
        return
    if len(made.made) >= KEPT:
        made.made = {k: e for k, e in made.made.items() if k[0] >= floor}
    made.made[key] = entry


def entries(
    live: Live,
    viewer: int | None,
    lang: str,
    start: int = 0,
    upto: int | None = None,
    position: Position | None = None,
) -> list[dict[str, Any]]:
    """The side log's entries for `viewer`'s page, actions [start, upto); an entry `i`
    of -1 holds the lines written at setup (when `start` is 0). Entries are shared
    between payloads: read, never changed."""
    made = history(live, position)
    options = tuple(sorted((str(k), str(v)) for k, v in live.info.options.items()))
    game = live.game.name
    web = live.web
    note_lines = getattr(web, "note_lines", None)

    def lines(span: tuple[int, int], note: Any) -> list[list[Part]]:
        out = [list(line_parts(game, options, line, lang)) for line in made.log[span[0] : span[1]]]
        if note is not None and note_lines is not None:
            out += note_lines(note, live.info.options, lang)
        return out

    stop = len(made.steps) if upto is None else min(upto, len(made.steps))
    out: list[dict[str, Any]] = []
    if start <= 0 and made.setup:
        setup = lines((0, made.setup), None)
        out.append(
            {
                "i": -1,
                "seat": None,
                "kind": "setup",
                "action": None,
                "sealed": False,
                "lines": setup,
            }
        )
    for index in range(max(0, start), stop):
        out.append(_entry(live, made, index, viewer, lang, lines))
    return out


def page_extras(
    live: Live, viewer: int | None, lang: str, position: Position | None = None
) -> dict[str, Any]:
    """What every update carries for following the game: the last entries of the side log
    (the page fetches the rest once), whether moves come in real time (a page never holds
    them back to pace them), and at the end the end screen."""
    from ekimae.server import endscreen  # the end screen reads this module's history

    count = len(live.record.actions)
    start = max(0, count - PUSHED)
    source = SOURCES.get(live)  # a replay's step: its payload says its own move
    out: dict[str, Any] = {
        "moves": [] if source is not None else entries(live, viewer, lang, start, None, position),
        "moves_from": start,
        "real_time": live.game.type.dynamics is Dynamics.REAL_TIME,
    }
    if live.state.is_terminal():
        out["end"] = endscreen.end_payload(live, lang)
    return out


# ------------------------------------------------------------------------- replays

# Every sealed choice shown: a seat number no seat has.
OPEN = 99


def replay_viewer(seat: str, seats: int) -> int:
    """`all` (every sealed choice shown) or a seat's 0-based number."""
    if seat == "all":
        return OPEN
    if re.fullmatch(r"[0-9]{1,2}", seat) and int(seat) < seats:
        return int(seat)
    raise HTTPException(400, f"seat must be 'all' or 0..{seats - 1}, not {seat[:8]!r}")
