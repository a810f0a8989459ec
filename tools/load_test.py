"""A bounded load test of `ekimae serve` on loopback; prints the figures.

    .venv/bin/python tools/load_test.py                      # 20 games, 60 clients, 20 s
    .venv/bin/python tools/load_test.py --games 40 --clients 120 --seconds 30

It starts the real server (`python -m ekimae.cli.main serve`) as a subprocess on a free
127.0.0.1 port with a throw-away SQLite data folder, creates the games (one person's seat
played by this script over its WebSocket, the other seats bots played by the server),
connects the clients (per game: the seat, then spectators), lets everything run for a fixed
time, then closes the clients and kills the server. Nothing listens beyond loopback.

Several processes (issue 21): `--processes N --database-url postgresql://...` starts N
servers on one PostgreSQL database (a throw-away schema in it, dropped after), each on its
own port as behind a load balancer, and spreads every game's clients over them (the seat
on one process, its spectators on the others), so each figure is across processes.

    .venv/bin/python tools/load_test.py --processes 3 --database-url "$EKIMAE_TEST_POSTGRES_URL"

Latency is measured from the moment the server accepted an action (`accepted_at` in every
push, the server's wall clock) to the moment each client has parsed its update (this
process's wall clock, the same host). "Every client" is the slowest client of a game for
that action: the time until the whole table has seen the move.

`cpu_ms_per_action` is the server processes' CPU time (from /proc, so it holds on a busy
machine too) from the moment the clients start to the end of the window, divided by the
actions accepted meanwhile; one spectator's first push is made before on every server
process (what a server draws once in its life is not charged to the actions). The creation
limit is lifted (`serve --create-limit 0`), so `--games` may be any number.

    .venv/bin/python tools/load_test.py --games 30 --clients 60 --seconds 15 --bot-delay 0
    PYTHONPATH=/path/to/old/checkout/src .venv/bin/python tools/load_test.py ...  # old code
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

HOST = "127.0.0.1"  # loopback only: this tool must never open a port to the network


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        port: int = sock.getsockname()[1]
        return port


def start_server(
    data_dir: Path,
    port: int,
    bot_delay: float = 0.0,
    bot_workers: int | None = 1,
    database_url: str | None = None,
    create_limit: int | None = 0,
    extra: Sequence[str] = (),
) -> subprocess.Popen[bytes]:
    """`ekimae serve` as a child process (its own process group, so it can be killed);
    on `database_url` if given (its log still goes beside `data_dir`). `create_limit`:
    games one client may create per window (0, the default here: no limit, so that the
    load test creates as many as it is asked to; None: a server from before the option);
    `extra`: more of `serve`'s options."""
    data_dir.mkdir(parents=True, exist_ok=True)
    cmd = [
        sys.executable,
        "-m",
        "ekimae.cli.main",
        "serve",
        "--host",
        HOST,
        "--port",
        str(port),
        *(["--database-url", database_url] if database_url else ["--data-dir", str(data_dir)]),
        "--bot-delay",
        str(bot_delay),
    ]
    if bot_workers is not None:  # None: a server from before `--bot-workers` (figures)
        cmd += ["--bot-workers", str(bot_workers)]
    if create_limit is not None:
        cmd += ["--create-limit", str(create_limit)]
    cmd += extra
    log_path = data_dir.parent / f"server-{port}.log"
    with log_path.open("ab") as log:
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    proc.log_path = log_path  # type: ignore[attr-defined]  # read by wait_ready
    return proc


def _log_tail(proc: subprocess.Popen[bytes]) -> str:
    """The end of the server's log (start_server's file), to say why it stopped."""
    path = getattr(proc, "log_path", None)
    if path is None or not Path(path).exists():
        return ""
    return "\n" + Path(path).read_text(errors="replace")[-3000:]


def wait_ready(proc: subprocess.Popen[bytes], base: str, timeout: float = 120.0) -> None:
    """Wait until the server answers; `timeout` only turns a hang into an error (a busy
    machine may take long to start it: docs/testing.md, rule 4)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(
                f"the server exited with {proc.returncode} before answering{_log_tail(proc)}"
            )
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{base}/api/titles", timeout=1).status_code == 200:
                return
        time.sleep(0.05)
    raise RuntimeError(f"the server did not answer at {base} within {timeout}s")


def kill_hard(proc: subprocess.Popen[bytes]) -> None:
    """SIGKILL: no shutdown handler runs, exactly like a crash or `kill -9`."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)


@contextlib.contextmanager
def running_server(
    data_dir: Path,
    bot_delay: float = 0.0,
    bot_workers: int | None = 1,
    database_url: str | None = None,
) -> Iterator[tuple[str, int]]:
    port = free_port()
    proc = start_server(data_dir, port, bot_delay, bot_workers, database_url)
    try:
        wait_ready(proc, f"http://{HOST}:{port}")
        yield f"http://{HOST}:{port}", proc.pid
    finally:
        kill_hard(proc)


@contextlib.contextmanager
def fresh_schema(url: str) -> Iterator[str]:
    """A throw-away schema in the PostgreSQL database at `url`: the URL that uses it."""
    import secrets

    from sqlalchemy import create_engine, text

    from ekimae.server.config import normalise_url

    schema = f"load_{secrets.token_hex(6)}"
    admin = create_engine(normalise_url(url))
    with admin.begin() as conn:
        conn.execute(text(f"CREATE SCHEMA {schema}"))
    try:
        yield f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as conn:
            conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


@contextlib.contextmanager
def running_servers(
    count: int,
    database_url: str,
    logs: Path,
    bot_delay: float = 0.0,
    bot_workers: int | None = 1,
) -> Iterator[list[tuple[str, int]]]:
    """`count` servers on one database, each on its own loopback port: [(base, pid)]."""
    procs: list[subprocess.Popen[bytes]] = []
    try:
        ports = [free_port() for _ in range(count)]
        for port in ports:
            procs.append(start_server(logs, port, bot_delay, bot_workers, database_url))
        for proc, port in zip(procs, ports, strict=True):
            wait_ready(proc, f"http://{HOST}:{port}")
        yield [(f"http://{HOST}:{port}", p.pid) for port, p in zip(ports, procs, strict=True)]
    finally:
        for proc in procs:
            kill_hard(proc)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


@dataclass
class Figures:
    games: int = 0
    clients: int = 0
    seconds: float = 0.0
    games_held: int = 0  # games whose every client was still connected at the end
    connections_held: int = 0
    actions: int = 0  # distinct accepted actions seen by the clients
    pushes: int = 0
    push_bytes: int = 0
    errors: list[str] = field(default_factory=list)
    deliveries: list[float] = field(default_factory=list)  # accepted -> one client, s
    # (game, action count) -> latest arrival among that game's clients
    table: dict[tuple[str, int], float] = field(default_factory=dict)
    finished_games: int = 0
    server_rss_mb: float = 0.0
    server_cpu_s: float = 0.0
    # The servers' CPU time from the moment the clients start to the end of the window:
    # what serving the actions cost (start-up and creating the games left out).
    window_cpu_s: float = 0.0
    window_actions: int = 0  # actions seen by the end of the window

    def summary(self) -> dict[str, Any]:
        every = list(self.table.values())
        ms = 1000.0
        return {
            "games": self.games,
            "clients": self.clients,
            "seconds": round(self.seconds, 1),
            "games_held": self.games_held,
            "connections_held": self.connections_held,
            "actions": self.actions,
            "actions_per_s": round(self.actions / self.seconds, 1) if self.seconds else 0,
            "finished_games": self.finished_games,
            "pushes": self.pushes,
            "push_kb_avg": round(self.push_bytes / max(1, self.pushes) / 1024, 1),
            "p50_ms_one_client": round(percentile(self.deliveries, 50) * ms, 1),
            "p99_ms_one_client": round(percentile(self.deliveries, 99) * ms, 1),
            "p50_ms_every_client": round(percentile(every, 50) * ms, 1),
            "p99_ms_every_client": round(percentile(every, 99) * ms, 1),
            "max_ms_every_client": round(max(every, default=float("nan")) * ms, 1),
            "server_rss_mb": round(self.server_rss_mb, 1),
            "server_cpu_s": round(self.server_cpu_s, 1),
            "window_cpu_s": round(self.window_cpu_s, 2),
            # The issue-29 figure: server CPU time per accepted action over the window.
            "cpu_ms_per_action": round(self.window_cpu_s * ms / self.window_actions, 2)
            if self.window_actions
            else float("nan"),
            "errors": len(self.errors),
        }


def _proc_figures(pid: int) -> tuple[float, float]:
    """Resident memory (MB) and CPU seconds of the server process, from /proc."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
        rss = next(int(line.split()[1]) for line in status.splitlines() if line[:6] == "VmRSS:")
        stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks = os.sysconf("SC_CLK_TCK")
        return rss / 1024, (int(stat[11]) + int(stat[12])) / ticks
    except (OSError, StopIteration, ValueError):
        return float("nan"), float("nan")


def _cpu(pids: Sequence[int]) -> float:
    """CPU seconds the server processes have used so far (summed)."""
    return sum(_proc_figures(p)[1] for p in pids)


async def _create_games(
    bases: Sequence[str], games: int, bots_per_game: int, seed: int, at_once: int = 8
) -> list[dict[str, Any]]:
    """Create the games (game g on server g), `at_once` requests in flight: the servers
    run with `--create-limit 0`, so any number can be made."""
    slots = asyncio.Semaphore(at_once)
    clients = [httpx.AsyncClient(base_url=b, timeout=60) for b in bases]

    async def make(g: int) -> dict[str, Any]:
        seats = [{"name": f"load{g}"}] + [{"bot": "random"}] * bots_per_game
        async with slots:
            http = clients[g % len(clients)]
            res = await http.post("/api/games", json={"seats": seats, "seed": seed * 1000 + g})
            res.raise_for_status()
            made: dict[str, Any] = res.json()
            return made

    try:
        return list(await asyncio.gather(*(make(g) for g in range(games))))
    finally:
        for http in clients:
            await http.aclose()


async def _warm_up(base: str, game_id: str) -> None:
    """One spectator's first push before the window: what a server draws once in its life
    (TOKYO METRO's map and its label placement, ~0.7 s) is not charged to the actions.
    Made on every server process (until issue 29's fourth round only the first was: with
    several processes the others drew their map inside the window, ~1 s of one core that
    their actions were charged and their pushes waited for)."""
    url = f"{base.replace('http://', 'ws://')}/ws/{game_id}"
    async with websockets.connect(url, max_size=None, open_timeout=30) as ws:
        await asyncio.wait_for(ws.recv(), timeout=30)


async def _client(
    ws_url: str,
    game_id: str,
    plays: bool,
    stop: asyncio.Event,
    figures: Figures,
    held: dict[str, int],
    rng: random.Random,
) -> None:
    first = True
    acted_at = -1
    async with websockets.connect(ws_url, max_size=None, open_timeout=10) as ws:
        held[game_id] += 1
        try:
            while not stop.is_set():
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=0.5)
                except TimeoutError:
                    continue
                now = time.time()
                msg = json.loads(raw)
                if msg.get("type") == "error":
                    if msg["error"]["kind"] != "stale":  # a bot moved first: fine
                        figures.errors.append(f"{game_id}: {msg['error']}")
                    continue
                if msg.get("type") != "state":
                    continue
                figures.pushes += 1
                figures.push_bytes += len(raw)
                count = msg["actions"]
                if first:  # the push on connect answers the connection, not an action
                    first = False
                elif msg["accepted_at"]:
                    delay = now - msg["accepted_at"]
                    figures.deliveries.append(delay)
                    key = (game_id, count)
                    figures.table[key] = max(figures.table.get(key, 0.0), delay)
                if msg["finished"]:
                    figures.finished_games += plays
                    continue
                if plays and msg["legal"] and acted_at != count:
                    acted_at = count
                    await asyncio.sleep(rng.uniform(0.02, 0.1))  # a quick person
                    choice = rng.choice(msg["legal"])["action"]
                    await ws.send(json.dumps({"type": "act", "action": choice, "expected": count}))
        finally:
            held[game_id] -= 1  # read before `stop` is set: counts only early losses


async def run_load(
    base: str | list[str],
    pid: int | list[int],
    games: int = 20,
    clients: int = 60,
    seconds: float = 20.0,
    bots_per_game: int = 2,
    seed: int = 1,
    search_games: int = 0,
    search_bot: str = "expert",
) -> Figures:
    """Drive a running server: `games` games, `clients` WebSockets spread over them, and
    `search_games` all-bot games of `search_bot` searching meanwhile (no client: they only
    load the server, as other tables' bots would). With several servers (`base` a list),
    game g is created on server g, and its clients take the servers in turn from there:
    the seat on the one that created it, each spectator on the next."""
    if clients < games:
        raise ValueError("at least one client (the seat) per game")
    bases = [base] if isinstance(base, str) else base
    pids = [pid] if isinstance(pid, int) else pid
    rng = random.Random(seed)
    figures = Figures(games=games, clients=clients)
    created = await _create_games(bases, games, bots_per_game, seed)
    async with httpx.AsyncClient(base_url=bases[0], timeout=30) as http:
        for _ in range(search_games):
            res = await http.post("/api/games", json={"seats": [{"bot": search_bot}] * 2})
            res.raise_for_status()
    for i, warm in enumerate(bases):  # every process: each draws the map once (issue 29)
        await _warm_up(warm, created[i % len(created)]["id"])
    stop = asyncio.Event()
    held = {g["id"]: 0 for g in created}
    tasks = []
    for i in range(clients):
        g = i % games
        game = created[g]
        ws_base = bases[(g + i // games) % len(bases)].replace("http://", "ws://")
        plays = i < games  # the first client of each game is its person's seat
        # Servers before issue 11 answered every seat's token; now the creator's is `me`.
        token = game["me"]["token"] if "me" in game else game["seats"][0]["token"]
        query = f"?token={token}" if plays else ""
        url = f"{ws_base}/ws/{game['id']}{query}"
        client = _client(url, game["id"], plays, stop, figures, held, random.Random(rng.random()))
        tasks.append(asyncio.create_task(client))
    cpu_before = _cpu(pids)
    start = time.monotonic()
    done, _ = await asyncio.wait(tasks, timeout=seconds)
    for task in done:  # a client that ended early lost its connection: say why
        if task.exception() is not None:
            figures.errors.append(f"client ended: {task.exception()!r}")
    figures.seconds = time.monotonic() - start
    used = [_proc_figures(p) for p in pids]  # summed over the server processes
    figures.server_rss_mb = sum(rss for rss, _ in used)
    figures.server_cpu_s = sum(cpu for _, cpu in used)
    figures.window_cpu_s = figures.server_cpu_s - cpu_before
    figures.window_actions = len(figures.table)
    per_game = clients // games
    figures.connections_held = sum(held.values())
    figures.games_held = sum(1 for n in held.values() if n >= per_game)
    stop.set()
    await asyncio.wait(tasks, timeout=10)
    figures.actions = len(figures.table)
    return figures


async def hint_burst(base: str, hints: int, seconds: float = 10.0) -> dict[str, Any]:
    """`hints` people ask for a hint at the same moment (one game each) while another
    client reads a game's state every 50 ms: how long those plain GETs take meanwhile."""
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        seats = []
        for g in range(hints):
            body = {"seats": [{"name": f"hint{g}"}, {"bot": "random"}]}
            res = await http.post("/api/games", json=body)
            res.raise_for_status()
            game = res.json()
            token = game["me"]["token"] if "me" in game else game["seats"][0]["token"]
            seats.append((game["id"], token))
        gets: list[float] = []
        done = asyncio.Event()

        async def poll() -> None:
            while not done.is_set():
                start = time.monotonic()
                (await http.get(f"/api/games/{seats[0][0]}")).raise_for_status()
                gets.append(time.monotonic() - start)
                await asyncio.sleep(0.05)

        async def ask(game_id: str, token: str) -> tuple[int, float]:
            start = time.monotonic()
            res = await http.get(f"/api/games/{game_id}/hint", params={"token": token})
            return res.status_code, time.monotonic() - start

        poller = asyncio.create_task(poll())
        await asyncio.sleep(0.5)  # a few quiet reads first
        quiet = len(gets)
        answers = await asyncio.wait_for(
            asyncio.gather(*(ask(g, t) for g, t in seats)), timeout=seconds * 30
        )
        done.set()
        await poller
    during = gets[quiet:]
    codes: dict[str, int] = {}
    for code, _ in answers:
        codes[str(code)] = codes.get(str(code), 0) + 1
    ms = 1000.0
    return {
        "hints": hints,
        "hint_answers": codes,
        "hints_all_answered_s": round(max(t for _, t in answers), 1),
        "get_quiet_p50_ms": round(percentile(gets[:quiet], 50) * ms, 1),
        "get_during_p50_ms": round(percentile(during, 50) * ms, 1),
        "get_during_max_ms": round(max(during, default=float("nan")) * ms, 1),
        "gets_during": len(during),
    }


def measure(
    games: int = 20,
    clients: int = 60,
    seconds: float = 20.0,
    bot_delay: float = 0.2,
    search_games: int = 0,
    search_bot: str = "expert",
    bot_workers: int | None = 1,
    processes: int = 0,
    database_url: str | None = None,
) -> dict[str, Any]:
    """Start a server, load it, stop it; the figures as a dict. `processes` > 0: that many
    servers on a throw-away schema of the PostgreSQL `database_url`."""
    with tempfile.TemporaryDirectory(prefix="ekimae-load-") as tmp:
        load = {"games": games, "clients": clients, "seconds": seconds}
        if processes > 1 and not database_url:
            raise ValueError("--processes needs --database-url postgresql://...")
        if database_url:
            count = max(1, processes)
            with (
                fresh_schema(database_url) as url,
                running_servers(count, url, Path(tmp), bot_delay, bot_workers) as servers,
            ):
                figures = asyncio.run(
                    run_load(
                        [b for b, _ in servers],
                        [p for _, p in servers],
                        **load,  # type: ignore[arg-type]
                        search_games=search_games,
                        search_bot=search_bot,
                    )
                )
        else:
            data = Path(tmp) / "data"
            with running_server(data, bot_delay, bot_workers) as (base, pid):
                figures = asyncio.run(
                    run_load(
                        base,
                        pid,
                        **load,  # type: ignore[arg-type]
                        search_games=search_games,
                        search_bot=search_bot,
                    )
                )
        out = figures.summary()
        out["processes"] = max(1, processes)
        out["storage"] = "postgresql" if database_url else "sqlite"
        out["bot_delay_s"] = bot_delay
        out["search_games"] = f"{search_games} x {search_bot}" if search_games else "none"
        out["bot_workers"] = bot_workers
        out["error_samples"] = figures.errors[:5]
        return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--clients", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument(
        "--bot-delay", type=float, default=0.2, help="server's --bot-delay (0: flat out)"
    )
    parser.add_argument(
        "--search-games",
        type=int,
        default=0,
        help="all-bot games of --search-bot searching meanwhile (the bot-load scenario)",
    )
    parser.add_argument("--search-bot", default="expert")
    parser.add_argument(
        "--hint-burst",
        type=int,
        default=0,
        metavar="N",
        help="instead of games: N hints asked at once while a client reads a game's state",
    )
    parser.add_argument(
        "--bot-workers",
        type=int,
        default=1,
        help="server's --bot-workers (-1: pass none, for a server from before the option)",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=0,
        help="N servers on one PostgreSQL (--database-url), clients spread over them",
    )
    parser.add_argument(
        "--database-url",
        default=None,
        help="PostgreSQL to load (a throw-away schema with --processes); default: SQLite",
    )
    args = parser.parse_args(argv)
    if args.hint_burst:
        workers = None if args.bot_workers < 0 else args.bot_workers
        with (
            tempfile.TemporaryDirectory(prefix="ekimae-load-") as tmp,
            running_server(Path(tmp) / "data", args.bot_delay, workers) as (base, _),
        ):
            burst = asyncio.run(hint_burst(base, args.hint_burst))
        for key, value in burst.items():
            print(f"{key:22} {value}")
        return 0
    figures = measure(
        args.games,
        args.clients,
        args.seconds,
        args.bot_delay,
        args.search_games,
        args.search_bot,
        None if args.bot_workers < 0 else args.bot_workers,
        args.processes,
        args.database_url,
    )
    for key, value in figures.items():
        print(f"{key:22} {value}")
    return 1 if figures["errors"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
