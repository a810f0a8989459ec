"""What a page is sent about its game, built from one snapshot of the state per change.

Every payload is built from `state.view(seat)` for the reader's own seat, so hidden
information never leaves the engine. A `Snapshot` is one position as the table holds it
after a change; whatever its payloads need is computed once, when first asked, and shared
by every socket: the outcome (finished, winner, ranking, scores) once; each seat's view
once, shared by its legal list's labels, its prompt, its log and the board; the board's
overlay once for everyone when the title draws only what every seat sees (`shared_overlay`:
TOKYO METRO's map), else once per seat; a seat that cannot act gets no legal list (no
labels to write); and each (seat, language) payload is encoded to JSON once, whatever
number of sockets read it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from ekimae.core.actions import Action
from ekimae.core.game import Dynamics, Game, State
from ekimae.core.record import GameRecord
from ekimae.server import follow, undoing
from ekimae.server.clients import encode
from ekimae.server.store import GameInfo
from ekimae.server.titles import WebTitle, log_lines


class Live(Protocol):
    """A game as held in memory (a `Table`): what its payloads are made of."""

    info: GameInfo
    record: GameRecord
    state: State
    game: Game[Any]
    web: WebTitle
    claimed: list[bool]
    verdict: undoing.Verdict  # why the last action can never be taken back, when asked
    accepted_wall: float


def legal_payload(
    game: Game[Any],
    web: WebTitle,
    state: State,
    seat: int | None,
    options: Mapping[str, str],
    actions: Sequence[Action] | None = None,
    lang: str = "en",
    view: Mapping[str, Any] | None = None,
) -> list[dict[str, Any]]:
    """The seat's legal actions (or `actions`, a part of them): wire form, engine
    notation, and a plain label if any, in the reader's language `lang`. `view`: the
    seat's view, if the caller has it already."""
    if seat is None or seat not in state.current_players():
        return []
    if view is None:
        view = state.view(seat)
    out = []
    for a in state.legal_actions(seat) if actions is None else actions:
        wire = a.to_dict()
        item = {"action": wire, "text": game.format_action(a), "kind": a.kind}
        label = web.label(view, seat, wire, options, lang=lang)
        if label is not None:
            item["label"] = label
        out.append(item)
    return out


def _refusal(
    game: Game[Any], state: State, actions: Sequence[tuple[int, Action]]
) -> tuple[int, None] | tuple[None, str]:
    """(the seat whose last action it is, None) or (None, why no seat may undo now): the
    part of undo's rule that is the same for every reader."""
    if game.type.dynamics is Dynamics.REAL_TIME:
        return None, "time cannot be taken back in a real-time game"
    if state.is_terminal():
        return None, "the game is over"
    if not actions:
        return None, "nothing to undo"
    return actions[-1][0], None


def _undo_refusal(
    mover: int | None, why: str | None, verdict: undoing.Verdict, seat: int | None
) -> str | None:
    if seat is None:
        return "spectators cannot undo"
    if why is not None:
        return why
    assert mover is not None
    if mover != seat:
        return f"the last action is seat {mover + 1}'s, not yours"
    final = verdict.get()  # judged only now, for the mover's own reading
    if final is not None:
        return f"your last action is final: {final}"
    return None


def undo_refusal(live: Live, seat: int | None) -> str | None:
    """Why `seat` may not undo now, or None if it may.

    A seat may take back its own last action while nobody else has acted since, i.e. only
    the record's very last action, and only if that action drew nothing and showed the
    seat nothing hidden (`core.undo`): the last bid of a round, which reveals every bid,
    is final, and so is an action whose draw its seat has seen.
    """
    if seat is None:
        return "spectators cannot undo"
    mover, why = _refusal(live.game, live.state, live.record.actions)
    return _undo_refusal(mover, why, live.verdict, seat)


def own_final(live: Live, seat: int | None) -> str | None:
    """ "chance" or "hidden" when the record's last action is `seat`'s own and final (the
    page says why it has no Undo button), else None."""
    actions = live.record.actions
    if seat is None or not actions or actions[-1][0] != seat or live.state.is_terminal():
        return None
    return undoing.verdict_kind(live.verdict.get())


def table_summary(live: Live) -> dict[str, Any]:
    """Who sits where, for anyone who may see the table (a seat, a spectator, an invitee)."""
    return {
        "game_id": live.info.id,
        "game": live.game.name,
        "title": live.game.title,
        "names": live.info.names,
        "bots": live.info.bots,
        "claimed": live.claimed,
        "practice": live.info.practice,
        "actions": len(live.record.actions),
        # An administrator closed it unfinished: it takes no more actions (issue 35).
        "closed": live.info.closed,
    }


def own_actions(live: Live, seat: int) -> int:
    """How many actions `seat` has taken: its sequence number for the next one."""
    return sum(1 for acted, _ in live.record.actions if acted == seat)


def state_payload(live: Live, seat: int | None, lang: str = "en") -> dict[str, Any]:
    """Everything one seat's page needs, its sentences in `lang`; built from
    `state.view(seat)` only."""
    return Snapshot(live).payload(seat, lang)


class Snapshot:
    """One position of a game, as its table holds it now, and the payloads made from it
    (each part computed once, when first asked). What it reads is taken when it is made:
    a later change of the table makes a new snapshot, never changes this one."""

    def __init__(self, live: Live) -> None:
        self.live = live
        self.state = live.state
        self.info = live.info
        self.claimed = list(live.claimed)
        self.verdict = live.verdict
        self.accepted_wall = live.accepted_wall
        actions = live.record.actions
        self.count = len(actions)
        self.last_seat = actions[-1][0] if actions else None
        self._actions = actions[-1:]  # what undo's rule reads (the last action)
        self._seqs = Counter(seat for seat, _ in actions)
        self._views: dict[int | None, dict[str, Any]] = {}
        self._overlays: dict[int | None, str | None] = {}
        self._payloads: dict[tuple[int | None, str], dict[str, Any]] = {}
        self._texts: dict[tuple[int | None, str], str] = {}
        self._common: dict[str, Any] | None = None
        self._undo: tuple[int | None, str | None] | None = None

    def current(self, live: Live) -> bool:
        """Whether `live` is still at this snapshot's position (nothing a page reads has
        changed since it was made)."""
        return (
            live.state is self.state
            and live.info is self.info
            and len(live.record.actions) == self.count
            and live.verdict is self.verdict
            and live.accepted_wall == self.accepted_wall
            and live.claimed == self.claimed
        )

    def view(self, seat: int | None) -> dict[str, Any]:
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.state.view(seat)
        return view

    def know_view(self, seat: int | None, view: dict[str, Any]) -> None:
        """A view of this very state built already (the judged apply's `after`)."""
        self._views.setdefault(seat, view)

    def known_view(self, seat: int | None) -> dict[str, Any] | None:
        """The seat's view if it was built already (else None: it is not built here)."""
        return self._views.get(seat)

    def overlay(self, seat: int | None) -> str | None:
        web = self.live.web
        if getattr(web, "shared_overlay", False):
            seat = None  # the same for every reader: drawn once, from what all may see
        if seat not in self._overlays:
            self._overlays[seat] = web.overlay(self.view(seat), self.info.options)
        return self._overlays[seat]

    def text(self, seat: int | None, lang: str) -> str:
        """The payload as JSON, encoded once for every socket that reads it."""
        key = (seat, lang)
        text = self._texts.get(key)
        if text is None:
            text = self._texts[key] = encode(self.payload(seat, lang))
        return text

    def payload(self, seat: int | None, lang: str = "en") -> dict[str, Any]:
        key = (seat, lang)
        found = self._payloads.get(key)
        if found is None:
            found = self._payloads[key] = self._payload(seat, lang)
        return found

    def _payload(self, seat: int | None, lang: str) -> dict[str, Any]:
        live, state, options = self.live, self.state, self.info.options
        common = self._outcome()
        view = self.view(seat)
        # A game an administrator closed offers nobody an action.
        acts = seat is not None and seat in state.current_players() and not self.info.closed
        return {
            "type": "state",
            "seat": seat,
            **common["summary"],
            "view": view,
            "legal": legal_payload(live.game, live.web, state, seat, options, lang=lang, view=view)
            if acts
            else [],
            "sealed": common["sealed"],
            "simultaneous": common["simultaneous"],
            "seq": None if seat is None else self._seqs.get(seat, 0),
            "overlay": self.overlay(seat),
            "finished": common["finished"],
            "winner": common["winner"],
            "winners": common["winners"],
            "ranking": common["ranking"],
            "scores": common["scores"],
            "can_undo": self.undo_refusal(seat) is None,
            "undo_final": self._own_final(seat),
            "prompt": live.web.prompt(view, seat, options, lang=lang),
            # The log panel's lines in `lang` (issue 20); the view keeps the engine's English
            # (what a page's animation reads). English pages read the view's own.
            **self._log(view, lang),
            "accepted_at": self.accepted_wall,
            # The rematch of a finished game, once a seat has asked for it (`Hub.rematch`).
            "rematch": self.info.rematch,
            # The side log's last entries, the bots' pace, the end screen (issue 31).
            **follow.page_extras(live, seat, lang, self),
        }

    def _outcome(self) -> dict[str, Any]:
        """What every reader's payload shares: the table, the outcome. Computed once."""
        if self._common is None:
            live, state = self.live, self.state
            finished = state.is_terminal()
            self._common = {
                "summary": {
                    "game_id": self.info.id,
                    "game": live.game.name,
                    "title": live.game.title,
                    "names": self.info.names,
                    "bots": self.info.bots,
                    "claimed": self.claimed,
                    "practice": self.info.practice,
                    "actions": self.count,
                    "closed": self.info.closed,  # by an administrator (issue 35)
                },
                "sealed": sorted(live.game.type.sealed),
                # Several seats act at once: each guards its action with its own `seq`, so
                # that their actions do not refuse each other as stale (a game-wide
                # `expected` would).
                "simultaneous": len(state.current_players()) > 1
                or live.game.type.dynamics is Dynamics.REAL_TIME,
                "finished": finished,
                "winner": state.winner(),
                "winners": state.winners(),
                "ranking": state.ranking(),
                "scores": state.scores() if finished else None,
            }
        return self._common

    def undo_refusal(self, seat: int | None) -> str | None:
        if self._undo is None:
            self._undo = _refusal(self.live.game, self.state, self._actions)
        return _undo_refusal(*self._undo, self.verdict, seat)

    def _own_final(self, seat: int | None) -> str | None:
        if seat is None or self.last_seat != seat or self._outcome()["finished"]:
            return None
        return undoing.verdict_kind(self.verdict.get())

    def _log(self, view: Mapping[str, Any], lang: str) -> dict[str, Any]:
        log = view.get("log")
        if lang == "en" or not isinstance(log, list):
            return {}
        live = self.live
        return {"log": log_lines(live.web, live.game.name, log, self.info.options, lang)}
