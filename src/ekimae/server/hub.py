"""Live games: the in-memory cache, per-game serialisation, seats, pushes and bot turns.

An action goes: take the game's asyncio lock -> check the caller's expected index or
idempotency key -> apply to the cached state (the engine refuses illegal actions leaving
it unchanged) -> commit to the database in a worker thread -> only then push each client
its own view. If the commit fails the cached state is dropped and rebuilt by replay from
the database, so memory never runs ahead of what is stored.

Bot moves and hints are searched in worker processes (`server.workers`), never in this
process's threads.

Several processes on one PostgreSQL database (issue 21): the table is the one source of
truth. The per-game lock only serialises this process's own requests; across processes a
write is conditional on the game's `revision` this process last read, so a stale cache
fails cleanly (`StaleWriteError`), is re-read from the table, and the request is checked
again against the new position. Another process's writes arrive as events (`server.bus`)
and are re-read from the table and pushed to this process's sockets; a periodic check of
the revisions of the games this process serves catches any event that was lost. Bots and
real-time timers run in the one process holding the game's lease (`Store.take_lease`),
renewed while they run and taken over by another process once it expires.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ekimae.core.actions import Action
from ekimae.core.errors import EkimaeError, IllegalActionError, MalformedActionError
from ekimae.core.game import SYSTEM, Dynamics, Game, State, stamp
from ekimae.core.record import GameRecord, replay
from ekimae.games import find_game
from ekimae.seeding import derived_seed, secret_seed
from ekimae.server.chat import ChatError, clean_text
from ekimae.server.config import Limits
from ekimae.server.ladders import check_bot
from ekimae.server.limits import RateLimiter
from ekimae.server.notify import Notifier, TurnNotice
from ekimae.server.store import CreatedGame, GameInfo, SeatError, StaleWriteError, Store
from ekimae.server.titles import WebTitle, log_lines, web_title
from ekimae.server.workers import INLINE_BOTS, Hint, Pool, bot_move, hint_move

log = logging.getLogger("ekimae.server")
MAX_BOT_WAIT = 30.0  # s: a bot re-reads the game at least this often while it waits

Send = Callable[[dict[str, Any]], Awaitable[None]]
Close = Callable[[int, str], Awaitable[None]]

# Longest error message a client is sent: refusals name bad input, never echo it whole.
MAX_MESSAGE = 300
# Times an action is re-checked after another process wrote first, before a 409.
STALE_RETRIES = 5


class RefusedError(Exception):
    """An action the server will not take; `kind` is malformed, illegal, stale or forbidden."""

    def __init__(self, kind: str, message: str, rule: str = "", status: int = 400) -> None:
        if len(message) > MAX_MESSAGE:
            message = message[: MAX_MESSAGE - 1] + "…"
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.rule = rule
        self.status = status

    def to_dict(self) -> dict[str, Any]:
        out = {"kind": self.kind, "message": self.message}
        if self.rule:
            out["rule"] = self.rule
        return out


@dataclass(eq=False)
class Client:
    seat: int | None  # None: a spectator
    send: Send
    close: Close | None = None  # ends the connection (a revoked seat's link)
    lang: str = "en"  # the page's language: the title's prompt and labels are written in it


@dataclass(eq=False)
class LiveGame:
    info: GameInfo
    record: GameRecord
    state: State
    game: Game[Any]
    web: WebTitle  # the title's page: board drawing, prompts, labels
    # Idempotency keys of stored actions (key -> index): a retried action is not re-applied.
    keys: dict[str, int] = field(default_factory=dict)
    # Which seats a person holds (claimed invitation), for every seat's page.
    claimed: list[bool] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: set[Client] = field(default_factory=set)
    # One task per bot seat that may act: seats acting at once think at once.
    bot_tasks: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    # The system seat's timer (real-time games): applies `legal_actions(SYSTEM)` when due.
    timer_task: asyncio.Task[None] | None = None
    # time.monotonic() at game time 0 (real-time games): set so that game time resumes
    # where the record left off when a game is loaded (it pauses while no server runs).
    clock_origin: float = 0.0
    # Monotonic time of the last accepted action, for the latency figures.
    accepted_at: float = 0.0
    # Wall-clock time of the same, sent to clients so that a load-test client in another
    # process can measure accepted-action-to-update latency (same host, same clock).
    accepted_wall: float = 0.0
    # Per person's seat, the action count when it was last sent a turn notice: one per
    # turn, even if an undo and a redo make it the seat's turn again at the same count.
    notified: dict[int, int] = field(default_factory=dict)
    # The game's revision in the table that `record` and `state` reflect.
    revision: int = 0
    # A write failed in a way that may or may not have landed: re-read before the next.
    dirty: bool = False
    # Until when (time.monotonic()) this process holds the game's lease (bots, timer).
    lease_until: float = 0.0


def legal_payload(
    game: Game[Any],
    web: WebTitle,
    state: State,
    seat: int | None,
    options: Mapping[str, str],
    actions: Sequence[Action] | None = None,
    lang: str = "en",
) -> list[dict[str, Any]]:
    """The seat's legal actions (or `actions`, a part of them): wire form, engine
    notation, and a plain label if any, in the reader's language `lang`."""
    if seat is None or seat not in state.current_players():
        return []
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


def undo_refusal(live: LiveGame, seat: int | None) -> str | None:
    """Why `seat` may not undo now, or None if it may.

    A seat may take back its own last action while nobody else has acted since, i.e. only
    the record's very last action. That also settles sealed bids: the last bid of a round
    triggers the reveal, so a bid is undoable only while the reveal has not happened.
    """
    if seat is None:
        return "spectators cannot undo"
    if live.game.type.dynamics is Dynamics.REAL_TIME:
        return "time cannot be taken back in a real-time game"
    if live.state.is_terminal():
        return "the game is over"
    if not live.record.actions:
        return "nothing to undo"
    last_seat = live.record.actions[-1][0]
    if last_seat != seat:
        return f"the last action is seat {last_seat + 1}'s, not yours"
    return None


def table_summary(live: LiveGame) -> dict[str, Any]:
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
    }


def _same_request(recorded: tuple[int, Action], seat: int, action: Action) -> bool:
    """Whether a retried request is the recorded action (whose game time, in real-time
    games, the server stamped: the retry's own `at` does not count)."""
    acted, done = recorded
    if hasattr(done, "at") and hasattr(action, "at"):
        action = stamp(action, done.at)
    return (acted, done) == (seat, action)


def own_actions(live: LiveGame, seat: int) -> int:
    """How many actions `seat` has taken: its sequence number for the next one."""
    return sum(1 for acted, _ in live.record.actions if acted == seat)


def state_payload(live: LiveGame, seat: int | None, lang: str = "en") -> dict[str, Any]:
    """Everything one seat's page needs, its sentences in `lang`; built from
    `state.view(seat)` only."""
    view = live.state.view(seat)
    return {
        "type": "state",
        "seat": seat,
        **table_summary(live),
        "view": view,
        "legal": legal_payload(live.game, live.web, live.state, seat, live.info.options, lang=lang),
        "sealed": sorted(live.game.type.sealed),
        # Several seats act at once: each guards its action with its own `seq`, so that
        # their actions do not refuse each other as stale (a game-wide `expected` would).
        "simultaneous": len(live.state.current_players()) > 1
        or live.game.type.dynamics is Dynamics.REAL_TIME,
        "seq": None if seat is None else own_actions(live, seat),
        "overlay": live.web.overlay(view, live.info.options),
        "finished": live.state.is_terminal(),
        "winner": live.state.winner(),
        "winners": live.state.winners(),
        "ranking": live.state.ranking(),
        "scores": live.state.scores() if live.state.is_terminal() else None,
        "can_undo": undo_refusal(live, seat) is None,
        "prompt": live.web.prompt(view, seat, live.info.options, lang=lang),
        # The log panel's lines in `lang` (issue 20); the view keeps the engine's English
        # (what a page's animation reads). English pages read the view's own.
        **_log_payload(live, view, lang),
        "accepted_at": live.accepted_wall,
        # The rematch of a finished game, once a seat has asked for it (`Hub.rematch`).
        "rematch": live.info.rematch,
    }


def _log_payload(live: LiveGame, view: Mapping[str, Any], lang: str) -> dict[str, Any]:
    log = view.get("log")
    if lang == "en" or not isinstance(log, list):
        return {}
    return {"log": log_lines(live.web, live.game.name, log, live.info.options, lang)}


class Hub:
    def __init__(
        self,
        store: Store,
        pool: Pool,
        bot_delay: float = 0.0,
        *,
        limits: Limits | None = None,
        notifier: Notifier | None = None,
        multi: bool | None = None,
        lease_seconds: float = 6.0,
        check_seconds: float = 2.0,
    ) -> None:
        self.store = store
        self.pool = pool
        self.bot_delay = bot_delay
        self.limits = limits or Limits()
        self.notifier = notifier
        self._chats = RateLimiter(self.limits.chat_per_window, self.limits.chat_window_seconds)
        self._games: dict[str, LiveGame] = {}
        self._load_lock = asyncio.Lock()
        self._closing = False
        # Other processes may serve the same games (PostgreSQL): leases, events, checks.
        self.multi = store.postgres if multi is None else multi
        self.origin = store.origin
        self.lease_seconds = lease_seconds
        self.check_seconds = check_seconds
        self._background: set[asyncio.Task[Any]] = set()
        self.remote_events = 0  # events from other processes that changed a game here
        # Seconds from an accepted action to each client's push (read by the load test).
        self.push_latencies: list[float] = []

    # ------------------------------------------------------------------- loading

    async def get(self, game_id: str) -> LiveGame | None:
        live = self._games.get(game_id)
        if live is not None:
            return live
        async with self._load_lock:
            live = self._games.get(game_id)
            if live is None:
                live = await asyncio.to_thread(self._load, game_id)
                if live is None:
                    return None
                self._games[game_id] = live
        self.kick_bots(live)
        return live

    def _load(self, game_id: str) -> LiveGame | None:
        loaded = self.store.load(game_id)
        if loaded is None:
            return None
        info, record, keys = loaded
        claimed = [s.claimed for s in self.store.seats(game_id)]
        game = find_game(info.game)
        state = replay(record, game)
        live = LiveGame(info, record, state, game, web_title(game.name), keys, claimed)
        live.revision = info.revision
        last_at = max((getattr(a, "at", 0) for _, a in record.actions), default=0)
        live.clock_origin = time.monotonic() - last_at / 1000
        return live

    async def fresh(self, game_id: str) -> LiveGame | None:
        """`get`, but with several processes first compare the cached game with the table
        (one indexed read) and re-read it if another process moved it on: for a page load,
        a GET, a (re)connecting socket."""
        live = await self.get(game_id)
        if live is None or not self.multi:
            return live
        revs = await asyncio.to_thread(self.store.revisions, [game_id])
        if revs.get(game_id, live.revision) != live.revision or live.dirty:
            await self._sync(live)
        return live

    async def _reload(self, live: LiveGame) -> bool:
        """Under the game's lock: bring the cached game to the table's (in place: its
        sockets, lock and tasks stay). Only the actions past the cached ones are applied
        when the cached record is a prefix of the stored one; anything else (an undo) is
        replayed from the start. Returns whether anything changed."""
        loaded = await asyncio.to_thread(self.store.load, live.info.id)
        live.dirty = False
        if loaded is None:
            return False
        info, record, keys = loaded
        if info.revision == live.revision:
            live.info = info
            return False
        old = live.record.actions
        new = record.actions
        if len(new) >= len(old) and new[: len(old)] == old:
            state = live.state.clone()
            for seat, action in new[len(old) :]:
                state.apply(seat, action)
        else:
            state = await asyncio.to_thread(replay, record, live.game)
            # A bot may be thinking about a position that was taken back.
            for task in live.bot_tasks.values():
                task.cancel()
            live.bot_tasks.clear()
        live.info, live.record, live.keys, live.state = info, record, keys, state
        live.revision = info.revision
        # Real-time games: another process stamped these actions; never fall behind them.
        last_at = max((getattr(a, "at", 0) for _, a in new), default=0)
        if self.game_time(live) < last_at:
            live.clock_origin = time.monotonic() - last_at / 1000
        live.accepted_at = time.monotonic()
        live.accepted_wall = time.time()
        return True

    async def _sync(self, live: LiveGame) -> None:
        """Re-read a game another process changed; push this process's sockets; start
        the bots if it is theirs to play now (and this process gets the lease)."""
        async with live.lock:
            changed = await self._reload(live)
            if changed:
                self.remote_events += 1
                await self._broadcast(live)
        self.kick_bots(live)

    # ------------------------------------------------------------------- other processes

    def on_event(self, event: dict[str, Any]) -> None:
        """An event from the bus: another process changed a game. Ours and games this
        process does not serve are ignored; the rest are re-read from the table."""
        if event.get("o") == self.origin or self._closing:
            return
        live = self._games.get(event["g"])
        if live is None:
            return
        kind = event.get("k")
        if kind in ("action", "undo"):
            rev = event.get("r")
            if isinstance(rev, int) and rev <= live.revision:
                return  # already read (a late or repeated event)
            self._spawn(self._sync(live))
        elif kind == "chat" and isinstance(event.get("id"), int):
            self._spawn(self._remote_chat(live, event["id"]))
        elif kind in ("seats", "rematch"):
            drop = event.get("drop")
            self._spawn(self._remote_seats(live, drop if isinstance(drop, int) else None))

    async def _remote_seats(self, live: LiveGame, drop: int | None) -> None:
        await self._seats_changed(live.info.id, disconnect=drop)
        self.kick_bots(live)  # a seat handed to a bot

    def _spawn(self, work: Awaitable[Any]) -> None:
        async def guarded() -> None:
            try:
                await work
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.error("handling another process's event failed: %s", exc)

        task = asyncio.create_task(guarded())
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _remote_chat(self, live: LiveGame, message_id: int) -> None:
        message = await asyncio.to_thread(self.store.chat_message, live.info.id, message_id)
        if message is not None:
            async with live.lock:
                await self._send_all(live, {"type": "chat", "message": message.to_dict()})

    async def catch_up(self) -> None:
        """Compare every game this process serves with the table; re-read the ones another
        process moved on (after the event listener (re)connects, and periodically)."""
        games = dict(self._games)
        if not games:
            return
        revs = await asyncio.to_thread(self.store.revisions, list(games))
        for game_id, rev in revs.items():
            live = games[game_id]
            if rev != live.revision or live.dirty:
                await self._sync(live)

    async def watch(self) -> None:
        """The periodic part of running beside other processes: catch up on lost events,
        renew the leases of the games whose bots or timer run here, and adopt the games
        whose bots' process died (lease expired)."""
        last_sweep = 0.0
        while not self._closing:
            await asyncio.sleep(self.check_seconds)
            try:
                await self.catch_up()
                await self._renew_leases()
                if time.monotonic() - last_sweep >= self.lease_seconds / 2:
                    last_sweep = time.monotonic()
                    await self._adopt_orphans()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database is away: try again next time
                log.error("periodic check failed: %s", exc)

    async def _renew_leases(self) -> None:
        for live in list(self._games.values()):
            running = any(not t.done() for t in live.bot_tasks.values()) or (
                live.timer_task is not None and not live.timer_task.done()
            )
            if running and live.lease_until > time.monotonic():
                await self._hold(live, renew=True)

    async def _adopt_orphans(self) -> None:
        for game_id in await asyncio.to_thread(self.store.unleased_bot_games):
            try:
                live = await self.fresh(game_id)
            except EkimaeError as exc:
                log.error("game %s cannot be resumed: %s", game_id, exc)
                continue
            if live is not None:
                self.kick_bots(live)

    async def _hold(self, live: LiveGame, renew: bool = False) -> bool:
        """Whether this process may run the game's bots and timer now: it holds the lease
        (renewed when a third of it is left, or when `renew`), or takes it now."""
        if not self.multi:
            return True
        now = time.monotonic()
        if not renew and live.lease_until - now > self.lease_seconds * 2 / 3:
            return True
        got = await asyncio.to_thread(
            self.store.take_lease, live.info.id, self.origin, self.lease_seconds
        )
        # A margin under the lease's length: this process stops before another may start.
        live.lease_until = now + self.lease_seconds * 0.8 if got else 0.0
        return got

    async def create(
        self,
        game: Game[Any],
        names: list[str],
        bots: list[str | None],
        seed: int,
        options: dict[str, Any],
        *,
        host_seat: int | None,
        listed: bool = True,
        practice: bool = False,
    ) -> CreatedGame:
        state = game.new_state(len(names), seed, options)  # validates seats and options
        for bot in bots:
            if bot is not None:
                check_bot(game.name, bot)  # unknown names fail here, not mid-game
        created = await asyncio.to_thread(
            self.store.create,
            game,
            seed,
            options,
            names,
            bots,
            list(state.current_players()),
            host_seat=host_seat,
            listed=listed,
            practice=practice,
        )
        await self.get(created.id)
        return created

    # ------------------------------------------------------------------- seats

    async def claim(self, code: str, name: str) -> tuple[str, int, str]:
        """A person takes the seat an invitation is for; returns (game, seat, token)."""
        try:
            game_id, seat, token = await asyncio.to_thread(self.store.claim, code, name)
        except SeatError as exc:
            raise RefusedError("gone", str(exc), status=410) from None
        await self._seats_changed(game_id)
        return game_id, seat, token

    async def revoke(self, game_id: str, seat: int) -> str:
        """The host withdraws a seat's link (or unclaimed invitation); returns the new
        invitation's code. Whoever held the old link is disconnected."""
        try:
            code = await asyncio.to_thread(self.store.revoke, game_id, seat)
        except SeatError as exc:
            raise RefusedError("refused", str(exc), status=409) from None
        await self._seats_changed(game_id, disconnect=seat)
        return code

    async def replace_with_bot(self, game_id: str, seat: int, bot: str) -> None:
        """The host hands a vanished person's seat to a bot, which plays on from here."""
        live = await self.get(game_id)
        if live is None:
            raise RefusedError("not-found", f"no game {game_id!r}", status=404)
        try:
            check_bot(live.game.name, bot)
        except ValueError as exc:
            raise RefusedError("malformed", str(exc)) from None
        try:
            await asyncio.to_thread(self.store.replace_with_bot, game_id, seat, bot)
        except SeatError as exc:
            raise RefusedError("refused", str(exc), status=409) from None
        live = await self._seats_changed(game_id, disconnect=seat)
        if live is not None:
            self.kick_bots(live)

    async def _seats_changed(self, game_id: str, disconnect: int | None = None) -> LiveGame | None:
        """Reread names, bots and claims; close a revoked seat's sockets; push everyone."""
        live = await self.get(game_id)
        if live is None:
            return None
        async with live.lock:
            info = await asyncio.to_thread(self.store.info, game_id)
            seats = await asyncio.to_thread(self.store.seats, game_id)
            if info is not None:
                live.info = info
            live.claimed = [s.claimed for s in seats]
            if disconnect is not None:
                for client in [c for c in live.clients if c.seat == disconnect]:
                    live.clients.discard(client)
                    if client.close is not None:
                        with contextlib.suppress(Exception):
                            await client.close(4403, "this seat's link was withdrawn by the host")
            await self._broadcast(live)
        return live

    # ------------------------------------------------------------------- acting

    @staticmethod
    def decode(live: LiveGame, data: Any) -> Action:
        try:
            return live.game.codec.from_dict(data)
        except MalformedActionError as exc:
            raise RefusedError("malformed", str(exc)) from None

    async def act(
        self,
        game_id: str,
        seat: int,
        action: Action,
        expected: int | None = None,
        key: str | None = None,
        seq: int | None = None,
        revision: int | None = None,
    ) -> int:
        """Apply and commit one action; returns its index. `RefusedError` leaves all unchanged.

        `revision` (bots): the game's revision the action was chosen at; if the game has
        changed since (in any process), it is stale.

        Every action carries `expected` (the action count its sender saw), `seq` (the
        number of actions its own seat had taken: for steps where seats act at once) or an
        idempotency `key` — any of them, or several — so a request sent twice is never
        applied twice: the second is stale, or answered with the first one's index.
        """
        if expected is None and key is None and seq is None:
            raise RefusedError(
                "malformed",
                "an action needs `expected` (the number of actions you saw), `seq` (the number"
                " your seat took) or an idempotency `key`, so that sending it twice cannot"
                " apply it twice",
            )
        live = await self.get(game_id)
        if live is None:
            raise RefusedError("not-found", f"no game {game_id!r}", status=404)
        async with live.lock:
            for attempt in range(STALE_RETRIES):
                try:
                    index = await self._act_locked(live, seat, action, expected, key, seq, revision)
                    break
                except StaleWriteError:
                    # Another process wrote first: read what it wrote, push it, and check
                    # this request again against the new position.
                    if attempt == STALE_RETRIES - 1:
                        live.dirty = True
                        raise RefusedError(
                            "stale", "the game moved on while this action was stored", status=409
                        ) from None
                    if await self._reload(live):
                        await self._broadcast(live)
        self.kick_bots(live)
        return index

    async def _act_locked(
        self,
        live: LiveGame,
        seat: int,
        action: Action,
        expected: int | None,
        key: str | None,
        seq: int | None,
        revision: int | None,
    ) -> int:

        if live.dirty and await self._reload(live):
            await self._broadcast(live)
        index = len(live.record.actions)
        if key is not None and key in live.keys:
            done = live.keys[key]
            if not _same_request(live.record.actions[done], seat, action):
                raise RefusedError("malformed", f"key {key!r} was already used for another action")
            return done  # a retry of an action already applied
        if expected is not None and expected != index:
            raise RefusedError(
                "stale",
                f"the game moved on (action {index}, you expected {expected})",
                status=409,
            )
        if seq is not None and seq != own_actions(live, seat):
            raise RefusedError(
                "stale",
                f"your seat has taken {own_actions(live, seat)} actions, not {seq}",
                status=409,
            )
        if revision is not None and revision != live.revision:
            raise RefusedError("stale", "the game changed since this move was chosen", status=409)
        if live.game.type.dynamics is Dynamics.REAL_TIME:
            # The server's clock decides when a real-time action happened: first what
            # fell due before it (a round's time running out), then it, stamped now.
            await self._catch_up(live)
            action = stamp(action, self.game_time(live))
        return await self._commit(live, seat, action, key)

    async def _commit(self, live: LiveGame, seat: int, action: Action, key: str | None) -> int:
        """Under the game's lock: apply, store, then push. `RefusedError` changes nothing."""
        index = len(live.record.actions)
        # Applied to a copy: readers that do not take the lock (GET, page loads) must
        # never see a position whose action is not yet stored and in the record.
        state = live.state.clone()
        before = set(live.state.current_players())
        try:
            state.apply(seat, action)
        except IllegalActionError as exc:
            raise RefusedError("illegal", str(exc), exc.rule) from None
        except MalformedActionError as exc:
            raise RefusedError("malformed", str(exc)) from None
        live.revision = await self._write(
            live,
            self.store.append_action,
            live.info.id,
            index,
            seat,
            action,
            list(state.current_players()),
            state.is_terminal(),
            state.winner(),
            key,
            live.revision,
        )
        live.record.actions.append((seat, action))
        if key is not None:
            live.keys[key] = index
        live.state = state
        live.accepted_at = time.monotonic()
        live.accepted_wall = time.time()
        await self._broadcast(live)
        if not state.is_terminal():
            self._announce_turns(live, set(state.current_players()) - before - {seat}, index + 1)
        return index

    def _announce_turns(self, live: LiveGame, seats: set[int], count: int) -> None:
        """Hand the notifier the people's seats an action by someone else has just made
        ones to act; at most once per seat and turn. Returns at once: sending happens in
        the notifier's own tasks, never on the action's path."""
        if self.notifier is None:
            return
        people = sorted(
            s
            for s in seats
            if 0 <= s < len(live.info.bots)
            and live.info.bots[s] is None
            and live.notified.get(s, -1) < count
        )
        if not people:
            return
        for s in people:
            live.notified[s] = count
        notice = TurnNotice(live.info.id, live.game.title, list(live.info.names), people, count)
        self.notifier.turn(notice)

    async def _write(self, live: LiveGame, write: Callable[..., int], *args: Any) -> int:
        """A storage write, off the event loop; returns the game's new revision.
        `StaleWriteError` (another process wrote first: nothing was written) is the
        caller's to handle; on any other failure the write may or may not have landed, so
        the cached game is re-read from the table before its next use."""
        try:
            return await asyncio.to_thread(write, *args)
        except StaleWriteError:
            raise
        except BaseException:
            live.dirty = True
            raise

    async def undo(self, game_id: str, seat: int, expected: int | None) -> int:
        """Take back `seat`'s last action; returns the new action count.

        Truncate-and-replay: the state is rebuilt from the record minus its last action
        (never patched backwards), the row is deleted in one transaction, and only then is
        every client pushed its new view. `RefusedError` leaves everything unchanged.
        `expected` is required: an undo sent twice must not take back two actions.
        """
        if expected is None:
            raise RefusedError(
                "malformed", "an undo needs `expected` (the number of actions you saw)"
            )
        live = await self.get(game_id)
        if live is None:
            raise RefusedError("not-found", f"no game {game_id!r}", status=404)
        async with live.lock:
            for attempt in range(STALE_RETRIES):
                try:
                    count = await self._undo_locked(live, seat, expected)
                    break
                except StaleWriteError:
                    if attempt == STALE_RETRIES - 1:
                        live.dirty = True
                        raise RefusedError("stale", "the game moved on", status=409) from None
                    if await self._reload(live):
                        await self._broadcast(live)
        self.kick_bots(live)
        return count

    async def _undo_locked(self, live: LiveGame, seat: int, expected: int) -> int:
        if live.dirty and await self._reload(live):
            await self._broadcast(live)
        game_id = live.info.id
        count = len(live.record.actions)
        if expected is not None and expected != count:
            raise RefusedError(
                "stale",
                f"the game moved on (action {count}, you expected {expected})",
                status=409,
            )
        why = undo_refusal(live, seat)
        if why is not None:
            raise RefusedError("undo-refused", f"cannot undo: {why}", status=409)
        record = live.record.truncated(count - 1)
        state = await asyncio.to_thread(replay, record, live.game)
        live.revision = await self._write(
            live,
            self.store.undo_action,
            game_id,
            count - 1,
            seat,
            list(state.current_players()),
            state.is_terminal(),
            state.winner(),
            live.revision,
        )
        # A bot may be thinking about the position being taken back (it acts on its
        # own turn right after ours): cancel it so its choice is never applied to the
        # new position, which could have the same action count after a redo.
        for task in live.bot_tasks.values():
            task.cancel()
        live.bot_tasks.clear()
        live.keys = {k: i for k, i in live.keys.items() if i < count - 1}
        live.record = record
        live.state = state
        live.accepted_at = time.monotonic()
        live.accepted_wall = time.time()
        await self._broadcast(live)
        return count - 1

    async def _broadcast(self, live: LiveGame) -> None:
        by_seat: dict[tuple[int | None, str], dict[str, Any]] = {}
        for client in list(live.clients):
            key = (client.seat, client.lang)
            payload = by_seat.get(key)
            if payload is None:
                payload = by_seat[key] = state_payload(live, client.seat, client.lang)
            try:
                await asyncio.wait_for(client.send(payload), timeout=5)
            except Exception:  # a dead or stuck socket must not stall the game
                live.clients.discard(client)
                continue
            self.push_latencies.append(time.monotonic() - live.accepted_at)

    # ------------------------------------------------------------------- clients

    async def subscribe(self, live: LiveGame, client: Client) -> None:
        async with live.lock:  # the first push and later ones cannot interleave
            # Another process may have moved the game on: read the table first.
            if self.multi and await self._reload(live):
                await self._broadcast(live)
            # The first push carries the chat so far (`chat`); later messages come one by
            # one. None is missed: one stored before this read is in it, one stored after
            # is sent to this client (added here under the lock the sending takes); one
            # stored just before may come in both, and pages keep each id once.
            history = await asyncio.to_thread(
                self.store.chat, live.info.id, self.limits.chat_history
            )
            live.clients.add(client)
            first = state_payload(live, client.seat, client.lang)
            await client.send({**first, "chat": [m.to_dict() for m in history]})

    # ------------------------------------------------------------------- chat

    async def post_chat(self, live: LiveGame, seat: int, text: object) -> dict[str, Any]:
        """Store a seat's message and push it to every socket of the game (seats and
        spectators); returns it. Refused: empty, too long, too many too fast."""
        try:
            cleaned = clean_text(text, self.limits.chat_max_chars)
        except ChatError as exc:
            raise RefusedError("malformed", str(exc)) from None
        wait = self._chats.allow(f"{live.info.id}:{seat}", time.monotonic())
        if wait is not None:
            raise RefusedError(
                "rate-limited",
                f"too many messages at once; the next one in {max(1, round(wait))} s",
                status=429,
            )
        name = live.info.names[seat]
        # Stored outside the game's lock (an action need not wait for a chat write); sent
        # under it, so it never interleaves with a state push on one socket.
        stored = await asyncio.to_thread(self.store.add_chat, live.info.id, seat, name, cleaned)
        message = stored.to_dict()
        async with live.lock:
            await self._send_all(live, {"type": "chat", "message": message})
        return message

    async def _send_all(self, live: LiveGame, payload: dict[str, Any]) -> None:
        for client in list(live.clients):
            try:
                await asyncio.wait_for(client.send(payload), timeout=5)
            except Exception:  # a dead or stuck socket must not stall the game
                live.clients.discard(client)

    # ------------------------------------------------------------------- rematch

    async def rematch(self, game_id: str, seat: int) -> tuple[str, str]:
        """(new game, this seat's token in it): a rematch with the same seats, made by the
        first seat to ask; every later call returns the same game. The seed is a new
        secret (never the old one, so it is never a practice game)."""
        live = await self.get(game_id)
        if live is None:
            raise RefusedError("not-found", f"no game {game_id!r}", status=404)
        async with live.lock:
            if not live.state.is_terminal():
                raise RefusedError(
                    "not-finished", "a rematch can be asked for once the game is over", status=409
                )
            if live.info.rematch is None:
                seed = secret_seed()
                names, options = live.info.names, live.info.options
                state = live.game.new_state(len(names), seed, options)
                made, _ = await asyncio.to_thread(
                    self.store.create_rematch,
                    game_id,
                    live.game,
                    seed,
                    list(state.current_players()),
                )
                live.info = replace(live.info, rematch=made)
                await self._broadcast(live)
            new_id = live.info.rematch
        assert new_id is not None
        token = await asyncio.to_thread(self.store.seat_token, new_id, seat)
        if token is None:
            raise RefusedError(
                "refused", f"seat {seat + 1} has no person's link in the rematch", status=409
            )
        await self.get(new_id)  # loaded now: its bots start
        return new_id, token

    def unsubscribe(self, live: LiveGame, client: Client) -> None:
        live.clients.discard(client)

    # ------------------------------------------------------------------- bots

    def kick_bots(self, live: LiveGame) -> None:
        """Start a task for every bot seat that may act and has none running; and the
        system seat's timer where the game has one due."""
        if self._closing:
            return
        self._kick_timer(live)
        if live.state.is_terminal():
            return
        for seat in live.state.current_players():
            task = live.bot_tasks.get(seat)
            if live.info.bots[seat] is not None and (task is None or task.done()):
                live.bot_tasks[seat] = asyncio.create_task(self._bot_loop(live.info.id, seat))

    async def _until_game_time(self, live: LiveGame, at: int) -> None:
        """Wait until the game's clock reaches `at` (ms), at most MAX_BOT_WAIT. The clock
        is read again every quarter second rather than slept on once: the game clock is
        the authority, not the wall's (a test that moves it on is followed at once)."""
        give_up = time.monotonic() + MAX_BOT_WAIT
        while (wait := (at - self.game_time(live)) / 1000) > 0 and time.monotonic() < give_up:
            await asyncio.sleep(min(wait, 0.25))

    async def _bot_loop(self, game_id: str, seat: int) -> None:
        """Play `seat` while it may act: think from its view, then act like a person."""
        while not self._closing:
            live = await self.get(game_id)
            if live is None:
                return
            # With several processes, only the lease's holder plays the game's bots.
            if not await self._hold(live):
                return
            async with live.lock:
                if live.dirty:
                    await self._reload(live)
                if live.state.is_terminal() or seat not in live.state.current_players():
                    return
                name = live.info.bots[seat]
                if name is None:  # handed back to a person meanwhile
                    return
                revision = live.revision
                index = len(live.record.actions)
                alone = len(live.state.current_players()) == 1
                seq = own_actions(live, seat)
                view = live.state.view(seat)
                legal = list(live.state.legal_actions(seat))
            if not legal:
                return
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            # The bot's randomness is derived from the game's secret seed (the same after
            # a restart) but cannot lead back to it.
            bot_seed = derived_seed(live.info.seed, "bot", seat)
            move_seed = f"{bot_seed}:{index}"
            move = (live.game.name, name, bot_seed, view, legal, move_seed)
            if name in INLINE_BOTS:
                action = bot_move(*move)
            else:
                action = await self.pool.run(bot_move, *move)
            # Real time: an action the rules allow only from a later game time (a pace
            # between one seat's actions, QD/JU/CD) is sent when that time comes, never
            # early (the server stamps it with its own clock, which would be refused).
            not_before = getattr(action, "at", None)
            if live.game.type.dynamics is Dynamics.REAL_TIME and isinstance(not_before, int):
                await self._until_game_time(live, not_before)
            # Alone to act, the position it saw must still be the game's; acting at once
            # with others, only its own actions matter (theirs do not make it stale).
            try:
                if alone:
                    await self.act(game_id, seat, action, expected=index, revision=revision)
                else:
                    await self.act(game_id, seat, action, seq=seq)
            except RefusedError as exc:
                log.debug("bot %s at seat %d in %s refused: %s", name, seat, game_id, exc.message)
                if exc.kind not in ("stale", "illegal"):
                    log.error("bot %s at seat %d in %s: %s", name, seat, game_id, exc.message)
                    return
                if exc.kind == "illegal" and alone:
                    log.error("bot %s at seat %d in %s: %s", name, seat, game_id, exc.message)
                    return

    # ------------------------------------------------------------------- time

    def game_time(self, live: LiveGame) -> int:
        """Now in the game's time (ms), never before its last recorded action."""
        return max(0, round((time.monotonic() - live.clock_origin) * 1000))

    def _kick_timer(self, live: LiveGame) -> None:
        due = live.state.deadline()
        running = live.timer_task is not None and not live.timer_task.done()
        if due is not None and not running:
            live.timer_task = asyncio.create_task(self._timer_loop(live.info.id))

    async def _timer_loop(self, game_id: str) -> None:
        """Apply the system seat's actions when they fall due (a round's time running
        out): recorded like any other, so a replay ends each round where the game did."""
        while not self._closing:
            live = await self.get(game_id)
            if live is None:
                return
            due = live.state.deadline()
            if due is None:
                return
            wait = (due - self.game_time(live)) / 1000
            if wait > 0:
                await asyncio.sleep(min(wait, 1.0))  # re-read: an action may move it
                continue
            if not await self._hold(live):  # another process runs this game's clock
                return
            async with live.lock:
                try:
                    await self._catch_up(live)
                except StaleWriteError:  # another process applied it: read what it did
                    if await self._reload(live):
                        await self._broadcast(live)
            self.kick_bots(live)

    async def _catch_up(self, live: LiveGame) -> None:
        """Under the game's lock: apply every system action already due, so that a
        person's action stamped after a deadline lands after what happened at it."""
        while (due := live.state.deadline()) is not None and due <= self.game_time(live):
            actions = live.state.legal_actions(SYSTEM)
            if not actions:
                return
            await self._commit(live, SYSTEM, actions[0], None)

    async def hint(self, live: LiveGame, seat: int) -> Hint:
        """The move `strong` would make for `seat` now, from its view only (a worker
        searches); `BusyError` when too many searches wait already."""
        if seat not in live.state.current_players():
            raise RefusedError("not-your-turn", "it is not this seat's turn", status=409)
        view, legal = live.state.view(seat), list(live.state.legal_actions(seat))
        seed = derived_seed(live.info.seed, "hint", seat, len(live.record.actions))
        return await self.pool.run(hint_move, live.game.name, view, legal, seed, may_refuse=True)

    async def resume_bots(self) -> None:
        """After a restart: let bots continue every unfinished game (with several
        processes: every one whose lease is not held by a live process)."""
        find = self.store.unleased_bot_games if self.multi else self.store.waiting_for_bots
        for game_id in await asyncio.to_thread(find):
            try:
                await self.get(game_id)
            except EkimaeError as exc:
                # One record that no longer replays (an older engine's game) must not keep
                # the server from starting; that game answers with an error when opened.
                log.error("game %s cannot be resumed: %s", game_id, exc)

    async def close(self) -> None:
        self._closing = True
        tasks = [t for g in self._games.values() for t in g.bot_tasks.values()]
        tasks += [g.timer_task for g in self._games.values() if g.timer_task is not None]
        tasks += list(self._background)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self.multi:
            # Hand the games this process ran to the others at once, not at expiry.
            held = [g.info.id for g in self._games.values() if g.lease_until > time.monotonic()]
            for game_id in held:
                with contextlib.suppress(Exception):
                    await asyncio.to_thread(self.store.release_lease, game_id, self.origin)
        if self.notifier is not None:
            await self.notifier.close()
        self.pool.close()
