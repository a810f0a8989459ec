"""TOKYO JUTAKU at one keyboard, in real time (issue 32): the plan, your card with its
building and the element in hand drawn where it would go, the pool as shapes, the other
players' progress, the round's clock; keys to take, turn, flip, place, put back and call
Stop!, to choose a start card and to move. BOTTLE BONUS's screen builds on this one.

Keys while building: the arrows move the cursor in the pool (hand empty) or the element
on your card (holding one); `1`–`7` jump to the elements of that many squares; Enter
takes or places; `r` turns, `f` flips; Backspace puts back (the element in hand, else
the last placed); `s` calls Stop!; `g` twice gives up the round; Tab switches between
the pool and the card. On the plan: the arrows choose a space, Enter goes there, `k`
keeps your card. `/` types an action (`take 4-02`, `place 4-02 0 2 3 1`) or a rule.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from ekimae.cli.live_app import LiveApp, seconds
from ekimae.cli.titles.tokyo_jutaku import drawing, front
from ekimae.cli.titles.tokyo_jutaku.drawing import Overlay, Piece, PoolLayout
from ekimae.games.tokyo_jutaku.actions import (
    Concede,
    Keep,
    Move,
    Place,
    Return,
    Start,
    Stop,
    Take,
)
from ekimae.games.tokyo_jutaku.components import JutakuData
from ekimae.games.tokyo_jutaku.geometry import HEIGHT, WIDTH, normalise
from ekimae.games.tokyo_jutaku.state import COLUMNS, JutakuState
from ekimae.i18n import _, yen
from ekimae.server.titles.tokyo_jutaku import jutaku_prompt

POOL_WIDTH = 114  # the pool's drawing across a 120-column terminal (its panel's inside)
PLAN_WIDTH = 2 + 6 * (drawing.SPACE_WIDTH + 1)  # the plan's panel
CARD_WIDTH = 2 + 7 * 4  # the card's panel: 7 squares of 4 columns
PLAYERS_WIDTH = 30
ARROWS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}

HELP = """[b]Building[/b] (JU-4, JU-5)
  ←↑→↓      the pool's cursor (hand empty) · the element on your card (holding one)
  1 … 7     the pool's first element of that many squares
  Enter     take the element under the cursor · place the element in hand there
  r  f      turn the element a quarter · flip it over
  Backspace put back the element in hand, else the last one placed
  s         Stop! (JU-6): everyone freezes, your building is checked
  g g       give up the round: your elements go back to the pool
  Tab       from the pool to your card and back
[b]On the plan[/b] (JU-2, JU-7)
  ←↑→↓ Enter   choose a card · k   keep your card instead of moving
[b]Drawn[/b]  your card: grey inside a border, × a hole, an element in its colour with
  its height; the element in hand green where it may go (the digit: its floor), red where
  not. The pool: each element's shape under its id, dim with the holder's seat once taken.
[b]Typed[/b] (/)  take 4-02 · place 4-02 0 2 3 1 (border, orientation, x, y) · return 4-02 ·
  stop · concede · start A1 · move B2 · keep · rules JU-5"""


class JutakuApp(LiveApp):
    """The screen of TOKYO JUTAKU (and, with its drinks, BOTTLE BONUS)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.pool_layout: PoolLayout = drawing.pool_layout(self.data, POOL_WIDTH)
        self.pool_cursor = next(iter(self.data.elements))
        self.plan_cursor = "A1"
        self.turn = 0
        self.at = (0, 0)  # the element's top-left on the card
        self.on_card = False  # the keys move the element on the card (not the pool)
        self.last_hand: str | None = None

    # ------------------------------------------------------------------ the game

    @property
    def data(self) -> JutakuData:
        return cast(JutakuState, self.table.state).data

    @property
    def jutaku(self) -> JutakuState:
        return cast(JutakuState, self.table.state)

    def panels(self) -> Iterable[Static]:
        yield Static(id="top")
        yield Static(id="pool", classes="panel")
        yield Static(id="prompt", classes="panel")

    # ------------------------------------------------------------------ drawing

    def status(self, view: dict[str, Any]) -> Text:
        text = Text(self.table.game.title, "bold")
        phase = view["phase"]
        if view["round"]:
            text.append("  " + _("round {n}").format(n=view["round"]))
        text.append("  " + self.phase_word(phase))
        end = view.get("deadline_ms")
        if end is not None:
            left = int(end) - self.table.now()
            text.append("  " + _("{time} left").format(time=seconds(left)),
                        "bold red" if left < 10_000 else "bold green")  # fmt: skip
        text.append("  · " + _("game time {time}").format(time=seconds(self.table.now())), "dim")
        if self.paused():
            text.append("  " + _("PAUSED (p resumes)"), "bold yellow")
        return text

    def phase_word(self, phase: str) -> str:
        return {
            "setup": _("choosing start cards"),
            "build": _("building"),
            "window": _("Stop! called"),
            "move": _("moving"),
            "over": _("over"),
        }.get(phase, phase)

    def draw(self, view: dict[str, Any]) -> None:
        self._follow_hand(view)
        top = self.query_one("#top", Static)
        top.update(self.top_row(view))
        pool = self.query_one("#pool", Static)
        cursor = None if self.on_card else self.pool_cursor
        pool.update(drawing.pool_text(self.data, view, self.seat, self.pool_layout, cursor))
        pool.border_title = _("Pool — {n} elements free").format(n=len(view["pool"]))
        self.draw_clock(view)
        self.query_one("#prompt", Static).border_title = _("Now · log")

    def draw_clock(self, view: dict[str, Any]) -> None:
        now = Table.grid(padding=(0, 2))
        now.add_column(width=56)
        now.add_column()
        now.add_row(self.prompt_text(view), self.log_text(view, 3))
        self.query_one("#prompt", Static).update(now, layout=False)

    def ui_state(self) -> tuple[Any, ...]:
        return (self.pool_cursor, self.plan_cursor, self.turn, self.at, self.on_card)

    def building_phases(self) -> tuple[str, ...]:
        return ("build",)

    def top_row(self, view: dict[str, Any]) -> RenderableType:
        grid = Table.grid(padding=(0, 1))
        grid.add_column(width=PLAN_WIDTH)
        grid.add_column(width=CARD_WIDTH)
        grid.add_column(width=PLAYERS_WIDTH)
        grid.add_row(
            self._boxed(_("Plan"), self.plan(view)),
            self._boxed(self.card_title(view), self.card(view)),
            self._boxed(_("Players"), self.players(view)),
        )
        return grid

    def _boxed(self, title: str, body: RenderableType) -> RenderableType:
        return Panel(body, title=title, title_align="left", box=box.ROUNDED, padding=(0, 0),
                     border_style="grey50")  # fmt: skip

    def plan(self, view: dict[str, Any]) -> Text:
        choices = self.plan_choices(view)
        return drawing.plan_text(self.data, view, self.jutaku.side, self.plan_cursor, choices)

    def plan_choices(self, view: dict[str, Any]) -> list[str]:
        """The spaces the person may go to now (start or move)."""
        seat = self.seat
        if view["phase"] not in ("setup", "move") or seat not in self.table.state.current_players():
            return []
        return [str(getattr(a, "space", "")) for a in self.table.state.legal_actions(seat)
                if isinstance(a, Start | Move)]  # fmt: skip

    def card_title(self, view: dict[str, Any]) -> str:
        card = view["players"][self.seat]["card"]
        if card is None:
            return _("Your card")
        return f"{drawing.place_name(str(card['name']))} {card['floors']}F {card['elements']}"

    def card(self, view: dict[str, Any]) -> RenderableType:
        card = view["players"][self.seat]["card"]
        if card is None:
            return Text(_("No card: choose one on the plan."), "dim")
        pieces = self.pieces(view, self.seat)
        overlay = self.overlay(view)
        grid = drawing.card_grid(self.data, card["plots"], pieces, overlay)
        floors = len(view["players"][self.seat]["floors"])
        count = len(pieces)
        need = Text(
            _("{floors}/{want_floors} fl. · {count}/{want} el. · {yen}").format(
                floors=floors, want_floors=card["floors"], count=count,
                want=_numeral(str(card["elements"])), yen=yen(int(card["yen"])),
            )
        )  # fmt: skip
        return Group(grid, need)

    def pieces(self, view: dict[str, Any], seat: int) -> list[Piece]:
        return front.pieces(view, seat)

    def hand(self, view: dict[str, Any]) -> str | None:
        hand = view["hand"][self.seat]
        return None if hand is None else str(hand)

    def overlay(self, view: dict[str, Any]) -> Overlay | None:
        hand = self.hand(view)
        if hand is None or view["phase"] not in self.building_phases():
            return None
        element = self.data.elements[hand]
        x, y = self.at
        squares = tuple(drawing.cells(element, self.turn, x, y))
        spot = self.spot(hand)
        return Overlay(squares, spot is not None, None if spot is None else spot[1])

    def spot(self, hand: str) -> tuple[int, int] | None:
        """(border, floor) of the element in hand where it is shown, if it may go there."""
        x, y = self.at
        for plot, turn, px, py, z in self.jutaku.placements(self.seat, hand):
            if (turn, px, py) == (self.turn, x, y):
                return plot, z
        return None

    def players(self, view: dict[str, Any]) -> Text:
        out = Text()
        goal = self.data.rules.cards_to_end
        for p in view["players"]:
            seat = int(p["seat"])
            name = _("you") if seat == self.seat else self.table.names[seat]
            done = len(view["completed"][seat])
            out.append(f"{seat + 1} ", drawing.seat_style(seat)).append(name[:12].ljust(12))
            out.append(f" {yen(int(p['yen'])):>8} ")
            out.append("■" * done + "□" * max(0, goal - done), drawing.seat_style(seat))
            out.append("\n   ")
            out.append(self.progress(view, seat))
            out.append("\n")
        out.rstrip()
        return out

    def progress(self, view: dict[str, Any], seat: int) -> Text:
        """One line of a player's round: building against its card, hand, calls."""
        card = view["players"][seat]["card"]
        text = Text()
        if card is not None:
            text.append(
                f"{len(view['players'][seat]['floors'])}/{card['floors']}F "
                f"{len(view['built'][seat])}/{_numeral(str(card['elements']))}"
            )
        hand = view["hand"][seat]
        if hand:
            text.append(f" ▸{hand}", "green")
        if seat in view["called"]:
            text.append(" " + _("Stop!"), "bold red")
        if view["conceded"][seat]:
            text.append(" " + _("gave up"), "dim")
        return text

    def prompt_text(self, view: dict[str, Any]) -> Text:
        from ekimae.i18n import language

        text = Text(jutaku_prompt(view, self.seat, language()), "bold")
        waits = self.table.waits(self.seat)
        if view["phase"] == "build" and view["hand"][self.seat] is not None:
            hand = str(view["hand"][self.seat])
            spot = self.spot(hand)
            where = (
                _("fits here: floor {n}").format(n=spot[1] + 1)
                if spot is not None
                else _("does not fit here")
            )
            name = drawing.element_name(self.data.elements[hand])
            text.append(f"\n{name} ({hand}) · {where}", "green" if spot else "red")
        pace = self.pace(view)
        if pace > 0 and view["phase"] == "build":
            text.append("  " + _("next element in {time}").format(time=seconds(pace)), "yellow")
        if waits is not None:
            text.append("  " + _("(waiting)"), "yellow")
        return text

    def pace(self, view: dict[str, Any]) -> int:
        """How long until the person's next grab, placement or return (JU-4 RULING)."""
        last = int(view["last_act"][self.seat])
        return last + self.data.rules.hand_ms - self.table.now()

    def keys_now(self, view: dict[str, Any]) -> list[tuple[str, str]]:
        phase = view["phase"]
        if self.seat not in self.table.state.current_players():
            return []
        if phase in ("setup", "move"):
            keys = [("←↑→↓", _("choose")), ("Enter", _("go there"))]
            if phase == "move" and any(isinstance(a, Keep) for a in self._legal()):
                keys.append(("k", _("keep my card")))
            return keys
        if phase == "window":
            return [("s", _("Stop!"))]
        if phase != "build":
            return []
        if self.hand(view) is not None and self.on_card:
            keys = [("←↑→↓", _("move")), ("r", _("turn")), ("f", _("flip")),
                    ("Enter", _("place")), ("⌫", _("put back"))]  # fmt: skip
        else:
            keys = [("←↑→↓ 1-7", _("choose")), ("Enter", _("take"))]
            if view["built"][self.seat]:
                keys.append(("⌫", _("put back the last")))
        return [*keys, ("Tab", _("pool/card")), ("s", _("Stop!")), ("g g", _("give up"))]

    def help_text(self) -> RenderableType:
        return Text.from_markup(_(HELP))

    def score(self, value: int) -> str:
        return yen(value)

    # ------------------------------------------------------------------ keys

    def _legal(self) -> list[Any]:
        return list(self.table.state.legal_actions(self.seat))

    def _follow_hand(self, view: dict[str, Any]) -> None:
        """A new element in hand: the keys move it on the card, from where it fits."""
        hand = self.hand(view)
        if hand == self.last_hand:
            return
        self.last_hand = hand
        if hand is None:
            self.on_card = False
            return
        self.on_card = True
        fits = self.jutaku.placements(self.seat, hand)
        if fits:
            _plot, self.turn, x, y, _z = fits[0]
            self.at = (x, y)
        else:
            self.turn = 0
            self._clamp(hand)

    def on_game_key(self, key: str) -> None:
        view = self.table.state.view(self.seat)
        phase = view["phase"]
        if key == "s":
            self.send(Stop(0))
        elif phase in ("setup", "move"):
            self.plan_key(key)
        elif phase in self.building_phases():
            self.build_key(key, view)

    def plan_key(self, key: str) -> None:
        if key in ARROWS:
            dx, dy = ARROWS[key]
            col = COLUMNS.index(self.plan_cursor[0]) + dx
            row = int(self.plan_cursor[1:]) - 1 + dy
            col, row = max(0, min(5, col)), max(0, min(5, row))
            self.plan_cursor = f"{COLUMNS[col]}{row + 1}"
        elif key == "enter":
            legal = self._legal()
            kind = Start if any(isinstance(a, Start) for a in legal) else Move
            self.send(kind(0, self.plan_cursor))
        elif key == "k":
            self.send(Keep(0))

    def build_key(self, key: str, view: dict[str, Any]) -> None:
        hand = self.hand(view)
        if key == "tab":
            self.on_card = not self.on_card and hand is not None
        elif key == "g":
            if self.twice("g", _("Press g again to give up this round.")):
                self.send(Concede(0))
        elif key == "backspace":
            self.put_back(view)
        elif self.on_card and hand is not None:
            self.card_key(key, hand)
        else:
            self.pool_key(key)

    def put_back(self, view: dict[str, Any]) -> None:
        hand = self.hand(view)
        built = view["built"][self.seat]
        if hand is not None:
            self.send(Return(0, hand))
        elif built:
            self.send(Return(0, str(built[-1][0])))

    def pool_key(self, key: str) -> None:
        if key in ARROWS:
            dx, dy = ARROWS[key]
            self.pool_cursor = self.pool_layout.step(self.pool_cursor, dx, dy)
        elif key.isdigit() and key != "0":
            first = next((e for e in self.data.elements if e.startswith(f"{key}-")), None)
            if first is not None:
                self.pool_cursor = first
        elif key in ("enter", "space"):
            self.send(Take(0, self.pool_cursor))

    def card_key(self, key: str, hand: str) -> None:
        if key in ARROWS:
            dx, dy = ARROWS[key]
            self.at = (self.at[0] + dx, self.at[1] + dy)
            self._clamp(hand)
        elif key in ("r", "f"):
            self.turn = self._turned(hand, key == "f")
            self._clamp(hand)
        elif key in ("enter", "space"):
            spot = self.spot(hand)
            plot = spot[0] if spot is not None else self._plot_under(hand)
            self.send(self.place_action(hand, plot))

    def place_action(self, hand: str, plot: int) -> Place:
        return Place(0, hand, plot, self.turn, self.at[0], self.at[1])

    def _plot_under(self, hand: str) -> int:
        """The border under most of the element (to hear the rules say why not there)."""
        card = self.table.state.view(self.seat)["players"][self.seat]["card"]
        if card is None:
            return 0
        squares = drawing.cells(self.data.elements[hand], self.turn, *self.at)
        counts = [sum(1 for x, y in squares if rows[y][x] != ".") for rows in card["plots"]]
        return max(range(len(counts)), key=lambda k: counts[k]) if counts else 0

    def _turned(self, hand: str, flip: bool) -> int:
        """The orientation after a quarter turn (clockwise on screen) or a flip."""
        shapes = self.data.elements[hand].shapes
        current = shapes[self.turn]
        moved = ((-x, y) for x, y in current) if flip else ((-y, x) for x, y in current)
        found = normalise(moved)
        return shapes.index(found) if found in shapes else self.turn

    def _clamp(self, hand: str) -> None:
        squares = self.data.elements[hand].shapes[self.turn]
        w = max(x for x, _ in squares) + 1
        h = max(y for _, y in squares) + 1
        x, y = self.at
        self.at = (max(0, min(WIDTH - w, x)), max(0, min(HEIGHT - h, y)))


def _numeral(text: str) -> int:
    return 5 * text.count("V") + text.count("/")
