"""One position of TOKYO JUTAKU; see the package docstring for the rules JU-1 … JU-8.

Phases: `setup` (each seat in turn puts its architect on a perimeter card, JU-2),
`build` (everyone at once, JU-4 … JU-6), `window` (a "Stop!" was called: everyone is
frozen, others may still call within the window, JU-6), `move` (one seat at a time,
JU-7), `over` (JU-8). Every action carries its game time `at`; the system seat acts at
`deadline()` (the stop window closing, a timer running out).

Nothing is hidden in TOKYO JUTAKU (the plan, the pool and every building are on the
table), so a view is the whole table and `determinize` rebuilds the state from it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ekimae.core import log
from ekimae.core.actions import Action
from ekimae.core.errors import IllegalActionError
from ekimae.core.game import SYSTEM, Seat, StateDefaults
from ekimae.core.log import Event, LogEntry
from ekimae.core.saved import Context, Shared
from ekimae.games.jutaku_kit.clock import limit
from ekimae.games.jutaku_kit.elements import Element
from ekimae.games.jutaku_kit.geometry import STRIDE, add, can_place, cells_of
from ekimae.games.jutaku_kit.hands import NEVER, Hands
from ekimae.games.jutaku_kit.parcels import Card, Side
from ekimae.games.tokyo_jutaku import log_forms as lf
from ekimae.games.tokyo_jutaku.actions import (
    Check,
    Concede,
    Keep,
    Move,
    Place,
    Return,
    Start,
    Stop,
    Take,
    TimeUp,
)
from ekimae.games.tokyo_jutaku.components import JutakuData
from ekimae.games.tokyo_jutaku.view import JutakuView, jutaku_view

COLUMNS = "ABCDEF"
# One placed element: (element id, plot, turn, x, y, floor)
Placed = tuple[str, int, int, int, int, int]
# What a JU-6 check looked at: the card, the side shown, the building.
Checked = tuple[str | None, str | None, tuple[Placed, ...]]


def space_name(row: int, col: int) -> str:
    return f"{COLUMNS[col]}{row + 1}"


def space_at(name: str) -> tuple[int, int] | None:
    if len(name) != 2 or name[0] not in COLUMNS or name[1] not in "123456":
        return None
    return int(name[1]) - 1, COLUMNS.index(name[0])


# A state saved before JU-6's repeated-stop refusal has no `failed`: none then.
_BEFORE_REPEATED_STOPS: dict[str, Callable[[Mapping[str, Any]], Any]] = {
    "failed": lambda raw: [None] * len(raw["held"]),
}


class JutakuState(Hands[Placed], StateDefaults):
    """One position. Its fields, declared once below (and the hands' in `Hands`), are
    what `clone`, `to_dict` and `load` copy, save and read back (`core.saved`).

    A declared base: a variant that plays JUTAKU's rounds with more (BOTTLE BONUS)
    derives from it, adds its fields and overrides only these extension points, each
    calling this class's for the rest:
    - `side_name(card)`: the side of a card in play;
    - `refusal(seat, action)`, `build_refusal(seat, action)`: what is refused and why;
    - `begin_round()`, `time_up()`, `end_round(passed)`: the round's clock and end;
    - `move_choices(seat)`, `deadline()`: the moves offered and the system seat's time;
    - the public API (`current_players`, `legal_actions`, `apply`, `scores`, `view`).
    Anything else (the underscored helpers) is JUTAKU's own and may change.
    """

    FIELD_DEFAULTS = _BEFORE_REPEATED_STOPS
    LOG_FORMS = lf.FORMS  # a variant with sentences of its own gives its forms

    data: Context[JutakuData]
    options: Shared[dict[str, str]]
    phase: str
    round: int
    phase_start: int
    window_end: int
    grid: dict[str, str | None]  # space -> card lying there (None: taken)
    architects: list[str | None]
    held: list[str | None]  # the card each seat builds on
    completed: list[list[str]]
    conceded: list[bool]
    called: list[Seat]  # stop callers, in order (JU-6)
    failed: list[Checked | None]  # JU-6: each building as its last failed check saw it
    movers: list[Seat]  # who still moves this step, in order (JU-7)
    log: LogEntry | None  # events of `log_forms`, written in English when read (`core.log`)

    def __init__(self, data: JutakuData, options: dict[str, str], seats: int) -> None:
        self.data = data
        self.options = options
        self.grid = {}
        self.architects = [None] * seats
        self.held = [None] * seats
        self.completed = [[] for _ in range(seats)]
        self.init_hands(seats)
        self.conceded = [False] * seats
        self.called = []
        self.failed = [None] * seats
        self.movers = []
        self.phase = "setup"
        self.round = 0
        self.now = 0
        self.phase_start = 0
        self.window_end = 0
        self.log = None

    def note(self, form: str, **values: Any) -> None:
        """A line of the log: a template of `log_forms` and its typed values (the game
        clock's time in ms, a seat's number), written in English only when read
        (`core.log`)."""
        self.log = LogEntry(form, values, self.log)

    def log_lines(self) -> list[str]:
        """The log in English, oldest line first."""
        return log.lines(self.log, self.LOG_FORMS)

    # ------------------------------------------------------------------ helpers

    @property
    def seats(self) -> int:
        return len(self.held)

    def side(self, card: str) -> Side:
        return self.data.cards[card].side(self.side_name(card))

    def side_name(self, card: str) -> str:
        """The side of `card` in play (a variant may turn cards over)."""
        return self.options["side"]

    def elements(self) -> Mapping[str, Element]:
        return self.data.elements

    def hand_ms(self) -> int:
        return self.data.rules.hand_ms

    def floors(self, seat: Seat) -> list[int]:
        """The seat's building as floor masks, bottom up (JU-5)."""
        out: list[int] = []
        for ident, _, turn, x, y, z in self.built[seat]:
            add(out, z, self._mask(ident, turn, x, y))
        return out

    def _mask(self, ident: str, turn: int, x: int, y: int) -> int:
        shape = self.data.elements[ident].shapes[turn]
        out = 0
        for cx, cy in shape:
            out |= 1 << ((cy + y) * STRIDE + cx + x)
        return out

    def yen(self, seat: Seat) -> int:
        return sum(self.side(c).yen for c in self.completed[seat])

    def limit(self, ms: int) -> int:
        """A time limit as this game's clock runs it: the "slow" clock (issue 30, RULING)
        makes every limit `rules.slow` times as long."""
        return limit(ms, self.options, self.data.rules.slow)

    def deadline(self) -> int | None:
        if self.phase in ("setup", "move"):
            return self.phase_start + self.limit(self.data.rules.turn_ms)
        if self.phase == "build":
            return self._round_end()
        if self.phase == "window":
            return self.window_end
        return None

    def _round_end(self) -> int:
        return self.phase_start + self.limit(self.data.rules.round_ms)

    def check_building(self, seat: Seat) -> str | None:
        """JU-3: why the seat's building does not meet its card, or None."""
        why = self._failure(seat)
        return None if why is None else lf.FORMS.english(why)

    def _failure(self, seat: Seat) -> Event | None:
        """JU-3: why the seat's building does not meet its card (the log's part of
        `FAILS`), or None."""
        card = self.held[seat]
        if card is None:
            return Event(lf.NO_CARD, {})
        side = self.side(card)
        floors = len(self.floors(seat))
        count = len(self.built[seat])
        if floors != side.floors:
            return Event(lf.FLOORS_WRONG, {"floors": floors, "asks": side.floors})
        if count != side.elements:
            return Event(
                lf.ELEMENTS_WRONG,
                {"count": count, "asks": side.elements, "numeral": side.numeral},
            )
        return None

    def placements(self, seat: Seat, ident: str) -> list[tuple[int, int, int, int, int]]:
        """(plot, turn, x, y, floor) for every JU-5 placement of `ident` on the seat's card."""
        card = self.held[seat]
        if card is None:
            return []
        plots = self.side(card).plots
        chosen = [self.built[seat][0][1]] if self.built[seat] else range(len(plots))
        floors = self.floors(seat)
        out = []
        for k in chosen:
            for turn, x, y, p in self.data.elements[ident].spots:
                z = can_place(floors, plots[k].cells, p)
                if z is not None:
                    out.append((k, turn, x, y, z))
        return out

    def _free_perimeter(self) -> list[str]:
        taken = set(self.architects)
        return [
            s
            for s, card in self.grid.items()
            if card is not None and s not in taken and _perimeter(s)
        ]

    def destinations(self, seat: Seat) -> list[str]:
        """JU-7: spaces within `move_steps` orthogonal steps (holes skipped as if absent)
        with a card and no other architect (RULING)."""
        start = self.architects[seat]
        if start is None:
            return []
        reach = self._reach(start, self.data.rules.move_steps)
        return [s for s in reach if self._free_card(s, seat)]

    def _free_card(self, space: str, seat: Seat) -> bool:
        others = {a for p, a in enumerate(self.architects) if p != seat}
        return self.grid.get(space) is not None and space not in others

    def _hole(self, row: int, col: int) -> bool:
        """JU-7 RULING: a hole is any space without a card — the centre, and every card
        already taken (kept by a completer, or held by a player building on it)."""
        return self.grid.get(space_name(row, col)) is None

    def _reach(self, start: str, steps: int) -> list[str]:
        """JU-7: "S'il y a un trou, traversez simplement cette case comme si elle
        n'existait pas" — a step over a hole lands on the first card beyond it."""
        origin = space_at(start)
        assert origin is not None
        frontier = {origin}
        seen = {origin}
        for _ in range(steps):
            nxt = set()
            for r, c in frontier:
                for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    nr, nc = r + dr, c + dc
                    while 0 <= nr < 6 and 0 <= nc < 6 and self._hole(nr, nc):
                        nr, nc = nr + dr, nc + dc
                    if 0 <= nr < 6 and 0 <= nc < 6 and (nr, nc) not in seen:
                        nxt.add((nr, nc))
            seen |= nxt
            frontier = nxt
        return sorted(space_name(r, c) for r, c in seen - {origin})

    def _fallback_destinations(self, seat: Seat) -> list[str]:
        """RULING (JU-7): a completer with no card within reach goes to the nearest free
        card (the least steps)."""
        start = self.architects[seat]
        assert start is not None
        for steps in range(self.data.rules.move_steps + 1, 12):
            found = [s for s in self._reach(start, steps) if self._free_card(s, seat)]
            if found:
                return found
        return []

    def _checked_as(self, seat: Seat) -> Checked:
        """What a JU-6 check of the seat looks at: its card, the side shown, the building."""
        card = self.held[seat]
        side = None if card is None else self.side_name(card)
        return card, side, tuple(self.built[seat])

    def may_stop(self, seat: Seat) -> bool:
        """JU-6: a seat whose building failed a check and has not changed since would
        fail again; its "Stop!" is refused until it places or returns an element (else
        two seats could call, fail and call again at one instant forever, and the
        round would never reach its time)."""
        failed = self.failed[seat]
        return failed is None or failed != self._checked_as(seat)

    def move_choices(self, seat: Seat) -> list[str]:
        choices = self.destinations(seat)
        if not choices and self.held[seat] is None:
            choices = self._fallback_destinations(seat)
        return choices

    # ------------------------------------------------------------------ protocol

    def current_players(self) -> tuple[Seat, ...]:
        if self.phase in ("setup", "move"):
            return (self.movers[0],)
        if self.phase == "build":
            return tuple(s for s in range(self.seats) if not self.conceded[s])
        if self.phase == "window":
            return tuple(
                s
                for s in range(self.seats)
                if not self.conceded[s] and s not in self.called and self.may_stop(s)
            )
        return ()

    def legal_actions(self, seat: Seat) -> Sequence[Action]:
        if self.phase == "over":
            return []
        end = self.deadline()
        assert end is not None
        if seat == SYSTEM:
            return [Check(end)] if self.phase == "window" else [TimeUp(end)]
        if seat not in self.current_players():
            return []
        now = self.now
        if self.phase == "setup":
            return [Start(now, s) for s in self._free_perimeter()]
        if self.phase == "move":
            out: list[Action] = [Move(now, s) for s in self.move_choices(seat)]
            if self.held[seat] is not None:
                out.append(Keep(now))
            return out
        if self.phase == "window":
            return [Stop(now)]
        at = self.earliest(seat)
        out = self.hand_actions(seat, at, lambda e: self._places(seat, at, e)) if at < end else []
        if self.may_stop(seat):
            out.append(Stop(now))
        out.append(Concede(now))
        return out

    def _places(self, seat: Seat, at: int, ident: str) -> list[Action]:
        return [Place(at, ident, k, t, x, y) for k, t, x, y, _ in self.placements(seat, ident)]

    def is_legal(self, seat: Seat, action: Action) -> bool:
        return self.refusal(seat, action) is None

    def apply(self, seat: Seat, action: Action) -> None:
        why = self.refusal(seat, action)
        if why is not None:
            raise IllegalActionError(*why)
        at: int = action.at  # type: ignore[attr-defined]
        self.now = at
        if isinstance(action, Start):
            self._start(seat, action.space)
        elif isinstance(action, Take | Return):
            self.take_or_return(seat, action)
        elif isinstance(action, Place):
            z = self._placement_floor(seat, action)
            assert z is not None
            entry = (action.element, action.plot, action.turn, action.x, action.y, z)
            self.place_entry(seat, entry, at)
        elif isinstance(action, Stop):
            self._stop(seat)
        elif isinstance(action, Concede):
            self.conceded[seat] = True
            self._clear(seat)
            self.note(lf.GIVES_UP, at=at, seat=seat)
            if all(self.conceded):
                self.end_round([])
        elif isinstance(action, Move):
            self._move(seat, action.space)
        elif isinstance(action, Keep):
            self.note(lf.KEEPS, at=at, seat=seat, card=self.held[seat])
            self._next_mover()
        elif isinstance(action, Check):
            self._check()
        elif isinstance(action, TimeUp):
            self.time_up()

    # ------------------------------------------------------------------ the rules

    def refusal(self, seat: Seat, action: Action) -> tuple[str, str, str] | None:
        """Extension point: why `action` by `seat` is refused (rule, reason, detail), or None.
        `is_legal` and `apply` both ask it; a variant adds its own actions' refusals and
        passes the rest on."""
        if self.phase == "over":
            return "JU-8", "the game is over", ""
        at = getattr(action, "at", None)
        if not isinstance(at, int) or not isinstance(
            action, Start | Take | Place | Return | Stop | Concede | Move | Keep | Check | TimeUp
        ):
            return "JU-4", f"{action.kind!r} is no TOKYO JUTAKU action", ""
        end = self.deadline()
        assert end is not None
        if isinstance(action, Check | TimeUp):
            if seat != SYSTEM:
                return "JU-6", "only the game itself closes a window or calls time", ""
            want = Check if self.phase == "window" else TimeUp
            if not isinstance(action, want) or at != end:
                return "JU-6", f"the game's next action is {want.kind} at {_ms(end)}", ""
            return None
        if not 0 <= seat < self.seats:
            return "JU-1", f"there is no seat {seat + 1}", ""
        if isinstance(action, Stop) and self.phase in ("build", "window"):
            why = self._stop_refusal(seat)
            if why is not None:
                return why
        if seat not in self.current_players():
            return "JU-4", f"seat {seat + 1} is not to act now ({self.phase})", ""
        if at < self.now:
            return "JU-4", f"{_ms(at)} is before the last action ({_ms(self.now)})", ""
        if at >= end:
            return "JU-4", f"the time for this step ended at {_ms(end)}", ""
        if self.phase == "setup":
            if not isinstance(action, Start):
                return "JU-2", "each player first puts an architect on a perimeter card", ""
            free = self._free_perimeter()
            if action.space not in free:
                return "JU-2", f"{action.space} is no free perimeter card", ", ".join(free)
            return None
        if self.phase == "move":
            if isinstance(action, Keep):
                if self.held[seat] is None:
                    return "JU-7", "a player who completed has no card to keep: move", ""
                return None
            if not isinstance(action, Move):
                return "JU-7", "now each player in turn moves or keeps their card", ""
            choices = self.move_choices(seat)
            if action.space not in choices:
                return "JU-7", f"{action.space} is not a free card within reach", ", ".join(choices)
            return None
        if self.phase == "window":
            if not isinstance(action, Stop):
                return "JU-6", "everyone is frozen while the stops are checked", "stop"
            return None
        return self.build_refusal(seat, action)

    def _stop_refusal(self, seat: Seat) -> tuple[str, str, str] | None:
        if self.conceded[seat] or seat in self.called or self.may_stop(seat):
            return None
        return (
            "JU-6",
            f"seat {seat + 1}'s building failed its check and has not changed since: "
            "place or return an element before calling Stop! again",
            "",
        )

    def build_refusal(self, seat: Seat, action: Action) -> tuple[str, str, str] | None:
        """Extension point: the refusal of a building action (take, place, return, stop,
        concede) in the build phase (JU-4, JU-5), or None."""
        if isinstance(action, Stop | Concede):
            return None
        if not isinstance(action, Take | Place | Return):
            return "JU-4", f"no {action.kind} while building", ""
        why = self.hand_refusal(seat, action, action.at)
        if why is not None or not isinstance(action, Place):
            return why
        if self._placement_floor(seat, action) is None:
            return "JU-5", f"{action.element} cannot go there: {self._why_not(seat, action)}", ""
        return None

    def _placement_floor(self, seat: Seat, action: Place) -> int | None:
        card = self.held[seat]
        element = self.data.elements.get(action.element)
        if card is None or element is None:
            return None
        plots = self.side(card).plots
        if not 0 <= action.plot < len(plots) or not 0 <= action.turn < len(element.shapes):
            return None
        if self.built[seat] and self.built[seat][0][1] != action.plot:
            return None
        for turn, x, y, p in element.spots:
            if (turn, x, y) == (action.turn, action.x, action.y):
                return can_place(self.floors(seat), plots[action.plot].cells, p)
        return None

    def _why_not(self, seat: Seat, action: Place) -> str:
        card = self.held[seat]
        assert card is not None
        plots = self.side(card).plots
        if not 0 <= action.plot < len(plots):
            return f"the card has {len(plots)} border(s)"
        if self.built[seat] and self.built[seat][0][1] != action.plot:
            return f"the building stands in border {self.built[seat][0][1]} (JU-3)"
        element = self.data.elements[action.element]
        if not 0 <= action.turn < len(element.shapes):
            return f"it has {len(element.shapes)} orientations"
        return (
            "outside the border, over a hole, off the level below, "
            "or touching no element of its floor"
        )

    def _start(self, seat: Seat, space: str) -> None:
        self.architects[seat] = space
        self.held[seat] = self.grid[space]
        self.grid[space] = None
        self.note(lf.STARTS, at=self.now, seat=seat, space=space, card=self.held[seat])
        self.movers.pop(0)
        self.phase_start = self.now
        if not self.movers:
            self.begin_round()

    def begin_round(self) -> None:
        """Extension point: a round begins (JU-4): the build phase and its clock start."""
        self.round += 1
        self.phase = "build"
        self.phase_start = self.now
        self.conceded = [False] * self.seats
        self.last_act = [NEVER] * self.seats
        self.called = []
        self.failed = [None] * self.seats
        self.note(lf.ROUND, at=self.now, round=self.round)

    def _clear(self, seat: Seat) -> None:
        self.hand[seat] = None
        self.built[seat] = []

    def _stop(self, seat: Seat) -> None:
        """JU-6: the first stop opens the window; once every seat still building has
        called, the check is at once."""
        self.note(lf.STOP, at=self.now, seat=seat)
        if self.phase == "build":
            self.phase = "window"
            self.window_end = min(self.now + self.data.rules.stop_window_ms, self._round_end())
        self.called.append(seat)
        if not self.current_players():
            self._check()

    def _check(self) -> None:
        passed = []
        for seat in self.called:
            why = self._failure(seat)
            if why is None:
                passed.append(seat)
                self.note(lf.PASSES, at=self.now, seat=seat)
            else:
                self.failed[seat] = self._checked_as(seat)
                self.note(lf.FAILS, at=self.now, seat=seat, why=why)
        self.called = []
        if passed:
            self.end_round(passed)
        elif self.now >= self._round_end():
            self.end_round([])
        else:
            self.phase = "build"  # JU-6: play goes on until the next stop

    def time_up(self) -> None:
        """Extension point: the system seat's time-up (RULING): the phase's timer ran out."""
        if self.phase == "build":
            self.note(lf.TIME_UP, at=self.now)
            self.end_round([])
        elif self.phase == "setup":
            self._start(self.movers[0], self._free_perimeter()[0])
        else:
            seat = self.movers[0]
            if self.held[seat] is not None:
                self.note(lf.KEEPS, at=self.now, seat=seat, card=self.held[seat])
                self._next_mover()
            else:
                self._move(seat, self.move_choices(seat)[0])

    def end_round(self, passed: list[Seat]) -> None:
        """Extension point, JU-6, JU-7, JU-8: the passers keep their cards, every element
        goes back, then the moves or the end."""
        for seat in passed:
            card = self.held[seat]
            assert card is not None
            self.completed[seat].append(card)
            self.held[seat] = None
        for seat in range(self.seats):
            self._clear(seat)
        self.called = []
        goal = self.data.rules.cards_to_end
        if any(len(c) >= goal for c in self.completed) or self.round >= self.data.rules.max_rounds:
            self._finish()
            return
        # JU-7: the richest completer first (seat order on equal yen), then everybody
        # else clockwise from that player, completers or not (RULING)
        first = min(passed, key=lambda s: (-self.yen(s), s)) if passed else 0
        self.movers = [(first + i) % self.seats for i in range(self.seats)]
        self.phase = "move"
        self.phase_start = self.now
        self._skip_stuck()

    def _skip_stuck(self) -> None:
        """A completer with no card left anywhere ends the game (RULING)."""
        seat = self.movers[0]
        if self.held[seat] is None and not self.move_choices(seat):
            self.note(lf.NO_CARD_LEFT, at=self.now, seat=seat)
            self._finish()

    def _move(self, seat: Seat, space: str) -> None:
        old = self.architects[seat]
        assert old is not None
        if self.held[seat] is not None:
            self.grid[old] = self.held[seat]  # RULING: the unfinished card goes back
        self.architects[seat] = space
        self.held[seat] = self.grid[space]
        self.grid[space] = None
        self.note(lf.MOVES, at=self.now, seat=seat, space=space, card=self.held[seat])
        self._next_mover()

    def _next_mover(self) -> None:
        self.movers.pop(0)
        self.phase_start = self.now
        if self.movers:
            self._skip_stuck()
        else:
            self.begin_round()

    def _finish(self) -> None:
        self.phase = "over"
        self.movers = []
        self.note(lf.OVER, at=self.now, scores=[self.yen(s) for s in range(self.seats)])

    # ------------------------------------------------------------------ the end

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def scores(self) -> list[int]:
        return [self.yen(s) for s in range(self.seats)]

    def ranking(self) -> list[list[Seat]]:
        """JU-8: most yen first; equal yen share a place."""
        if not self.is_terminal():
            return []
        scores = self.scores()
        return [
            [s for s, v in enumerate(scores) if v == value]
            for value in sorted(set(scores), reverse=True)
        ]

    def winner(self) -> Seat | None:
        places = self.ranking()
        return places[0][0] if places and len(places[0]) == 1 else None

    # ------------------------------------------------------------------ views, copies

    def view(self, seat: Seat | None) -> dict[str, Any]:
        """Everything is on the table: the state itself, plus readable extras."""
        out = self.to_dict()
        out["seat"] = seat
        out["deadline_ms"] = self.deadline()
        out["pool"] = self.pool()
        out["players"] = [self._player_view(s) for s in range(self.seats)]
        return out

    def view_for(self, seat: Seat | None) -> JutakuView:
        """`view` as its type declares it (the same dict)."""
        return jutaku_view(self.view(seat))

    def _player_view(self, seat: Seat) -> dict[str, Any]:
        card = self.held[seat]
        info: dict[str, Any] = {"seat": seat, "yen": self.yen(seat), "card": None}
        if card is not None:
            side = self.side(card)
            c: Card = self.data.cards[card]
            info["card"] = {
                "id": card,
                "name": c.name,
                "district": c.district,
                "floors": side.floors,
                "elements": side.numeral,
                "yen": side.yen,
                "plots": [list(p.rows) for p in side.plots],
            }
        info["floors"] = [sorted(cells_of(m)) for m in self.floors(seat)]
        info["floors"] = [[list(c) for c in f] for f in info["floors"]]
        return info

    @classmethod
    def from_dict(cls, data: JutakuData, raw: Mapping[str, Any]) -> JutakuState:
        return cls.load(raw, data)


def _perimeter(space: str) -> bool:
    at = space_at(space)
    assert at is not None
    return at[0] in (0, 5) or at[1] in (0, 5)


def _ms(at: int) -> str:
    return f"{at / 1000:.3f} s"
