"""One position of BOTTLE BONUS: TOKYO JUTAKU's state (JU-1 … JU-8, played as it is) plus
the drinks (BB-1) and their powers (BB-2); see the package docstring.

Two phases join JUTAKU's: `catch` (after a round with a completion and before the moves,
the dropped drinks wait in the machine for `catch_ms`; the window's end is the system
seat's recorded time-up, BB-1 RULING) and `before` (before a building round, while a seat
holds a white or blue drink: those are spent then, and a white drink's element placed;
RULING, BB-2). The drop is drawn from the state's own seeded generator, whose state is the
one thing a view hides (the box's next draws).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ekimae.core.actions import Action
from ekimae.core.errors import IllegalActionError
from ekimae.core.game import SYSTEM, Seat
from ekimae.core.rng import Rng
from ekimae.core.saved import Context
from ekimae.games.bottle_bonus import log_forms as lf
from ekimae.games.bottle_bonus.actions import Catch, Ready, Spend
from ekimae.games.bottle_bonus.components import BonusData
from ekimae.games.bottle_bonus.view import BottleView, bottle_bonus_view
from ekimae.games.jutaku_kit.actions import Return, Take
from ekimae.games.jutaku_kit.hands import Refusal
from ekimae.games.jutaku_kit.parcels import SIDES
from ekimae.games.tokyo_jutaku.actions import Keep, Move, Place, TimeUp
from ekimae.games.tokyo_jutaku.state import JutakuState

OWN = Catch | Spend | Ready
BEFORE = ("white", "blue")  # BB-2: the powers spent before a round starts


class BottleState(JutakuState):
    """JUTAKU's position and the drinks. Its own fields, declared once below, are saved
    after JUTAKU's (`core.saved`)."""

    LOG_FORMS = lf.FORMS  # JUTAKU's sentences and the drinks'

    bonus: Context[BonusData]
    drinks: list[list[str]]  # held, in the order caught
    machine: list[str]  # BB-1: the drinks dropped, not caught yet
    droppers: list[Seat]  # BB-1: this drop's completers
    caught: list[str | None]  # BB-1: one each per drop
    kept: list[list[str]]  # BB-2 blue: +¥ at the end
    bets: list[list[str]]  # BB-2 blue: this round's
    early: list[int]  # BB-2 white: elements still to place before the round
    ready: list[bool]  # RULING: done with the step before the round
    red: list[bool]  # BB-2 red: two elements at once this round
    spare: list[str | None]  # BB-2 red: the second in hand
    unwanted: list[str | None]  # BB-2 mint: not to take again
    purple: list[bool]  # BB-2 purple: this move goes anywhere
    flipped: list[str]  # BB-2 black: cards turned to their other side
    rng_state: int  # the box's draws (hidden from every view)

    def __init__(self, bonus: BonusData, options: dict[str, str], seats: int) -> None:
        super().__init__(bonus.jutaku, options, seats)
        self.bonus = bonus
        self.rng_state = 0
        self.drinks = [[] for _ in range(seats)]
        self.machine = []
        self.droppers = []
        self.caught = [None] * seats
        self.kept = [[] for _ in range(seats)]
        self.bets = [[] for _ in range(seats)]
        self.early = [0] * seats
        self.ready = [False] * seats
        self.red = [False] * seats
        self.spare = [None] * seats
        self.unwanted = [None] * seats
        self.purple = [False] * seats
        self.flipped = []

    # ------------------------------------------------------------------ helpers

    def colour(self, drink: str) -> str:
        return self.bonus.drinks.colour_of(drink)

    def side_name(self, card: str) -> str:
        """BB-2 black: a flipped card shows its other side."""
        which = self.options["side"]
        if card in self.flipped:
            which = SIDES[1 - SIDES.index(which)]
        return which

    def box(self) -> list[str]:
        """The drinks in the box, in JIDOHANBAIKI's order: all but those held, in the
        machine, bet or kept (a spent drink goes back, RULING)."""
        away = {d for ds in (*self.drinks, *self.kept, *self.bets) for d in ds}
        away.update(self.machine)
        return [d for d in self.bonus.drinks.drinks if d not in away]

    def pool(self) -> list[str]:
        """JU-4's pool, less a red drink's second element in hand."""
        spare = {s for s in self.spare if s is not None}
        return [e for e in super().pool() if e not in spare]

    def catchers(self) -> list[Seat]:
        """BB-1: the other players who have not caught a drink of this drop yet."""
        if not self.machine:
            return []
        return [s for s in range(self.seats) if s not in self.droppers and self.caught[s] is None]

    def move_choices(self, seat: Seat) -> list[str]:
        """BB-2 purple: any available card of the plan (a card, no other architect)."""
        if self.purple[seat]:
            return [s for s in self.grid if self._free_card(s, seat)]
        return super().move_choices(seat)

    def deadline(self) -> int | None:
        if self.phase == "catch":
            return self.window_end
        if self.phase == "before":
            return self.phase_start + self.limit(self.bonus.rules.before_ms)
        return super().deadline()

    def _befores(self) -> list[Seat]:
        """RULING: the seats the step before a round waits for."""
        return [
            s
            for s in range(self.seats)
            if not self.ready[s]
            and (
                self.early[s]
                or self.hand[s] is not None
                or any(self.colour(d) in BEFORE for d in self.drinks[s])
            )
        ]

    # ------------------------------------------------------------------ protocol

    def current_players(self) -> tuple[Seat, ...]:
        if self.phase == "catch":
            return tuple(self.catchers())
        if self.phase == "before":
            return tuple(self._befores())
        return super().current_players()

    def legal_actions(self, seat: Seat) -> Sequence[Action]:
        if self.phase not in ("catch", "before"):
            if seat == SYSTEM or self.phase == "over" or seat not in self.current_players():
                return super().legal_actions(seat)
        elif seat == SYSTEM:
            end = self.deadline()
            assert end is not None
            return [TimeUp(end)]
        if seat not in self.current_players():
            return []
        now = self.now
        if self.phase == "catch":
            return [Catch(now, d) for d in self.machine]
        spends: list[Action] = [Spend(now, d) for d in self._spendable(seat)]
        if self.phase == "before":
            return [*self._early_actions(seat), *spends, Ready(now)]
        if self.phase != "build":
            return [*super().legal_actions(seat), *spends]
        return [*self._build_actions(seat), *spends]

    def _build_actions(self, seat: Seat) -> list[Action]:
        """JUTAKU's list, less a take of the element a mint drink sent back, with a red
        drink's second element (its take, its return first)."""
        out: list[Action] = []
        spare = self.spare[seat]
        for action in super().legal_actions(seat):
            if isinstance(action, Take) and action.element == self.unwanted[seat]:
                continue
            if isinstance(action, Return) and spare is not None:
                action = Return(action.at, spare)
            out.append(action)
        return out + self._red_takes(seat)

    def _early_actions(self, seat: Seat) -> list[Action]:
        """BB-2 white: the element to place before the round, at the pace (JU-4)."""
        if not self.early[seat] and self.hand[seat] is None:
            return []
        at = self.earliest(seat)
        if at >= self._end():
            return []
        listed = self.hand_actions(seat, at, lambda e: self._places(seat, at, e))
        held = self.hand[seat]
        return [a for a in listed if not isinstance(a, Return) or a.element == held]

    def _end(self) -> int:
        end = self.deadline()
        assert end is not None
        return end

    def _red_takes(self, seat: Seat) -> list[Action]:
        """BB-2 red: holding one element, take a second."""
        if not self.red[seat] or self.hand[seat] is None or self.spare[seat] is not None:
            return []
        at = self.earliest(seat)
        if at >= self._end():
            return []
        return [Take(at, e) for e in self.pool() if e != self.unwanted[seat]]

    def _spendable(self, seat: Seat) -> list[str]:
        """The seat's drinks whose power may be spent now (BB-2)."""
        return [d for d in self.drinks[seat] if self._power_refusal(seat, self.colour(d)) is None]

    def apply(self, seat: Seat, action: Action) -> None:
        why = self.refusal(seat, action)
        if why is not None:
            raise IllegalActionError(*why)
        if isinstance(action, OWN):
            self.now = action.at
            if isinstance(action, Catch):
                self._catch(seat, action.drink)
                return
            if isinstance(action, Spend):
                self._spend(seat, action.drink)
            else:
                self.ready[seat] = True
            if self.phase == "before":
                self._maybe_start()
            return
        if self.phase == "before" and seat != SYSTEM:
            self._before_hand(seat, action)
            return
        if isinstance(action, Take) and self.hand[seat] is not None:
            self.now = action.at
            self.spare[seat] = action.element  # BB-2 red: the second element in hand
            self.last_act[seat] = action.at
            self.unwanted[seat] = None
            return
        super().apply(seat, action)
        if isinstance(action, Take):
            self.unwanted[seat] = None
        elif isinstance(action, Place) and self.spare[seat] is not None:
            self._after_pair(seat, action)
        elif isinstance(action, Move | Keep):
            self.purple[seat] = False

    def _after_pair(self, seat: Seat, action: Place) -> None:
        """BB-2 red: the second element moves up into the hand; placed "at once" with the
        first, it waits for no pace."""
        self.hand[seat] = self.spare[seat]
        self.spare[seat] = None
        self.last_act[seat] = action.at - self.data.rules.hand_ms

    def _before_hand(self, seat: Seat, action: Action) -> None:
        """BB-2 white: the one element placed before the round (take, place or return)."""
        at: int = action.at  # type: ignore[attr-defined]
        self.now = at
        if isinstance(action, Take | Return):
            self.take_or_return(seat, action)
        elif isinstance(action, Place):
            z = self._placement_floor(seat, action)
            assert z is not None
            entry = (action.element, action.plot, action.turn, action.x, action.y, z)
            self.place_entry(seat, entry, at)
            self.early[seat] -= 1
            self.note(lf.PLACES_EARLY, at=at, seat=seat, element=action.element)
        self._maybe_start()

    # ------------------------------------------------------------------ refusals

    def refusal(self, seat: Seat, action: Action) -> Refusal | None:
        if self.phase == "over":
            return "JU-8", "the game is over", ""
        at = getattr(action, "at", None)
        if not isinstance(at, int):
            return "JU-4", f"{action.kind!r} is no BOTTLE BONUS action", ""
        if self.phase not in ("catch", "before") and not isinstance(action, OWN):
            why = super().refusal(seat, action)
            if why is not None or seat == SYSTEM:
                return why
            return self._extra_refusal(seat, action)
        end = self.deadline()
        assert end is not None
        if seat == SYSTEM:
            if not isinstance(action, TimeUp) or at != end:
                return "BB-1", f"the game's next action is time-up at {_ms(end)}", ""
            return None
        if not 0 <= seat < self.seats:
            return "JU-1", f"there is no seat {seat + 1}", ""
        if at < self.now:
            return "JU-4", f"{_ms(at)} is before the last action ({_ms(self.now)})", ""
        if self.phase == "catch" or isinstance(action, Catch):
            return self._catch_refusal(seat, action, at, end)
        if isinstance(action, Spend):
            return self._spend_refusal(seat, action, at, end)
        if self.phase != "before":
            return "BB-2", f"no {action.kind} now ({self.phase})", ""
        return self._before_refusal(seat, action, at, end)

    def _extra_refusal(self, seat: Seat, action: Action) -> Refusal | None:
        """What BB-2 adds to a JUTAKU action that JUTAKU's rules allow."""
        if isinstance(action, Take) and action.element == self.unwanted[seat]:
            return "BB-2", f"after a mint drink, take another element than {action.element}", ""
        return None

    def _catch_refusal(self, seat: Seat, action: Action, at: int, end: int) -> Refusal | None:
        if not isinstance(action, Catch):
            return "BB-1", "the drinks are dropping: catch one or let them fall", ""
        if self.phase != "catch":
            return "BB-1", "no drinks are in the machine now", ""
        if at >= end:
            return "BB-1", f"the drinks were there until {_ms(end)}", ""
        if seat in self.droppers:
            return "BB-1", f"seat {seat + 1} dropped these drinks: the others catch them", ""
        if self.caught[seat] is not None:
            return "BB-1", f"seat {seat + 1} caught {self.caught[seat]}: one drink at most", ""
        if action.drink not in self.machine:
            holder = next((s for s, d in enumerate(self.caught) if d == action.drink), None)
            if holder is not None:
                return "BB-1", f"seat {holder + 1} caught {action.drink} first", ""
            return "BB-1", f"{action.drink} is not in the machine", ", ".join(self.machine)
        return None

    def _spend_refusal(self, seat: Seat, action: Spend, at: int, end: int) -> Refusal | None:
        if seat not in self.current_players():
            return "BB-2", f"seat {seat + 1} is not to act now ({self.phase})", ""
        if at >= end:
            return "JU-4", f"the time for this step ended at {_ms(end)}", ""
        if action.drink not in self.drinks[seat]:
            return "BB-2", f"seat {seat + 1} holds no {action.drink}", ""
        return self._power_refusal(seat, self.colour(action.drink))

    def _power_refusal(self, seat: Seat, colour: str) -> Refusal | None:
        """BB-2: when each colour's power may be spent."""
        phase = self.phase
        if colour in BEFORE:
            if phase != "before":
                return "BB-2", f"a {colour} drink is spent before a round starts", ""
            return None
        if colour == "purple":
            if phase != "move" or self.purple[seat]:
                return "BB-2", "a purple drink is spent in the movement step, once a move", ""
            return None
        if phase != "build" or self.conceded[seat]:
            return "BB-2", f"a {colour} drink is spent while building", ""
        if colour == "black":
            if self.held[seat] is None or self.built[seat] or self.hand[seat] is not None:
                return "BB-2", "a black drink flips the card before building on it", ""
            return None
        if colour == "red" and self.red[seat]:
            return "BB-2", "a red drink is already spent this round", ""
        return None

    def _before_refusal(self, seat: Seat, action: Action, at: int, end: int) -> Refusal | None:
        if seat not in self.current_players():
            return "BB-2", f"seat {seat + 1} is not to act before this round", ""
        if at >= end:
            return "JU-4", f"the time for this step ended at {_ms(end)}", ""
        if isinstance(action, Ready):
            return None
        if not isinstance(action, Take | Place | Return):
            return "BB-2", f"no {action.kind} before the round", ""
        if isinstance(action, Take) and not self.early[seat]:
            return "BB-2", "only a white drink places an element before the round", ""
        if isinstance(action, Return) and self.hand[seat] is None:
            return "BB-2", "before the round only the element in hand goes back", ""
        why = self.hand_refusal(seat, action, at)
        if why is not None or not isinstance(action, Place):
            return why
        if self._placement_floor(seat, action) is None:
            return "JU-5", f"{action.element} cannot go there: {self._why_not(seat, action)}", ""
        return None

    def build_refusal(self, seat: Seat, action: Action) -> Refusal | None:
        """BB-2 red: holding one element, a second may be taken."""
        if (
            isinstance(action, Take)
            and self.red[seat]
            and self.hand[seat] is not None
            and self.spare[seat] is None
        ):
            earliest = self.earliest(seat)
            if action.at < earliest:
                return "JU-4", f"one element at a time: next at {_ms(earliest)} (RULING)", ""
            if action.element not in self.pool():
                return "JU-4", f"{action.element} is not in the pool", ""
            return None
        if isinstance(action, Return) and self.spare[seat] == action.element:
            return None  # BB-2 red: the second element in hand goes back first
        if isinstance(action, Return) and self.spare[seat] is not None:
            return "JU-4", f"seat {seat + 1} holds {self.spare[seat]}: return that one first", ""
        return super().build_refusal(seat, action)

    def take_or_return(self, seat: Seat, action: Take | Return) -> None:
        if isinstance(action, Return) and self.spare[seat] == action.element:
            self.spare[seat] = None
            self.last_act[seat] = action.at
            return
        super().take_or_return(seat, action)

    # ------------------------------------------------------------------ the drinks

    def _catch(self, seat: Seat, drink: str) -> None:
        """BB-1: first claim wins; one drink each."""
        self.machine.remove(drink)
        self.caught[seat] = drink
        self.drinks[seat].append(drink)
        self.note(lf.CATCHES, at=self.now, seat=seat, drink=drink)
        if not self.catchers():
            self._drop_over()

    def _spend(self, seat: Seat, drink: str) -> None:
        colour = self.colour(drink)
        self.drinks[seat].remove(drink)
        self.note(lf.SPENDS, at=self.now, seat=seat, drink=drink, colour=colour)
        if colour == "black":
            card = self.held[seat]
            assert card is not None
            if card in self.flipped:
                self.flipped.remove(card)
            else:
                self.flipped.append(card)
        elif colour == "white":
            self.early[seat] += 1
        elif colour == "blue":
            self.bets[seat].append(drink)
        elif colour == "red":
            self.red[seat] = True
        elif colour == "purple":
            self.purple[seat] = True
        else:
            self._mint(seat)

    def _mint(self, seat: Seat) -> None:
        """BB-2 mint: every other player building returns the element in hand (both,
        with a red drink's second) or else the last placed, and must take another."""
        for other in self.current_players():
            if other == seat:
                continue
            back = self.hand[other]
            if back is not None:
                self.hand[other] = None
                self.spare[other] = None
            elif self.built[other]:
                back = self.built[other].pop()[0]
            if back is not None:
                self.unwanted[other] = back
                self.note(lf.RETURNS, at=self.now, seat=other, element=back)

    def end_round(self, passed: list[Seat]) -> None:
        """BB-2 blue: a bet is kept by a round's winner, else discarded; then JUTAKU's end
        of round, and a drop before the moves (BB-1)."""
        for seat in range(self.seats):
            if seat in passed:
                self.kept[seat].extend(self.bets[seat])
            self.bets[seat] = []
        self.red = [False] * self.seats
        self.spare = [None] * self.seats
        self.unwanted = [None] * self.seats
        super().end_round(passed)
        if self.phase == "move" and passed and len(passed) < self.seats:
            self._drop(passed)

    def _drop(self, passed: list[Seat]) -> None:
        """BB-1: each completer draws as many random drinks as there are other players and
        drops them; the others may catch one each (RULING: several completers drop
        together, and only those who did not complete catch)."""
        rng = Rng(self.rng_state)
        box = self.box()
        machine = []
        for _ in range(len(passed) * (self.seats - 1)):
            if not box:
                break
            machine.append(box.pop(rng.below(len(box))))
        self.rng_state = rng.state
        self.machine = machine
        self.droppers = sorted(passed)
        self.caught = [None] * self.seats
        self.phase = "catch"
        self.window_end = self.now + self.limit(self.bonus.rules.catch_ms)
        if machine:
            self.note(lf.DROP, at=self.now, drinks=lf.drinks(machine))
        else:
            self.note(lf.BOX_EMPTY, at=self.now)
        if not self.catchers():
            self._drop_over()

    def _drop_over(self) -> None:
        """BB-1: the drinks nobody caught go back in the box; then JU-7's moves."""
        if self.machine:
            self.note(lf.BACK_IN_BOX, at=self.now, drinks=lf.drinks(self.machine))
        self.machine = []
        self.droppers = []
        self.phase = "move"
        self.phase_start = self.now
        self._skip_stuck()

    def time_up(self) -> None:
        if self.phase == "catch":
            self._drop_over()
        elif self.phase == "before":
            self._before_over()
        else:
            super().time_up()

    # ------------------------------------------------------------------ before a round

    def begin_round(self) -> None:
        """RULING (BB-2): with a white or blue drink held, a step before the round."""
        self.ready = [False] * self.seats
        if self.phase != "before" and self._befores():
            self.phase = "before"
            self.phase_start = self.now
            self.last_act = [-(10**9)] * self.seats
            self.note(lf.BEFORE_ROUND, at=self.now, round=self.round + 1)
            return
        super().begin_round()

    def _maybe_start(self) -> None:
        if not self._befores():
            self._before_over()

    def _before_over(self) -> None:
        for seat in range(self.seats):
            if self.hand[seat] is not None:  # not placed in time: back to the pool
                self.hand[seat] = None
            self.early[seat] = 0
        super().begin_round()

    # ------------------------------------------------------------------ the end

    def scores(self) -> list[int]:
        """JU-8 and BB-2 blue: card yen plus each kept blue drink."""
        blue = self.bonus.rules.blue_yen
        return [self.yen(s) + blue * len(self.kept[s]) for s in range(self.seats)]

    # ------------------------------------------------------------------ views, copies

    def view(self, seat: Seat | None) -> dict[str, Any]:
        """JUTAKU's view, the drinks and the box (its contents; the next draws hidden)."""
        out = super().view(seat)
        del out["rng_state"]
        out["box"] = self.box()
        out["catchers"] = self.catchers()
        out["scores"] = self.scores()
        out["spendable"] = None if seat is None or seat < 0 else self._spendable(seat)
        return out

    def view_for(self, seat: Seat | None) -> BottleView:
        """`view` as its type declares it (the same dict)."""
        return bottle_bonus_view(self.view(seat))

    @classmethod
    def from_bonus(cls, bonus: BonusData, raw: Mapping[str, Any], rng_state: int) -> BottleState:
        """A saved state, or a view with the box's draws from `rng_state` (determinize)."""
        if "rng_state" not in raw:
            raw = {**raw, "rng_state": rng_state}
        return cls.load(raw, bonus.jutaku, bonus)


def _ms(at: int) -> str:
    return f"{at / 1000:.3f} s"
