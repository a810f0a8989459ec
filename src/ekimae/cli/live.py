"""A real-time game at the terminal: the game's clock, its timers and its bots, live.

The engine reads no clock (core/game.py): a real-time action carries its game time `at`
and the game's own seat (`SYSTEM`) acts when `deadline()` falls due. At the terminal,
`LiveTable` is that clock's keeper, as the server's hub is in a browser game:

- the game time is a `Clock`'s (the wall's while a person plays; a test's, moved by
  hand), never before the last recorded action;
- `tick()` applies what has fallen due: the system's actions (a round's time running
  out, a window closing), then each bot's chosen action once the game time reaches its
  `at` (a bot dates its action at the pace it keeps), stamped with the game time then;
  a bot whose choice the game refuses by then (another seat took that element) chooses
  again from the position as it is;
- `act()` is a person's action, stamped with the game time now. An action the rules
  allow only a little later (the pace between one seat's grabs) waits for that time
  instead of being refused, as the browser's pages do.

Everything applied is recorded, so the record replays to the same position. Nothing here
names a title; a title's screen (cli/live_app.py) draws the table and sends the keys.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ekimae.bots import Bot, seat_rng
from ekimae.core.actions import Action
from ekimae.core.errors import EkimaeError
from ekimae.core.game import SYSTEM, Game, Seat, State, stamp
from ekimae.core.record import GameRecord
from ekimae.i18n import _, language

# A bot's choices in one tick at most (each refused one is chosen again): a bot that
# keeps choosing what the game refuses cannot hold the screen.
CHOICES_PER_TICK = 3
# Applied actions in one tick at most: far above a real tick's, below a runaway loop's.
ACTIONS_PER_TICK = 500


class Clock(Protocol):
    def now_ms(self) -> int:
        """Milliseconds since the game started."""
        ...


class WallClock:
    """The wall's time since the start, which a person may pause (bots and timers too)."""

    def __init__(self) -> None:
        self._origin = time.monotonic()
        self._paused_at: float | None = None

    def now_ms(self) -> int:
        moment = self._paused_at if self._paused_at is not None else time.monotonic()
        return max(0, round((moment - self._origin) * 1000))

    @property
    def paused(self) -> bool:
        return self._paused_at is not None

    def toggle_pause(self) -> None:
        if self._paused_at is None:
            self._paused_at = time.monotonic()
        else:
            self._origin += time.monotonic() - self._paused_at
            self._paused_at = None


class ManualClock:
    """A clock moved by hand (tests, pictures): the game is the same at any machine speed."""

    def __init__(self, start_ms: int = 0) -> None:
        self.ms = start_ms
        self.paused = False

    def now_ms(self) -> int:
        return self.ms

    def advance(self, ms: int) -> None:
        self.ms += ms

    def toggle_pause(self) -> None:
        self.paused = not self.paused


@dataclass(frozen=True)
class Refusal:
    """Why the game refused a person's action: the engine's error (its rule, if any)."""

    error: EkimaeError

    @property
    def rule(self) -> str:
        return str(getattr(self.error, "rule", "") or "")

    @property
    def message(self) -> str:
        return str(self.error)


def seconds(ms: int) -> str:
    """A game time or a time left, as a reader of the language writes tenths."""
    text = f"{max(0, ms) / 1000:.1f}"
    if language() in ("fr", "it"):
        text = text.replace(".", ",")
    return _("{seconds} s").format(seconds=text)


def _at(action: Action) -> int:
    at = getattr(action, "at", 0)
    return at if isinstance(at, int) else 0


def same_action(a: Action, b: Action) -> bool:
    """The same action whatever its game time."""
    return type(a) is type(b) and stamp(a, 0) == stamp(b, 0)


class LiveTable:
    """One real-time game: its state, record, clock and bots (see the module docstring).
    `bots[seat]` is None for the person's seat."""

    def __init__(
        self,
        game: Game[Any],
        names: Sequence[str],
        bots: Sequence[Bot | None],
        seed: int,
        options: dict[str, str],
        clock: Clock,
    ) -> None:
        self.game = game
        self.names = list(names)
        self.bots = list(bots)
        self.seed = seed
        self.clock = clock
        self.state: State = game.new_state(len(bots), seed, options)
        self.record = GameRecord(
            game.name, len(bots), seed, dict(options), [], list(names),
            game.data_version_for(options),
        )  # fmt: skip
        self.rngs = [seat_rng(seed, seat) for seat in range(len(bots))]
        self.pending: dict[Seat, Action] = {}  # each bot's choice, applied at its `at`
        self.waiting: tuple[Seat, Action] | None = None  # a person's, waiting for its time
        self.last_at = 0
        self.revision = 0  # counts the applied actions: a screen redraws when it moves

    # ------------------------------------------------------------------ time

    def now(self) -> int:
        """The game time: the clock's, never before the last recorded action."""
        return max(self.clock.now_ms(), self.last_at)

    def is_over(self) -> bool:
        return self.state.is_terminal()

    # ------------------------------------------------------------------ applying

    def _apply(self, seat: Seat, action: Action) -> None:
        self.state.apply(seat, action)
        self.record.actions.append((seat, action))
        self.last_at = max(self.last_at, _at(action))
        self.revision += 1

    def _system_due(self, now: int) -> bool:
        """Apply the game's own action if it is due by `now`."""
        due = self.state.deadline()
        if due is None or due > now:
            return False
        actions = self.state.legal_actions(SYSTEM)
        if not actions:
            return False
        self._apply(SYSTEM, actions[0])
        self.pending.clear()  # a timer changed the game: every bot looks again
        return True

    def tick(self) -> int:
        """Apply everything due by the game time now; how many actions were applied."""
        now = self.now()
        applied = 0
        choices: dict[Seat, int] = {}
        while not self.state.is_terminal() and applied < ACTIONS_PER_TICK:
            if self._system_due(now) or self._person_due(now) or self._bot_due(now, choices):
                applied += 1
                continue
            break
        return applied

    def _person_due(self, now: int) -> bool:
        if self.waiting is None or _at(self.waiting[1]) > now:
            return False
        seat, action = self.waiting
        self.waiting = None
        stamped = stamp(action, now)
        if not self.state.is_legal(seat, stamped):
            return False  # the game moved on meanwhile: the person sees it and chooses again
        self._apply(seat, stamped)
        return True

    def _bot_due(self, now: int, choices: dict[Seat, int]) -> bool:
        """Apply one bot's action due by `now` (its seats in a seeded order each time, so
        no seat always wins a race)."""
        listed = self.state.current_players()
        for seat in [s for s in self.pending if s not in listed]:
            del self.pending[seat]  # not to act any more (gave up, or the step is over)
        seats = [s for s in listed if self.bots[s] is not None]
        random.Random(f"{self.seed}:{len(self.record.actions)}").shuffle(seats)
        for seat in seats:
            while True:
                action = self._choice(seat, choices)
                if action is None or _at(action) > now:
                    break
                del self.pending[seat]
                stamped = stamp(action, now)
                if self.state.is_legal(seat, stamped):
                    self._apply(seat, stamped)
                    return True
                # refused by now (overtaken): it chooses again, from the position as it is
        return False

    def _choice(self, seat: Seat, choices: dict[Seat, int]) -> Action | None:
        """The bot's pending choice, or a new one from its view (None: nothing to do, or
        it has chosen enough this tick)."""
        action = self.pending.get(seat)
        if action is not None:
            return action
        if choices.get(seat, 0) >= CHOICES_PER_TICK:
            return None
        legal = self.state.legal_actions(seat)
        if not legal:
            return None
        bot = self.bots[seat]
        assert bot is not None
        choices[seat] = choices.get(seat, 0) + 1
        action = bot.choose(self.state.view(seat), legal, self.rngs[seat])
        self.pending[seat] = action
        return action

    # ------------------------------------------------------------------ the person

    def act(self, seat: Seat, action: Action) -> Refusal | None:
        """The person's action at the game time now (what fell due before it first); an
        action allowed a little later waits for then (None: applied or waiting)."""
        self.tick()
        now = self.now()
        stamped = stamp(action, now)
        try:
            self._apply(seat, stamped)
        except EkimaeError as exc:
            later = self._later(seat, action, now)
            if later is None:
                return Refusal(exc)
            self.waiting = (seat, later)
            return None
        self.waiting = None
        self.tick()
        return None

    def _later(self, seat: Seat, action: Action, now: int) -> Action | None:
        """The same action as the game lists it for a later time, if it does."""
        for listed in self.state.legal_actions(seat):
            if same_action(listed, action) and _at(listed) > now:
                return listed
        return None

    def waits(self, seat: Seat) -> int | None:
        """The game time the person's waiting action is due at, if one waits."""
        if self.waiting is None or self.waiting[0] != seat:
            return None
        return _at(self.waiting[1])

    def cancel(self) -> None:
        self.waiting = None
