"""The hub: the registry of this process's tables (one per game in memory) and seats.

It finds a game's `Table` (loading it if need be: `server.tables`) and hands each request
to it; it makes games and changes seats (claim, withdraw, hand to a bot, rematch). What
happens after a change is not its business: each table announces `Committed` to the
listeners the hub wires in — the bot and timer runner (`server.runners`), the turn notices
(`server.turns`), and whatever else registers (`Hub.listen`: metrics, an admin page) —
and, with several processes, `server.peers` feeds the other processes' changes to the
tables. Bot moves and hints are searched in worker processes (`server.workers`).

The names the routes and tests import from here before issue 29 still are (`LiveGame` is
the `Table`; the payload functions live in `server.payloads`).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from ekimae.core.actions import Action
from ekimae.core.errors import EkimaeError
from ekimae.core.game import Game
from ekimae.seeding import derived_seed, secret_seed
from ekimae.server.chat import ChatError, clean_text
from ekimae.server.clients import Client
from ekimae.server.config import Limits
from ekimae.server.errors import RefusedError, not_found
from ekimae.server.ladders import check_bot
from ekimae.server.leases import Leases
from ekimae.server.limits import rate_limiter
from ekimae.server.notify import Notifier
from ekimae.server.payloads import (
    legal_payload,
    own_actions,
    own_final,
    state_payload,
    table_summary,
    undo_refusal,
)
from ekimae.server.peers import Peers
from ekimae.server.runners import Runner
from ekimae.server.store import CreatedGame, Discard, SeatError, Store
from ekimae.server.table import Listener, Table
from ekimae.server.tables import Tables
from ekimae.server.turns import TurnNotices
from ekimae.server.workers import Hint, Pool, hint_move

log = logging.getLogger("ekimae.server")

LiveGame = Table  # the name routes and tests knew it by

__all__ = [
    "Client",
    "Hub",
    "LiveGame",
    "RefusedError",
    "Table",
    "legal_payload",
    "own_actions",
    "own_final",
    "state_payload",
    "table_summary",
    "undo_refusal",
]


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
        self.limits = limits or Limits()
        self.notifier = notifier
        # Other processes may serve the same games (PostgreSQL): leases, events, checks.
        self.multi = store.postgres if multi is None else multi
        self.origin = store.origin
        self._chats = rate_limiter(
            store, "chat", self.limits.chat_per_window, self.limits.chat_window_seconds
        )
        self.listeners: list[Listener] = []
        self.leases = Leases(store, self.origin, lease_seconds, self.multi)
        self.runner = Runner(pool, self.leases, bot_delay)
        self.tables = Tables(store, self.listeners, self.multi, on_load=self.runner.kick)
        self.peers = Peers(self.tables, self.runner, self.leases, self.origin, check_seconds)
        self.listen(self.runner.on_committed)
        if notifier is not None:
            self.listen(TurnNotices(notifier).on_committed)

    def listen(self, listener: Listener) -> None:
        """Hear every table's `Committed`, in order, after the runner and turn notices."""
        self.listeners.append(listener)

    @property
    def _games(self) -> dict[str, Table]:
        return self.tables.held

    # ------------------------------------------------------------------- finding

    async def get(self, game_id: str) -> Table | None:
        return await self.tables.get(game_id)

    async def fresh(self, game_id: str) -> Table | None:
        return await self.tables.fresh(game_id)

    async def table(self, game_id: str) -> Table:
        """The game's table; `RefusedError` (404) if there is no such game."""
        table = await self.tables.get(game_id) if len(game_id) <= 32 else None
        if table is None:
            raise not_found(game_id)
        return table

    def game_time(self, table: Table) -> int:
        return table.game_time()

    @staticmethod
    def decode(table: Table, data: Any) -> Action:
        return table.decode(data)

    def kick_bots(self, table: Table) -> None:
        self.runner.kick(table)

    # ------------------------------------------------------------------- acting

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
        """`Table.act` on the game: apply and store one action; returns its index."""
        table = await self.table(game_id)
        return await table.act(seat, action, expected, key, seq, revision)

    async def undo(self, game_id: str, seat: int, expected: int | None) -> int:
        """`Table.undo` on the game: take back `seat`'s last action."""
        table = await self.table(game_id)
        return await table.undo(seat, expected)

    async def hint(self, table: Table, seat: int) -> Hint:
        """The move `strong` would make for `seat` now, from its view only (a worker
        searches); `BusyError` when too many searches wait already."""
        if seat not in table.state.current_players():
            raise RefusedError("not-your-turn", "it is not this seat's turn", status=409)
        view, legal = table.state.view(seat), list(table.state.legal_actions(seat))
        seed = derived_seed(table.info.seed, "hint", seat, len(table.record.actions))
        return await self.pool.run(hint_move, table.game.name, view, legal, seed, may_refuse=True)

    # ------------------------------------------------------------------- sockets, chat

    async def subscribe(self, table: Table, client: Client) -> None:
        await table.subscribe(client, self.limits.chat_history)

    def unsubscribe(self, table: Table, client: Client) -> None:
        table.unsubscribe(client)

    async def post_chat(self, table: Table, seat: int, text: object) -> dict[str, Any]:
        """Store a seat's message and push it to every socket of the game (seats and
        spectators); returns it. Refused: empty, too long, too many too fast."""
        try:
            cleaned = clean_text(text, self.limits.chat_max_chars)
        except ChatError as exc:
            raise RefusedError("malformed", str(exc)) from None
        wait = await self._chats.ask(f"{table.info.id}:{seat}")
        if wait is not None:
            raise RefusedError(
                "rate-limited",
                f"too many messages at once; the next one in {max(1, round(wait))} s",
                status=429,
            )
        name = table.info.names[seat]
        # Stored outside the game's lock (an action need not wait for a chat write); sent
        # under it, after any socket `subscribe` is adding (see `Table.subscribe`).
        stored = await asyncio.to_thread(self.store.add_chat, table.info.id, seat, name, cleaned)
        message = stored.to_dict()
        async with table.lock:
            table.send_all({"type": "chat", "message": message})
        return message

    # ------------------------------------------------------------------- games, seats

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
        await self.tables.get(created.id)
        return created

    async def claim(self, code: str, name: str) -> tuple[str, int, str]:
        """A person takes the seat an invitation is for; returns (game, seat, token)."""
        try:
            game_id, seat, token = await asyncio.to_thread(self.store.claim, code, name)
        except SeatError as exc:
            raise RefusedError("gone", str(exc), status=410) from None
        table = await self.tables.get(game_id)
        if table is not None:
            await table.seats_changed()
        return game_id, seat, token

    async def revoke(self, game_id: str, seat: int) -> str:
        """The host withdraws a seat's link (or unclaimed invitation); returns the new
        invitation's code. Whoever held the old link is disconnected; a sealed choice it
        made that nobody has seen yet is discarded (whoever claims the seat chooses)."""
        table = await self.table(game_id)

        def write(discard: Discard | None) -> tuple[str, int | None]:
            return self.store.revoke(game_id, seat, discard)

        code = await table.change_seat(seat, write)
        await table.seats_changed(disconnect=seat)
        return code

    async def replace_with_bot(self, game_id: str, seat: int, bot: str) -> None:
        """The host hands a vanished person's seat to a bot, which plays on from here."""
        table = await self.table(game_id)
        try:
            check_bot(table.game.name, bot)
        except ValueError as exc:
            raise RefusedError("malformed", str(exc)) from None

        def write(discard: Discard | None) -> tuple[None, int | None]:
            return None, self.store.replace_with_bot(game_id, seat, bot, discard)

        await table.change_seat(seat, write)
        await table.seats_changed(disconnect=seat)
        self.runner.kick(table)

    async def rematch(self, game_id: str, seat: int) -> tuple[str, str]:
        """(new game, this seat's token in it): a rematch with the same seats, made by the
        first seat to ask; every later call returns the same game. The seed is a new
        secret (never the old one, so it is never a practice game)."""
        table = await self.table(game_id)
        new_id = await table.rematch(secret_seed())
        token = await asyncio.to_thread(self.store.seat_token, new_id, seat)
        if token is None:
            raise RefusedError(
                "refused", f"seat {seat + 1} has no person's link in the rematch", status=409
            )
        await self.tables.get(new_id)  # loaded now: its bots start
        return new_id, token

    # ------------------------------------------------------------------- other processes

    def on_event(self, event: dict[str, Any]) -> None:
        self.peers.on_event(event)

    async def catch_up(self) -> None:
        await self.peers.catch_up()

    async def watch(self) -> None:
        await self.peers.watch()

    # ------------------------------------------------------------------- start, stop

    async def resume_bots(self) -> None:
        """After a restart: let bots continue every unfinished game (with several
        processes: every one whose lease is not held by a live process)."""
        find = self.store.unleased_bot_games if self.multi else self.store.waiting_for_bots
        for game_id in await asyncio.to_thread(find):
            try:
                await self.tables.get(game_id)
            except EkimaeError as exc:
                # One record that no longer replays (an older engine's game) must not keep
                # the server from starting; that game answers with an error when opened.
                log.error("game %s cannot be resumed: %s", game_id, exc)

    async def drain(self) -> None:
        """A graceful stop's first half, before the sockets close: refuse every new action
        (503 `stopping`; nothing half-done), start no bot move or timer, wait for each write
        in flight (it holds its game's lock), and give up the games' leases so that another
        process plays their bots and clocks at once."""
        self.tables.gate.open = False
        self.runner.closing = True
        for table in self.tables.all():
            async with table.lock:
                pass
        await self.runner.close(self.tables.all())
        await self.leases.release(self.tables.all())

    async def close(self) -> None:
        await self.peers.close()
        await self.runner.close(self.tables.all())
        await self.leases.release(self.tables.all())
        if self.notifier is not None:
            await self.notifier.close()
        self.pool.close()
