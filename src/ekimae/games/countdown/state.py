"""One position of COUNTDOWN; see the package docstring for the rules CD-1 … CD-3.

Phases: `pick` (every seat at once takes a parcel card, CD-1), `build` (one timed round a
floor, everyone at once, CD-2), `over` (everyone is out, CD-3). Every action carries its
game time `at`; the system seat acts at `deadline()` (a round's timer, the time to pick).

Nothing is hidden (the pool and every building are on the table), so a view is the whole
table and `determinize` rebuilds the state from it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ekimae.core.actions import Action
from ekimae.core.errors import IllegalActionError
from ekimae.core.game import SYSTEM, Seat, StateDefaults
from ekimae.core.log import LogEntry
from ekimae.core.saved import Context, Shared
from ekimae.games.countdown import log_forms as lf
from ekimae.games.countdown.actions import Done, Pick, Place, Return, Take, TimeUp
from ekimae.games.countdown.components import CountdownData
from ekimae.games.countdown.view import CountdownView, countdown_view
from ekimae.games.jutaku_kit.clock import limit
from ekimae.games.jutaku_kit.elements import Element
from ekimae.games.jutaku_kit.geometry import GRID, add, can_place, cells_of
from ekimae.games.jutaku_kit.hands import NEVER, Hands, Refusal

# One placed element: (element id, turn, x, y, floor index: 0 = the first floor)
Placed = tuple[str, int, int, int, int]
KINDS = Pick | Take | Place | Return | Done | TimeUp


class CountdownState(Hands[Placed], StateDefaults):
    """One position. Its fields, declared once below (and the hands' in `Hands`), are
    what `clone`, `to_dict` and `load` copy, save and read back (`core.saved`)."""

    LOG_FORMS = lf.FORMS

    data: Context[CountdownData]
    options: Shared[dict[str, str]]
    phase: str
    round: int  # the floor being built (1 = the first)
    phase_start: int
    cards: list[str | None]  # CD-1: the card each builds on
    done: list[bool]  # this round (RULING: `done`)
    out: list[int]  # CD-3: the round a seat went out in (0: still in)
    log: LogEntry | None  # events of `log_forms`, written in English when read (`core.log`)

    def __init__(self, data: CountdownData, options: dict[str, str], seats: int) -> None:
        self.data = data
        self.options = options
        self.cards = [None] * seats
        self.init_hands(seats)
        self.done = [False] * seats
        self.out = [0] * seats
        self.phase = "pick"
        self.round = 0
        self.now = 0
        self.phase_start = 0
        self.log = None

    def note(self, form: str, **values: Any) -> None:
        """A line of the log: a template of `log_forms` and its typed values (the game
        clock's time in ms, a seat's number), written in English only when read
        (`core.log`)."""
        self.log = LogEntry(form, values, self.log)

    # ------------------------------------------------------------------ helpers

    @property
    def seats(self) -> int:
        return len(self.cards)

    HAND_RULE = "CD-2"  # CD-2: place under Jutaku rules (JU-4's hands)
    ELEMENT_RULE = "CD-2"

    def elements(self) -> Mapping[str, Element]:
        return self.data.elements

    def hand_ms(self) -> int:
        return self.data.rules.hand_ms

    def last_returnable(self, seat: Seat) -> str | None:
        """CD-2: only an element placed this round may go back (earlier floors are done)."""
        return str(self.built[seat][-1][0]) if self.placed_this_round(seat) else None

    def return_scope(self) -> str:
        return " this round"

    def free_cards(self) -> list[str]:
        """CD-1: the cards nobody has picked, in the data's order."""
        taken = set(self.cards)
        return [c for c in self.data.cards if c not in taken]

    def floors(self, seat: Seat) -> list[int]:
        """The seat's building as floor masks, bottom up."""
        out: list[int] = []
        for ident, turn, x, y, z in self.built[seat]:
            add(out, z, self.spot(ident, turn, x, y))
        return out

    def spot(self, ident: str, turn: int, x: int, y: int) -> int:
        """The mask of `ident` turned `turn` at (x, y); 0 if it does not lie on the card."""
        element = self.data.elements.get(ident)
        if element is None:
            return 0
        for t, sx, sy, p in element.spots:
            if (t, sx, sy) == (turn, x, y):
                return p
        return 0

    def placed_this_round(self, seat: Seat) -> int:
        return sum(1 for p in self.built[seat] if p[4] == self.round - 1)

    def placements(self, seat: Seat, ident: str) -> list[tuple[int, int, int]]:
        """(turn, x, y) of every placement of `ident` on this round's floor (CD-1: the
        whole card is the border; CD-2: JU-5 on the floor of the round)."""
        floors = self.floors(seat)
        z = self.round - 1
        return [
            (turn, x, y)
            for turn, x, y, p in self.data.elements[ident].spots
            if can_place(floors, GRID, p) == z
        ]

    def active(self) -> list[Seat]:
        """The seats still in (CD-3)."""
        return [s for s in range(self.seats) if not self.out[s]]

    def limit(self, ms: int) -> int:
        """A time limit as this game's clock runs it: the "slow" clock (issue 30, RULING)
        makes every limit `rules.slow` times as long."""
        return limit(ms, self.options, self.data.rules.slow)

    def round_ms(self) -> int:
        """CD-2: this round's length on this game's clock."""
        return self.limit(self.data.rules.round_ms(self.round))

    def deadline(self) -> int | None:
        if self.phase == "pick":
            return self.phase_start + self.limit(self.data.rules.pick_ms)
        if self.phase == "build":
            return self.phase_start + self.round_ms()
        return None

    # ------------------------------------------------------------------ protocol

    def current_players(self) -> tuple[Seat, ...]:
        if self.phase == "pick":
            return tuple(s for s in range(self.seats) if self.cards[s] is None)
        if self.phase == "build":
            return tuple(s for s in self.active() if not self.done[s])
        return ()

    def legal_actions(self, seat: Seat) -> Sequence[Action]:
        """Each choice at its earliest game time; any later `at` up to the deadline is as
        legal (a recorder stamps its own clock)."""
        end = self.deadline()
        if end is None:
            return []
        if seat == SYSTEM:
            return [TimeUp(end)]
        if seat not in self.current_players():
            return []
        if self.phase == "pick":
            return [Pick(self.now, c) for c in self.free_cards()]
        at = self.earliest(seat)
        out = self.hand_actions(seat, at, lambda e: self._places(seat, at, e)) if at <= end else []
        out.append(Done(self.now))
        return out

    def _places(self, seat: Seat, at: int, ident: str) -> list[Action]:
        return [Place(at, ident, t, x, y) for t, x, y in self.placements(seat, ident)]

    def is_legal(self, seat: Seat, action: Action) -> bool:
        return self._refusal(seat, action) is None

    def apply(self, seat: Seat, action: Action) -> None:
        why = self._refusal(seat, action)
        if why is not None:
            raise IllegalActionError(*why)
        assert isinstance(action, KINDS)  # _refusal checked the kind
        self.now = action.at
        if isinstance(action, Pick):
            self.cards[seat] = action.card
            self.note(lf.PICKS, at=self.now, seat=seat, card=action.card)
            if all(c is not None for c in self.cards):
                self._begin_round()
        elif isinstance(action, Take | Return):
            self.take_or_return(seat, action)
        elif isinstance(action, Place):
            entry = (action.element, action.turn, action.x, action.y, self.round - 1)
            self.place_entry(seat, entry, action.at)
        elif isinstance(action, Done):
            self.done[seat] = True
            self.hand[seat] = None
            self.note(
                lf.DONE,
                at=self.now,
                seat=seat,
                floor=self.round,
                count=self.placed_this_round(seat),
            )
            if not self.current_players():
                self._end_round()
        else:
            self._time_up()

    # ------------------------------------------------------------------ the rules

    def _refusal(self, seat: Seat, action: Action) -> Refusal | None:
        end = self.deadline()
        if end is None:
            return "CD-3", "the game is over: everyone is out", ""
        at = getattr(action, "at", None)
        if not isinstance(action, KINDS) or not isinstance(at, int):
            return "CD-2", f"{action.kind!r} is no COUNTDOWN action", ""
        if isinstance(action, TimeUp):
            if seat != SYSTEM:
                return "CD-2", "only the game itself calls time", ""
            if at != end:
                return "CD-2", f"the timer runs out at {_ms(end)}", ""
            return None
        if not 0 <= seat < self.seats:
            return "CD-1", f"there is no seat {seat + 1}", ""
        if seat not in self.current_players():
            why = "is out" if self.out[seat] else "is not to act now"
            return "CD-3", f"seat {seat + 1} {why} ({self.phase})", ""
        if at < self.now:
            return "CD-2", f"{_ms(at)} is before the last action ({_ms(self.now)})", ""
        if at > end:
            return "CD-2", f"the time for this step ended at {_ms(end)}", ""
        if self.phase == "pick":
            if not isinstance(action, Pick):
                return "CD-1", "each player first picks a card", ""
            if action.card not in self.free_cards():
                return "CD-1", f"{action.card} is no card left to pick", ""
            return None
        return self._build_refusal(seat, action, at)

    def _build_refusal(self, seat: Seat, action: Action, at: int) -> Refusal | None:
        if isinstance(action, Done):
            return None
        if not isinstance(action, Take | Place | Return):
            return "CD-2", f"no {action.kind} while building", ""
        why = self.hand_refusal(seat, action, at)
        if why is not None or not isinstance(action, Place):
            return why
        p = self.spot(action.element, action.turn, action.x, action.y)
        if not p:
            return "CD-1", f"{action.element} would reach off the card there", ""
        z = can_place(self.floors(seat), GRID, p)
        if z != self.round - 1:
            where = "not flat, over nothing, or touching no element of its floor (JU-5)"
            if z is not None:
                where = f"it would rest on floor {z + 1}"
            return "CD-2", f"floor {self.round} is built now: {where}", ""
        return None

    def _begin_round(self) -> None:
        self.round += 1
        self.phase = "build"
        self.phase_start = self.now
        self.done = [False] * self.seats
        self.last_act = [NEVER] * self.seats
        length = self.round_ms()
        self.note(lf.BUILD, at=self.now, floor=self.round, seconds=length // 1000)

    def _time_up(self) -> None:
        if self.phase == "pick":
            for seat in range(self.seats):
                if self.cards[seat] is None:
                    self.cards[seat] = self.free_cards()[0]  # RULING: the first card left
                    self.note(lf.GIVEN, at=self.now, seat=seat, card=self.cards[seat])
            self._begin_round()
            return
        self.note(lf.TIME_UP, at=self.now, floor=self.round)
        self._end_round()

    def _end_round(self) -> None:
        """CD-3: elements in hand go back; a seat still in that added none is out."""
        for seat in self.active():
            self.hand[seat] = None
            if not self.placed_this_round(seat):
                self.out[seat] = self.round
                self.note(lf.OUT, at=self.now, seat=seat, count=len(self.built[seat]))
        if self.active():
            self._begin_round()
        else:
            self.phase = "over"
            self.note(lf.OVER, at=self.now, scores=self.scores())

    # ------------------------------------------------------------------ the end

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def scores(self) -> list[int]:
        """CD-3: the elements each has used."""
        return [len(b) for b in self.built]

    def ranking(self) -> list[list[Seat]]:
        """CD-3: most elements first; equal counts share a place."""
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

    def results(self) -> list[dict[str, Any]]:
        """The results table: each seat's card, elements per floor, total, round out."""
        out = []
        for seat in range(self.seats):
            per_floor = [0] * (1 + max((p[4] for p in self.built[seat]), default=-1))
            for p in self.built[seat]:
                per_floor[p[4]] += 1
            card = self.cards[seat]
            out.append(
                {
                    "seat": seat,
                    "card": card,
                    "card_name": None if card is None else self.data.cards[card].name,
                    "floors": len(per_floor),
                    "per_floor": per_floor,
                    "elements": len(self.built[seat]),
                    "out_in_round": self.out[seat] or None,
                }
            )
        return out

    def view(self, seat: Seat | None) -> dict[str, Any]:
        """Everything is on the table: the state itself, plus the countdown (the server's
        timer: `deadline_ms`), the pool, each building and the results table."""
        out = self.to_dict()
        out["seat"] = seat
        out["deadline_ms"] = self.deadline()
        out["round_ms"] = self.round_ms() if self.round else None
        out["pool"] = self.pool()
        out["players"] = [
            {
                "seat": s,
                "floors": [[list(c) for c in sorted(cells_of(m))] for m in self.floors(s)],
            }
            for s in range(self.seats)
        ]
        out["results"] = self.results()
        # Solo: the score to remember as one's best on this card (kept by the server).
        card = self.cards[0]
        out["solo_best"] = (
            {"card": card, "elements": len(self.built[0])}
            if self.seats == 1 and self.is_terminal() and card is not None
            else None
        )
        return out

    def view_for(self, seat: Seat | None) -> CountdownView:
        """`view` as its type declares it (the same dict)."""
        return countdown_view(self.view(seat))

    @classmethod
    def from_dict(cls, data: CountdownData, raw: Mapping[str, Any]) -> CountdownState:
        return cls.load(raw, data)


def _ms(at: int) -> str:
    return f"{at / 1000:.3f} s"
