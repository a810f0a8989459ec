"""The seed brute force a determined player could run: from the face-up cards, every card to come.

    .venv/bin/python -m tools.seed_attack search --view views.json            # 0..2**31
    .venv/bin/python -m tools.seed_attack search --grid 'GM1,GM3,GM2;HT1,...' --seats 3
    .venv/bin/python -m tools.seed_attack observe --seed 1234567 --seats 3 --out views.json \
        --later later.json                       # an engine game: spectator views, rounds 1-3
    .venv/bin/python -m tools.seed_attack live --seats 3 --out views.json --later later.json
                                                 # the same from `ekimae serve` on 127.0.0.1

What the attacker knows is public: the spectator view (`GET /api/games/{id}` ->
payload["view"], i.e. `state.view(None)`), taken once or several times in rounds 1-3, or
just the round-1 grid and the number of seats. What it uses is the setup (TM-2.2, see
`ekimae.games.tokyo_metro.setup`): for each deck in order, its 3-dot, 2-dot and 1-dot cards
are each shuffled with `Rng.shuffle` (Fisher-Yates from the end, `below()` by rejection
sampling) and stacked 3-dot first; `pile.pop()` then deals from the end, so the first cards
dealt are the 1-dot group's last positions, and each later round (TM-3.2) pops one more.

Seeds below 2**64 run SplitMix64, whose k-th output is mix(seed + k * GAMMA): any call of
the setup can be computed on its own, without the calls before it, as long as no earlier
`below()` rejected a value. So the search is positional. For each seed, groups are
shuffled only as far as the first observed position (Fisher-Yates from the end fixes the
top positions first), and most seeds fail at the first or second `below()`. The inner loop
is a small C kernel compiled at run time with gcc and loaded with ctypes; without gcc, a
numpy version does the same over blocks of seeds.

Rejections are made exact, not ignored: a rejection needs an output in the top
`2**64 % n` values, and SplitMix64's mix is a bijection, so for every call of the setup the
few seeds whose output there is rejected are computed by inverting mix. Those seeds, and
every candidate the kernel finds, are checked with the engine's own setup (`new_state`),
so a reported candidate deals exactly what was observed.

Seeds of 2**64 and more (`ekimae.seeding.secret_seed`, 256 bits) drive a keyed BLAKE2b
stream: no range of small seeds contains them and nothing is shared with SplitMix64, so the
search can only find chance matches (whose predictions then fail on the next cards).
"""

from __future__ import annotations

import argparse
import ctypes
import json
import math
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

import numpy as np
import numpy.typing as npt

from ekimae.games.tokyo_metro.context import Ctx, load_ctx
from ekimae.games.tokyo_metro.game import GAME
from ekimae.games.tokyo_metro.setup import new_state, setup_players
from ekimae.games.tokyo_metro.view import metro_view

MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15
M1 = 0xBF58476D1CE4E5B9
M2 = 0x94D049BB133111EB
DOT_ORDER = (3, 2, 1)  # the order `_stack_by_dots` shuffles and stacks the groups
DEFAULT_STOP = 1 << 31
MAX_GROUP = 64  # the C kernel's permutation buffer

U64 = npt.NDArray[np.uint64]
ProgressFn = Callable[[int, int], None]  # (seeds done, candidates so far)


# ------------------------------------------------------------------------ SplitMix64


def mix(z: int) -> int:
    """SplitMix64's output function (`Rng.next64` after the state step)."""
    z = ((z ^ (z >> 30)) * M1) & MASK
    z = ((z ^ (z >> 27)) * M2) & MASK
    return z ^ (z >> 31)


def _unxorshift(y: int, shift: int) -> int:
    x = y
    for _ in range(64 // shift + 1):
        x = y ^ (x >> shift)
    return x


def unmix(z: int) -> int:
    """The inverse of `mix` (xorshifts and odd multipliers are bijections of 64-bit words)."""
    z = _unxorshift(z, 31)
    z = (z * pow(M2, -1, 1 << 64)) & MASK
    z = _unxorshift(z, 27)
    z = (z * pow(M1, -1, 1 << 64)) & MASK
    return _unxorshift(z, 30)


# ------------------------------------------------------------------------- the deal


@dataclass(frozen=True, slots=True)
class Group:
    """One dot group of one deck: its cards in data order (the order shuffled)."""

    deck: int
    dots: int
    cards: tuple[str, ...]
    base: int  # SplitMix64 calls made before this group's shuffle (if none was rejected)


@dataclass(frozen=True, slots=True)
class Layout:
    """How the setup deals for a seat count: groups per deck and where each card is popped."""

    seats: int
    deal: int  # cards dealt face up per column
    deck_keys: tuple[str, ...]
    groups: tuple[tuple[Group, ...], ...]  # per deck, in shuffle order (3, 2, 1 dots)
    calls: int  # SplitMix64 calls of the whole setup without rejections

    def deck_size(self, deck: int) -> int:
        return sum(len(g.cards) for g in self.groups[deck])

    def locate(self, deck: int, pop: int) -> tuple[Group, int]:
        """The group and position in it of the `pop`-th card dealt from `deck` (0 = first)."""
        index = self.deck_size(deck) - 1 - pop  # the pile is 3-dot, 2-dot, 1-dot; top = last
        if not 0 <= index < self.deck_size(deck):
            raise ValueError(f"deck {self.deck_keys[deck]} has no card number {pop + 1}")
        for group in self.groups[deck]:
            if index < len(group.cards):
                return group, index
            index -= len(group.cards)
        raise AssertionError("unreachable")

    def calls_list(self) -> list[tuple[int, int]]:
        """(call number from 1, n of its `below(n)`) for every call of the setup's shuffles."""
        out: list[tuple[int, int]] = []
        for deck in self.groups:
            for group in deck:
                out.extend(
                    (group.base + t + 1, len(group.cards) - t) for t in range(len(group.cards) - 1)
                )
        return out


def make_layout(seats: int, ctx: Ctx | None = None) -> Layout:
    ctx = ctx or load_ctx()
    calls = 0
    decks: list[tuple[Group, ...]] = []
    for index, deck in enumerate(ctx.cards.decks):
        groups: list[Group] = []
        for dots in DOT_ORDER:
            cards = tuple(c for c in deck.cards if ctx.cards.cards[c].dots == dots)
            groups.append(Group(index, dots, cards, calls))
            calls += max(len(cards) - 1, 0)
        decks.append(tuple(groups))
    return Layout(seats, setup_players(ctx, seats), ctx.deck_keys, tuple(decks), calls)


def deal_order(seed: int, seats: int, ctx: Ctx | None = None) -> list[list[str]]:
    """The engine's own answer: per deck, every card in the order it will be dealt."""
    ctx = ctx or load_ctx()
    s = new_state(ctx, seats, seed)
    return [[*s.grid[col], *reversed(s.decks[col])] for col in range(len(s.grid))]


# ----------------------------------------------------------------------- observations


@dataclass(slots=True)
class Observation:
    """Cards seen, by (deck, number dealt from 0), and how many each deck has dealt."""

    seats: int
    cards: dict[tuple[int, int], str] = field(default_factory=dict)
    drawn: list[int] = field(default_factory=list)

    def add(self, deck: int, pop: int, card: str) -> None:
        seen = self.cards.setdefault((deck, pop), card)
        if seen != card:
            raise ValueError(f"deck {deck} card {pop + 1} seen as both {seen} and {card}")

    def count(self) -> int:
        return len(self.cards)


def observe_view(
    layout: Layout, raw: Mapping[str, Any], into: Observation | None = None
) -> Observation:
    """What a spectator view shows of the deal: the grid, and the discard top if untouched.

    A column whose deck holds `deck_count` cards has dealt `size - deck_count`; its grid is
    the last `deal` of those (bottom row first, the oldest). Its discard pile holds the ones
    before, top = the newest, unless a Card action (TM-7.13) took cards off it.
    """
    view = metro_view(raw)
    if len(view["players"]) != layout.seats:
        raise ValueError(f"the view has {len(view['players'])} seats, not {layout.seats}")
    obs = into or Observation(layout.seats, drawn=[0] * len(layout.deck_keys))
    for column in view["columns"]:
        deck = layout.deck_keys.index(column["deck"])
        drawn = layout.deck_size(deck) - int(column["deck_count"])
        first = drawn - len(column["cards"])
        for i, card in enumerate(column["cards"]):
            if card is not None:  # a hole (MD-2) shows no card; TOKYO's grid has none
                obs.add(deck, first + i, card)
        if column["discard_top"] is not None and column["discard_count"] == first:
            obs.add(deck, first - 1, column["discard_top"])
        obs.drawn[deck] = max(obs.drawn[deck], drawn)
    return obs


def observe_grid(layout: Layout, columns: Sequence[Sequence[str]]) -> Observation:
    """The round-1 grid: per column (any order), its cards bottom row first."""
    obs = Observation(layout.seats, drawn=[0] * len(layout.deck_keys))
    for cards in columns:
        if not cards:
            continue
        decks = {d for d, groups in enumerate(layout.groups) for g in groups if cards[0] in g.cards}
        if len(decks) != 1:
            raise ValueError(f"unknown card {cards[0]!r}")
        deck = decks.pop()
        for i, card in enumerate(cards):
            obs.add(deck, i, card)
        obs.drawn[deck] = max(obs.drawn[deck], len(cards))
    return obs


def read_views(path: Path) -> list[dict[str, Any]]:
    """A view, a `GET /api/games/{id}` payload, or a JSON list of either."""
    data = json.loads(path.read_text())
    items = data if isinstance(data, list) else [data]
    return [item["view"] if "view" in item and "columns" not in item else item for item in items]


# -------------------------------------------------------------------------- programs


@dataclass(frozen=True, slots=True)
class Check:
    """Shuffle one group `steps` calls deep; `expect[q]`: index (in data order) of the card
    that must end at position q, or -1."""

    size: int
    base: int
    steps: int
    expect: tuple[int, ...]


class ImpossibleError(ValueError):
    """The observed cards cannot come from this setup at all (wrong seats, wrong group)."""


def make_program(layout: Layout, obs: Observation) -> list[Check]:
    wanted: dict[Group, dict[int, int]] = {}
    for (deck, pop), card in sorted(obs.cards.items()):
        group, position = layout.locate(deck, pop)
        if card not in group.cards:
            raise ImpossibleError(
                f"{card} cannot be card {pop + 1} of deck {layout.deck_keys[deck]}"
                f" with {layout.seats} seats (only {', '.join(group.cards)} can)"
            )
        wanted.setdefault(group, {})[position] = group.cards.index(card)
    checks: list[Check] = []
    for group, positions in wanted.items():
        size = len(group.cards)
        if size > MAX_GROUP:
            raise ValueError(f"a dot group of {size} cards is more than {MAX_GROUP}")
        if size < 2:
            continue
        if len(set(positions.values())) != len(positions):
            raise ImpossibleError(f"one card seen at two places in deck {group.deck}")
        steps = max(size - max(q, 1) for q in positions)
        expect = tuple(positions.get(q, -1) for q in range(size))
        checks.append(Check(size, group.base, steps, expect))
    # Cheapest rejection first: fewest calls until the group's first check.
    checks.sort(key=lambda c: (size_to_first(c), c.base))
    return checks


def information_bits(layout: Layout, obs: Observation) -> float:
    """How many bits the observed cards carry about the deal: a group of m cards with k
    positions seen has m!/(m-k)! equally likely ways to show them. A range of N seeds
    holds about N / 2**bits chance matches besides the true seed."""
    seen: dict[Group, int] = {}
    for deck, pop in obs.cards:
        group, _ = layout.locate(deck, pop)
        seen[group] = seen.get(group, 0) + 1
    return sum(math.log2(math.perm(len(group.cards), k)) for group, k in seen.items())


def size_to_first(check: Check) -> int:
    top = max(q for q, e in enumerate(check.expect) if e >= 0)
    return check.size - max(top, 1)


def prefilters(program: Sequence[Check]) -> list[tuple[int, int, int]]:
    """(n, offset, value) for each group whose top position is observed: after one
    Fisher-Yates step the top holds the card at index below(n), so a seed passes only if
    mix(seed + offset) % n == value. One call each, independent of one another."""
    out: list[tuple[int, int, int]] = []
    for check in program:
        top = check.expect[check.size - 1]
        if top >= 0:
            out.append((check.size, ((check.base + 1) * GAMMA) & MASK, top))
    return out


def prefilter_of(program: Sequence[Check]) -> tuple[int, int, int]:
    """The first check's prefilter if it has one (the C kernel's first pass), else zeros."""
    if program and program[0].expect[program[0].size - 1] >= 0:
        return prefilters(program[:1])[0]
    return 0, 0, 0


def encode(program: Sequence[Check]) -> list[int]:
    out = [len(program)]
    for c in program:
        out += [c.size, c.base, c.steps, *c.expect]
    return out


# --------------------------------------------------------------------------- kernels

C_SOURCE = r"""
#include <stdint.h>
#define GAMMA 0x9E3779B97F4A7C15ULL

static inline uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* z % n with the small n of a shuffle as constants, so no hardware division. */
static inline uint32_t below(uint64_t z, uint32_t n) {
    switch (n) {
    case 2: return (uint32_t)(z & 1);
    case 3: return (uint32_t)(z % 3);
    case 4: return (uint32_t)(z & 3);
    case 5: return (uint32_t)(z % 5);
    case 6: return (uint32_t)(z % 6);
    case 7: return (uint32_t)(z % 7);
    case 8: return (uint32_t)(z & 7);
    case 9: return (uint32_t)(z % 9);
    case 10: return (uint32_t)(z % 10);
    case 11: return (uint32_t)(z % 11);
    case 12: return (uint32_t)(z % 12);
    default: return (uint32_t)(z % n);
    }
}

/* The full check of one seed. prog: number of groups, then per group: size, base,
   steps, expect[size]. */
static int check(uint64_t seed, const int32_t *prog) {
    int32_t groups = prog[0];
    const int32_t *p = prog + 1;
    for (int32_t g = 0; g < groups; g++) {
        int32_t m = p[0], base = p[1], steps = p[2];
        const int32_t *ex = p + 3;
        uint8_t perm[64];
        for (int32_t i = 0; i < m; i++) perm[i] = (uint8_t)i;
        uint64_t x = seed + (uint64_t)(base + 1) * GAMMA;
        for (int32_t t = 0; t < steps; t++, x += GAMMA) {
            int32_t i = m - 1 - t;
            uint32_t j = below(mix(x), (uint32_t)(i + 1));
            uint8_t tmp = perm[i];
            perm[i] = perm[j];
            perm[j] = tmp;
            if (ex[i] >= 0 && perm[i] != ex[i]) return 0;
            if (i == 1 && ex[0] >= 0 && perm[0] != ex[0]) return 0;
        }
        p += 3 + m;
    }
    return 1;
}

/* A tight first pass: the seeds whose call `call` gives below(n) == e, i.e. whose first
   group puts the observed card on top. Branch-free, so the loop pipelines. */
#define PREFILTER(N)                                                      \
    for (uint64_t k = 0; k < count; k++) {                                \
        buf[kept] = start + k;                                            \
        kept += (uint32_t)(mix(start + k + off) % (N)) == e;              \
    }

static uint64_t prefilter(uint64_t start, uint64_t count, uint64_t off, uint32_t n,
                          uint32_t e, uint64_t *buf) {
    uint64_t kept = 0;
    switch (n) {
    case 2: PREFILTER(2) break;
    case 3: PREFILTER(3) break;
    case 4: PREFILTER(4) break;
    case 5: PREFILTER(5) break;
    case 6: PREFILTER(6) break;
    default: PREFILTER(n) break;
    }
    return kept;
}

#define BLOCK 4096

/* Seeds start .. start+count-1 passing `prog`; matches go to out (at most cap).
   pre_n > 0: first keep only seeds with below(mix(seed + pre_off)) == pre_e for n = pre_n.
   *done = seeds scanned (less than count when out is full). */
int64_t scan(uint64_t start, uint64_t count, const int32_t *prog, uint32_t pre_n,
             uint64_t pre_off, uint32_t pre_e, uint64_t *out, int64_t cap, uint64_t *done) {
    int64_t found = 0;
    uint64_t buf[BLOCK];
    for (uint64_t lo = 0; lo < count; lo += BLOCK) {
        uint64_t n = count - lo < BLOCK ? count - lo : BLOCK;
        if (found + (int64_t)n > cap) { *done = lo; return found; }
        uint64_t kept;
        if (pre_n > 0) {
            kept = prefilter(start + lo, n, pre_off, pre_n, pre_e, buf);
        } else {
            for (uint64_t k = 0; k < n; k++) buf[k] = start + lo + k;
            kept = n;
        }
        for (uint64_t k = 0; k < kept; k++)
            if (check(buf[k], prog)) out[found++] = buf[k];
    }
    *done = count;
    return found;
}
"""


class CKernel:
    """The C scan, compiled once into a temporary folder."""

    name = "c"

    def __init__(self) -> None:
        gcc = shutil.which("gcc") or shutil.which("cc")
        if gcc is None:
            raise RuntimeError("no gcc/cc on PATH")
        with tempfile.TemporaryDirectory(prefix="seed-attack-") as tmp:
            src, lib = Path(tmp, "scan.c"), Path(tmp, "scan.so")
            src.write_text(C_SOURCE)
            cmd = [gcc, "-O3", "-march=native", "-shared", "-fPIC", "-o", str(lib), str(src)]
            subprocess.run(cmd, check=True, capture_output=True)
            self._lib = ctypes.CDLL(str(lib))  # mapped: the file may go
        self._scan = self._lib.scan
        self._scan.restype = ctypes.c_int64
        self._scan.argtypes = [
            ctypes.c_uint64,
            ctypes.c_uint64,
            ctypes.POINTER(ctypes.c_int32),
            ctypes.c_uint32,
            ctypes.c_uint64,
            ctypes.c_uint32,
            ctypes.POINTER(ctypes.c_uint64),
            ctypes.c_int64,
            ctypes.POINTER(ctypes.c_uint64),
        ]

    def scan(self, start: int, count: int, program: Sequence[Check]) -> list[int]:
        code = encode(program)
        prog = (ctypes.c_int32 * len(code))(*code)
        pre_n, pre_off, pre_e = prefilter_of(program)
        cap = 1 << 16
        out = (ctypes.c_uint64 * cap)()
        done = ctypes.c_uint64(0)
        found: list[int] = []
        while count > 0:
            n = self._scan(start, count, prog, pre_n, pre_off, pre_e, out, cap, ctypes.byref(done))
            found.extend(out[:n])
            start, count = start + done.value, count - done.value
        return found


def _mix_np(x: U64) -> U64:
    """`mix` over an array, in place where it can (x itself is left alone)."""
    z = x >> np.uint64(30)
    z ^= x
    z *= np.uint64(M1)
    z ^= z >> np.uint64(27)
    z *= np.uint64(M2)
    z ^= z >> np.uint64(31)
    return z


class NumpyKernel:
    """The same scan over blocks of seeds with numpy uint64 arithmetic (wraps mod 2**64)."""

    name = "numpy"
    block = 1 << 16  # small enough to stay in cache

    def scan(self, start: int, count: int, program: Sequence[Check]) -> list[int]:
        found: list[int] = []
        firsts = [tuple(map(np.uint64, f)) for f in prefilters(program)]
        steps = np.arange(self.block, dtype=np.uint64)
        for offset in range(0, count, self.block):
            n = min(self.block, count - offset)
            seeds = steps[:n] + np.uint64(start + offset)
            for size, shift, value in firsts:
                seeds = seeds[_mix_np(seeds + shift) % size == value]
            found.extend(int(s) for s in self._block(seeds, program))
        return found

    @staticmethod
    def _block(alive: U64, program: Sequence[Check]) -> U64:
        for check in program:
            m = check.size
            perm = np.tile(np.arange(m, dtype=np.int16), (len(alive), 1))
            x = alive + np.uint64(((check.base + 1) * GAMMA) & MASK)
            for t in range(check.steps):
                if not len(alive):
                    return alive
                i = m - 1 - t
                rows = np.arange(len(alive))
                j = (_mix_np(x) % np.uint64(i + 1)).astype(np.intp)
                top = perm[:, i].copy()
                perm[:, i] = perm[rows, j]
                perm[rows, j] = top
                keep = np.ones(len(alive), dtype=bool)
                if check.expect[i] >= 0:
                    keep &= perm[:, i] == check.expect[i]
                if i == 1 and check.expect[0] >= 0:
                    keep &= perm[:, 0] == check.expect[0]
                alive, perm, x = alive[keep], perm[keep], x[keep]
                x = x + np.uint64(GAMMA)
        return alive


Kernel = CKernel | NumpyKernel


def make_kernel(backend: str = "auto") -> Kernel:
    if backend == "numpy":
        return NumpyKernel()
    try:
        return CKernel()
    except (OSError, RuntimeError, subprocess.CalledProcessError) as exc:
        if backend == "c":
            raise
        print(f"seed-attack: no C kernel ({exc}); using numpy", file=sys.stderr)
        return NumpyKernel()


# ---------------------------------------------------------------------------- search


def rejected_seeds(layout: Layout, start: int, stop: int) -> set[int]:
    """Seeds in start..stop-1 for which some `below()` of the setup rejects a value.

    `below(n)` rejects outputs above 2**64 - 1 - 2**64 % n, i.e. the top `2**64 % n` values.
    Call c (from 1) outputs mix(seed + c * GAMMA), so the seeds rejected at call c are
    unmix(v) - c * GAMMA for those few v. For them the positional kernel is not exact.
    """
    out: set[int] = set()
    for call, n in layout.calls_list():
        for value in range((1 << 64) - (1 << 64) % n, 1 << 64):
            seed = (unmix(value) - call * GAMMA) & MASK
            if start <= seed < stop:
                out.add(seed)
    return out


def deals_observed(seed: int, obs: Observation, ctx: Ctx | None = None) -> bool:
    """The engine's own check: does `seed`'s setup deal every observed card where seen?"""
    order = deal_order(seed, obs.seats, ctx)
    return all(order[deck][pop] == card for (deck, pop), card in obs.cards.items())


@dataclass(slots=True)
class Result:
    candidates: list[int]
    searched: int
    seconds: float
    backend: str
    rejected: int  # seeds with a rejection in the setup, checked with the engine instead


def search(
    layout: Layout,
    obs: Observation,
    start: int = 0,
    stop: int = DEFAULT_STOP,
    backend: str = "auto",
    chunk: int = 1 << 24,
    progress: ProgressFn | None = None,
    kernel: Kernel | None = None,
) -> Result:
    """Every seed in start..stop-1 whose setup deals the observed cards, checked by the engine."""
    if not 0 <= start <= stop <= 1 << 64:
        raise ValueError("the range must lie in 0..2**64 (larger seeds are not SplitMix64)")
    began = time.perf_counter()
    program = make_program(layout, obs)
    kernel = kernel or make_kernel(backend)
    odd = rejected_seeds(layout, start, stop)
    raw: list[int] = []
    done = 0
    for lo in range(start, stop, chunk):
        hi = min(stop, lo + chunk)
        raw.extend(kernel.scan(lo, hi - lo, program))
        done += hi - lo
        if progress is not None:
            progress(done, len(raw))
    found = {s for s in raw if s not in odd} | odd
    confirmed = sorted(s for s in found if deals_observed(s, obs))
    return Result(confirmed, stop - start, time.perf_counter() - began, kernel.name, len(odd))


def to_come(seed: int, obs: Observation) -> list[list[str]]:
    """Per deck, the cards `seed` still has to deal after the latest observation, in order."""
    order = deal_order(seed, obs.seats)
    return [cards[obs.drawn[deck] :] for deck, cards in enumerate(order)]


def check_later(seed: int, layout: Layout, later: Observation) -> tuple[int, int]:
    """(right, seen): how many of the cards seen later `seed`'s deal predicted."""
    order = deal_order(seed, layout.seats)
    right = sum(order[deck][pop] == card for (deck, pop), card in later.cards.items())
    return right, later.count()


class Progress:
    """A progress line on stderr: redrawn in place on a terminal, else a line now and then."""

    def __init__(self, total: int, stream: TextIO = sys.stderr) -> None:
        self.total, self.stream = total, stream
        self.began = time.perf_counter()
        self.tty = stream.isatty()
        self.last = 0.0

    def __call__(self, done: int, candidates: int) -> None:
        now = time.perf_counter()
        final = done >= self.total
        if not final and now - self.last < (0.5 if self.tty else 10.0):
            return
        self.last = now
        spent = now - self.began
        eta = spent / done * (self.total - done) if done else 0.0
        text = (
            f"seed-attack: {done:,}/{self.total:,} seeds ({100 * done / self.total:.1f}%),"
            f" {spent:.1f} s, ETA {eta:.0f} s, {candidates} raw candidates"
        )
        end = "\n" if final or not self.tty else ""
        self.stream.write(("\r" if self.tty else "") + text + end)
        self.stream.flush()


# ------------------------------------------------------------------ getting views


def play_views(
    seed: int, seats: int, rounds: int = 3, play_seed: int = 1
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """An engine game with random legal moves: spectator views at the start of each round
    up to `rounds`, just before it ends; and the views of the later rounds (the truth)."""
    state = GAME.new_state(seats, seed)
    rng = random.Random(play_seed)
    early: list[dict[str, Any]] = []
    later: list[dict[str, Any]] = []
    seen_round = 0
    while not state.is_terminal():
        if state.round != seen_round:
            seen_round = state.round
            (early if seen_round <= rounds else later).append(state.view(None))
        seat = state.current_players()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    return early, later


def live_views(
    seats: int, rounds: int = 3, bot_delay: float = 0.05, bot: str = "random"
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], dict[str, Any]]:
    """An all-bot game on `ekimae serve` at 127.0.0.1 (a throw-away data folder), watched
    as a spectator: one view per round seen (rounds 1..`rounds`, then later ones), and the
    record (with the seed) fetched once the game is over."""
    import httpx

    from tools.load_test import HOST, free_port, kill_hard, start_server, wait_ready

    with tempfile.TemporaryDirectory(prefix="seed-attack-live-") as tmp:
        data = Path(tmp, "data")
        data.mkdir()
        port = free_port()
        proc = start_server(data, port, bot_delay)
        base = f"http://{HOST}:{port}"
        try:
            wait_ready(proc, base)
            body = {"seats": [{"bot": bot} for _ in range(seats)]}
            created = httpx.post(f"{base}/api/games", json=body, timeout=10)
            created.raise_for_status()
            gid = created.json()["id"]
            early: list[dict[str, Any]] = []
            later: list[dict[str, Any]] = []
            seen_round = 0
            deadline = time.monotonic() + 600
            while time.monotonic() < deadline:
                payload = httpx.get(f"{base}/api/games/{gid}", timeout=10).json()
                view = payload["view"]
                shown = metro_view(view)["round"]
                if shown != seen_round and not payload["finished"]:
                    seen_round = shown
                    (early if seen_round <= rounds else later).append(view)
                if payload["finished"]:
                    break
                time.sleep(0.01)
            record = httpx.get(f"{base}/api/games/{gid}/record", timeout=10)
            record.raise_for_status()
            return early, later, record.json()
        finally:
            kill_hard(proc)


# ------------------------------------------------------------------------------- CLI


def _grid(text: str) -> list[list[str]]:
    return [[c.strip() for c in col.split(",") if c.strip()] for col in text.split(";")]


def _write(path: Path, data: object) -> None:
    path.write_text(json.dumps(data, indent=1) + "\n")


def _observation(args: argparse.Namespace) -> tuple[Layout, Observation]:
    if args.view:
        views = [v for p in args.view for v in read_views(Path(p))]
        layout = make_layout(args.seats or len(views[0]["players"]))
        obs = Observation(layout.seats, drawn=[0] * len(layout.deck_keys))
        for view in views:
            observe_view(layout, view, obs)
        return layout, obs
    if not args.grid or not args.seats:
        raise SystemExit("give --view FILE, or --grid and --seats")
    layout = make_layout(args.seats)
    return layout, observe_grid(layout, _grid(args.grid))


def cmd_search(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    layout, obs = _observation(args)
    start, stop = int(args.start, 0), int(args.stop, 0)
    bits = information_bits(layout, obs)
    print(
        f"{obs.count()} cards observed ({layout.seats} seats, {layout.deal} dealt per column),"
        f" {bits:.2f} bits: about {(stop - start) / 2**bits:.3g} chance matches expected;"
        f" searching seeds {start:,}..{stop - 1:,}",
        file=out,
    )
    try:
        result = search(
            layout, obs, start, stop, args.backend, progress=Progress(max(stop - start, 1))
        )
    except ImpossibleError as exc:
        print(f"no seed can deal this: {exc}", file=out)
        return 1
    print(
        f"{len(result.candidates)} candidates in {result.seconds:.1f} s"
        f" ({result.backend} kernel, one core; {result.rejected} seeds with a rejection"
        " in the setup checked by the engine)",
        file=out,
    )
    later = None
    if args.later:
        later = Observation(layout.seats, drawn=[0] * len(layout.deck_keys))
        for view in read_views(Path(args.later)):
            observe_view(layout, view, later)
        for key in obs.cards:
            later.cards.pop(key, None)
    for seed in result.candidates[: args.show]:
        print(f"seed {seed}: cards still to come, next first", file=out)
        for deck, cards in enumerate(to_come(seed, obs)):
            print(f"  {layout.deck_keys[deck]}: {' '.join(cards) or '-'}", file=out)
        if later is not None:
            right, seen = check_later(seed, layout, later)
            print(f"  checked against the {seen} cards dealt later: {right} right", file=out)
    if len(result.candidates) > args.show:
        print(f"... and {len(result.candidates) - args.show} more candidates", file=out)
    if args.json:
        _write(
            Path(args.json),
            {
                "candidates": result.candidates,
                "searched": result.searched,
                "seconds": round(result.seconds, 2),
                "backend": result.backend,
            },
        )
    return 0


def cmd_observe(args: argparse.Namespace) -> int:
    early, later = play_views(args.seed, args.seats, args.rounds, args.play_seed)
    _write(Path(args.out), early)
    if args.later:
        _write(Path(args.later), later)
    print(f"{len(early)} views (rounds 1-{args.rounds}) to {args.out}; {len(later)} later views")
    return 0


def cmd_live(args: argparse.Namespace) -> int:
    early, later, record = live_views(args.seats, args.rounds, args.bot_delay, args.bot)
    _write(Path(args.out), early)
    if args.later:
        _write(Path(args.later), later)
    if args.record:
        _write(Path(args.record), record)
    seed = int(record["seed"])
    print(
        f"{len(early)} views (rounds {[v['round'] for v in early]}) to {args.out};"
        f" {len(later)} later views; the game's seed (from the record after the end) has"
        f" {seed.bit_length()} bits"
    )
    return 0


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("search", help="brute-force the seed from the face-up cards")
    s.add_argument("--view", action="append", help="spectator view JSON (view, payload or list)")
    s.add_argument("--grid", help="round-1 grid: 'GM1,GM3,GM2;HT2,...' (bottom row first)")
    s.add_argument("--seats", type=int, help="seats (with --grid; else from the view)")
    s.add_argument("--start", default="0", help="first seed (default 0)")
    s.add_argument("--stop", default=str(DEFAULT_STOP), help="seed after the last (2**31)")
    s.add_argument("--backend", choices=("auto", "c", "numpy"), default="auto")
    s.add_argument("--show", type=int, default=10, help="candidates to print in full")
    s.add_argument("--later", help="views of later rounds: check each prediction")
    s.add_argument("--json", help="write the candidates and timing here")
    o = sub.add_parser("observe", help="an engine game's spectator views in rounds 1-3")
    o.add_argument("--seed", type=int, required=True)
    o.add_argument("--seats", type=int, default=3)
    o.add_argument("--rounds", type=int, default=3)
    o.add_argument("--play-seed", type=int, default=1, help="seed of the random moves")
    o.add_argument("--out", required=True)
    o.add_argument("--later", help="write the later rounds' views here (the truth)")
    live = sub.add_parser("live", help="the same from an all-bot game on ekimae serve")
    live.add_argument("--seats", type=int, default=3)
    live.add_argument("--rounds", type=int, default=3)
    live.add_argument("--bot", default="random")
    live.add_argument("--bot-delay", type=float, default=0.05)
    live.add_argument("--out", required=True)
    live.add_argument("--later")
    live.add_argument("--record", help="write the record (seed included) here")
    args = parser.parse_args(list(argv) if argv is not None else None)
    if args.command == "search":
        return cmd_search(args)
    if args.command == "observe":
        return cmd_observe(args)
    return cmd_live(args)


if __name__ == "__main__":
    sys.exit(main())
