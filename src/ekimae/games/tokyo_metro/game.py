"""TOKYO METRO behind the engine's one public API (`ekimae.core.game`)."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from typing import Any, cast

from ekimae.core.actions import Action
from ekimae.core.data import fingerprint
from ekimae.core.game import Dynamics, GameDefaults, GameType, OptionSpec, Seat, StateDefaults, Ties
from ekimae.games.tokyo_metro import flow, steps
from ekimae.games.tokyo_metro.actions import CODEC
from ekimae.games.tokyo_metro.components import PACKAGE, load_rules
from ekimae.games.tokyo_metro.context import Ctx, load_ctx
from ekimae.games.tokyo_metro.explain import refusal
from ekimae.games.tokyo_metro.scoring import winner
from ekimae.games.tokyo_metro.setup import new_state
from ekimae.games.tokyo_metro.state import MetroState, Phase
from ekimae.games.tokyo_metro.view import MetroView, view

# MOD-1: either map with either card set; the map's rules and the card set's rules.
OPTIONS = (
    OptionSpec("map", "Map", ("tokyo", "osaka"), "tokyo", "the network the lines are built on"),
    OptionSpec("cards", "Action cards", ("tokyo", "osaka"), "tokyo", "the decks of action cards"),
    # MD-1 … MD-7: METRO DRINKS, with any map and card set (MOD-1).
    OptionSpec("drinks", "METRO DRINKS", ("off", "on"), "off", "vending machines in the stations"),
    OptionSpec(
        "drinks_bonus",
        "Drinks bonus counts",
        ("all", "owner"),
        "all",
        "MD-7: every drink of the colour on the map (RULING), or the owner's only",
    ),
)
JH_PACKAGE = "ekimae.games.jidohanbaiki.data"
OSAKA_PACKAGE = f"{PACKAGE}.osaka"


def data_version_for(options: Mapping[str, Any] | None) -> str:
    """The data files a game with these options is played with.

    TOKYO map with TOKYO cards: the base game's `data_version`, as before OSAKA METRO (so
    every recorded TOKYO game keeps it). With any Osaka part: a hash covering data/osaka
    too, so that a change of the Osaka files shows in the records that used them.
    """
    chosen = check_options(options)
    base = fingerprint(PACKAGE)
    parts = [base]
    if chosen["map"] != "tokyo" or chosen["cards"] != "tokyo":
        parts.append(fingerprint(OSAKA_PACKAGE))
    if chosen["drinks"] == "on":
        parts.append(f"jidohanbaiki:{fingerprint(JH_PACKAGE)}")  # MD-1
    if len(parts) == 1:
        return base
    return hashlib.sha256("+".join(parts).encode()).hexdigest()[:12]


DRINKS_OPTIONS = {"drinks": "off", "drinks_bonus": "all"}


def recorded_options(chosen: Mapping[str, str]) -> dict[str, str]:
    """The options a state keeps: METRO DRINKS's only when played, so that a TOKYO or
    OSAKA game's state and view are exactly as before METRO DRINKS."""
    if chosen.get("drinks", "off") == "on":
        return dict(chosen)
    return {k: v for k, v in chosen.items() if k not in DRINKS_OPTIONS}


def ctx_for(chosen: Mapping[str, Any]) -> Ctx:
    """The static side of a game with these (checked) options."""
    drinks = chosen.get("drinks", "off") == "on"
    bonus = str(chosen.get("drinks_bonus", "all"))
    return load_ctx(chosen["map"], chosen["cards"], drinks, bonus)


def _game_type() -> GameType:
    rules = load_rules()
    return GameType(
        name="tokyo-metro",
        order=1,
        title="TOKYO METRO",
        min_seats=rules.min_players,
        max_seats=rules.max_players,
        # TM-3.3: turn-order bids are sealed and revealed together.
        dynamics=Dynamics.SIMULTANEOUS,
        ties=Ties.BROKEN,  # TM-9.6
        options=OPTIONS,
        sealed=frozenset({"turn-bid"}),
        summary="Invest in the lines, build stations, ride the trains (1 player: solo).",
    )


def check_options(options: Mapping[str, Any] | None) -> dict[str, str]:
    """Known options with their defaults; `DataError` naming the bad one."""
    return GAME_TYPE.check_options(options)


# `_legal_seat` when no listing is kept (not a seat, nor the system's -1).
UNLISTED = -2


class TokyoMetroState(StateDefaults):
    """One position of TOKYO METRO; see `ekimae.core.game.State`."""

    __slots__ = ("_legal", "_legal_ids", "_legal_seat", "_legal_set", "ctx", "s")

    def __init__(self, ctx: Ctx, s: MetroState) -> None:
        self.ctx = ctx
        self.s = s
        self._legal_seat = UNLISTED
        self._legal: list[Action] = []
        self._legal_ids: set[int] | None = None
        self._legal_set: set[Action] | None = None

    def current_players(self) -> tuple[int, ...]:
        return steps.current_players(self.s)

    def legal_actions(self, seat: int) -> Sequence[Action]:
        if seat != self._legal_seat:
            self._legal = steps.legal(self.ctx, self.s, seat)
            self._legal_seat = seat
            self._legal_ids = self._legal_set = None
        return self._legal

    def is_legal(self, seat: int, action: Action) -> bool:
        legal = self.legal_actions(seat)
        # Listed actions come from tables (`tables.py`), so an action picked from the
        # listing is one of its objects: found by identity, without hashing every action.
        if self._legal_ids is None:
            self._legal_ids = set(map(id, legal))
        if id(action) in self._legal_ids:
            return True
        if self._legal_set is None:
            self._legal_set = set(legal)
        return _canonical(action) in self._legal_set

    def apply(self, seat: int, action: Action) -> None:
        """Apply `action` for `seat`; `IllegalActionError` (nothing changed) if not legal."""
        action = _canonical(action)
        if not self.is_legal(seat, action):
            legal = self.legal_actions(seat)
            raise refusal(self.ctx, self.s, seat, action, legal, self.current_players())
        self._legal_seat = UNLISTED
        steps.do(self.ctx, self.s, seat, action)

    def apply_unchecked(self, seat: int, action: Action) -> None:
        """Apply an action taken as is from `legal_actions(seat)`, skipping the legality check.

        For search rollouts, which only ever pick from the listing; anything else may
        corrupt the state. Use `apply` everywhere else.
        """
        self._legal_seat = UNLISTED
        steps.do(self.ctx, self.s, seat, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        """The generic API's view: `view_for`'s, the same dict."""
        return cast(dict[str, Any], view(self.ctx, self.s, seat))

    def view_for(self, seat: int | None) -> MetroView:
        return view(self.ctx, self.s, seat)

    def is_terminal(self) -> bool:
        return self.s.phase is Phase.END

    def scores(self) -> list[int]:
        return list(self.s.money)

    def winner(self) -> int | None:
        return winner(self.s) if self.is_terminal() else None

    def ranking(self) -> list[list[Seat]]:
        """TM-9.6: most yen first; equal yen go by the turn order track, leftmost first."""
        if not self.is_terminal():
            return []
        order = self.s.order
        places = sorted(range(self.s.n), key=lambda seat: (-self.s.money[seat], order.index(seat)))
        return [[seat] for seat in places]

    def open_view(self) -> dict[str, Any]:
        """The spectator's table with every seat's sealed bid (TM-3.3) shown."""
        table = self.view_for(None)
        for player in table["players"]:
            seat = player["seat"]
            player["bid"] = self.view_for(seat)["players"][seat]["bid"]
        return cast(dict[str, Any], table)

    @property
    def round(self) -> int:
        return self.s.round

    @property
    def rounds(self) -> int:
        return flow.rounds_total(self.s)

    @property
    def final(self) -> dict[str, Any] | None:
        return self.s.final

    def clone(self) -> TokyoMetroState:
        twin = TokyoMetroState(self.ctx, self.s.clone())
        # The same position has the same listing: a copy that is then applied to (the
        # server applies each action to a copy) checks it against the listing the
        # original made already (its bots chose from it), not a new one. Shared, never
        # changed: an apply lists afresh, in a new list.
        twin._legal_seat, twin._legal = self._legal_seat, self._legal
        twin._legal_ids, twin._legal_set = self._legal_ids, self._legal_set
        return twin

    def to_dict(self) -> dict[str, Any]:
        return {"options": self.s.options, "state": self.s.to_dict()}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TokyoMetroState):
            return NotImplemented
        mine, theirs = self.s.to_dict(), other.s.to_dict()
        mine.pop("log")
        theirs.pop("log")
        return mine == theirs

    __hash__ = None  # type: ignore[assignment]


def _canonical(action: Action) -> Action:
    """Discount discs are a set: list them in one order (TM-7.8)."""
    discs = getattr(action, "discounts", None)
    if discs and list(discs) != sorted(discs):
        return CODEC.from_dict({**action.to_dict(), "discounts": sorted(discs)})
    return action


class TokyoMetroGame(GameDefaults):
    """The TOKYO METRO title (1–5 seats; 1 is the solo variant, SOLO-1)."""

    codec = CODEC

    def __init__(self) -> None:
        super().__init__(GAME_TYPE, fingerprint(PACKAGE))

    def data_version_for(self, options: Mapping[str, Any] | None) -> str:
        """`data_version` for a game with these options (covers data/osaka when used)."""
        return data_version_for(options)

    def new_state(
        self, seats: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> TokyoMetroState:
        chosen = check_options(options)
        self.type.check_seats(seats)
        ctx = ctx_for(chosen)
        s = new_state(ctx, seats, seed)
        s.options = recorded_options(chosen)
        return TokyoMetroState(ctx, s)

    def state_from_dict(self, data: Mapping[str, Any]) -> TokyoMetroState:
        chosen = check_options(data.get("options"))
        s = MetroState.from_dict(dict(data["state"]))
        return TokyoMetroState(ctx_for(chosen), s)

    def determinize(self, view: Mapping[str, Any], seat: Seat, seed: int) -> TokyoMetroState:
        # Imported here: the sampler builds TokyoMetroState, defined in this module.
        from ekimae.games.tokyo_metro.determinize import determinize

        return determinize(dict(view), random.Random(seed))


GAME_TYPE = _game_type()
GAME = TokyoMetroGame()
