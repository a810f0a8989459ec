"""Building with TOKYO JUTAKU's elements on the full screen, in real time: the part of the
screen that TOKYO JUTAKU, COUNTDOWN and BOTTLE BONUS share (each subclasses it).

The pool drawn as shapes with a cursor; your card with its building and the element in
hand shown where it would go (green where the rules allow it, with the floor it would
stand on; red where not); the keys: the arrows move the pool's cursor (hand empty) or
the element (holding one), `1`–`7` jump to the elements of that many squares, Enter takes
or places, `r` turns, `f` flips, Backspace puts back, Tab goes between the pool and the
card. A title says where an element may go (`placements`), how a placement is written
(`place_action`), its top row of panels and its own keys.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Generic, TypeVar, cast

from rich import box
from rich.console import RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from ekimae.cli.live import seconds
from ekimae.cli.live_app import LiveApp
from ekimae.cli.titles.tokyo_jutaku import drawing
from ekimae.cli.titles.tokyo_jutaku.drawing import Overlay, Piece, PoolLayout
from ekimae.core.actions import Action
from ekimae.games.jutaku_kit.geometry import HEIGHT, WIDTH, normalise
from ekimae.games.jutaku_kit.hands import Hands
from ekimae.games.jutaku_kit.view import BuildingView
from ekimae.games.tokyo_jutaku.actions import Return, Take
from ekimae.games.tokyo_jutaku.components import JutakuData, load_data
from ekimae.i18n import _

POOL_WIDTH = 114  # the pool's drawing across a 120-column terminal (its panel's inside)
CARD_WIDTH = 2 + 7 * 4  # the card's panel: 7 squares of 4 columns
ARROWS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}
# (border, orientation, x, y, floor) of a placement the rules allow
Spot = tuple[int, int, int, int, int]
# The title's view, as its reader (`read`) types it.
V = TypeVar("V", bound=BuildingView)


class BuildingApp(LiveApp, Generic[V]):
    """The pool, the card and the element in hand (see the module docstring). The
    title's hooks take its typed view `V`, which `read` makes of the generic one."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.data: JutakuData = load_data()
        self.pool_layout: PoolLayout = drawing.pool_layout(self.data, POOL_WIDTH)
        self.pool_cursor = next(iter(self.data.elements))
        self.turn = 0
        self.at = (0, 0)  # the element's top-left on the card
        self.on_card = False  # the keys move the element on the card (not the pool)
        self.last_hand: str | None = None

    # ------------------------------------------------------------------ for a title

    def read(self, view: Mapping[str, Any]) -> V:
        """The generic view (`LiveApp`'s hooks get it) as the title's typed one."""
        raise NotImplementedError

    def second_hands(self, view: V) -> Sequence[str | None]:
        """Each seat's second element in hand, if the title has one (BOTTLE BONUS's red
        drink): the pool's drawing shows it as held."""
        return ()

    def placements(self, hand: str) -> Sequence[Spot]:
        """Every placement of `hand` the rules allow the person now."""
        return []

    def place_action(self, hand: str, plot: int) -> Action:
        """The placement of `hand` as shown (orientation `self.turn` at `self.at`)."""
        raise NotImplementedError

    def pieces(self, view: V, seat: int) -> list[Piece]:
        """A seat's building as the drawings take it."""
        return []

    def plots(self, view: V) -> Sequence[Sequence[str]] | None:
        """The person's card's borders (rows of '#', 'o', '.'); None: the whole card."""
        return None

    def building_phases(self) -> tuple[str, ...]:
        """The phases in which the person takes and places elements."""
        return ("build",)

    def top_row(self, view: V) -> RenderableType:
        return Text()

    def prompt_text(self, view: V) -> Text:
        return Text()

    # ------------------------------------------------------------------ drawing

    def panels(self) -> Iterable[Static]:
        yield Static(id="top")
        yield Static(id="pool", classes="panel")
        yield Static(id="prompt", classes="panel")

    def boxed(self, title: str, body: RenderableType, under: str | None = None) -> RenderableType:
        """A panel of the top row; `under`: words on its bottom edge."""
        return Panel(body, title=title, title_align="left", box=box.ROUNDED, padding=(0, 0),
                     border_style="grey50", subtitle=under, subtitle_align="left")  # fmt: skip

    def draw(self, raw: dict[str, Any]) -> None:
        view = self.read(raw)
        self.follow_hand(view)
        self.query_one("#top", Static).update(self.top_row(view))
        pool = self.query_one("#pool", Static)
        cursor = None if self.on_card else self.pool_cursor
        second = self.second_hands(view)
        drawn = drawing.pool_text(self.data, view, self.seat, self.pool_layout, cursor, second)
        pool.update(drawn)
        pool.border_title = _("Pool — {n} elements free").format(n=len(view["pool"]))
        self.draw_clock(raw)
        self.query_one("#prompt", Static).border_title = _("Now · log")

    def draw_clock(self, raw: dict[str, Any]) -> None:
        view = self.read(raw)
        now = Table.grid(padding=(0, 2))
        now.add_column(width=56)
        now.add_column()
        now.add_row(self.prompt_text(view), self.log_text(raw, 3))
        self.query_one("#prompt", Static).update(now, layout=False)

    def ui_state(self) -> tuple[Any, ...]:
        return (self.pool_cursor, self.turn, self.at, self.on_card)

    def card_grid(self, view: V) -> Text:
        return drawing.card_grid(
            self.data, self.plots(view), self.pieces(view, self.seat), self.overlay(view)
        )

    def hand(self, view: V) -> str | None:
        hand = view["hand"][self.seat]
        return None if hand is None else str(hand)

    def overlay(self, view: V) -> Overlay | None:
        hand = self.hand(view)
        if hand is None or view["phase"] not in self.building_phases():
            return None
        squares = tuple(drawing.cells(self.data.elements[hand], self.turn, *self.at))
        spot = self.spot(hand)
        return Overlay(squares, spot is not None, None if spot is None else spot[4])

    def spot(self, hand: str) -> Spot | None:
        """The placement of the element in hand where it is shown, if the rules allow it."""
        x, y = self.at
        for spot in self.placements(hand):
            if spot[1:4] == (self.turn, x, y):
                return spot
        return None

    def hand_line(self, view: V) -> Text:
        """The element in hand, whether it fits where shown, and the pace."""
        text = Text()
        hand = self.hand(view)
        if hand is not None and view["phase"] in self.building_phases():
            spot = self.spot(hand)
            where = (
                _("fits here: floor {n}").format(n=spot[4] + 1)
                if spot is not None
                else _("does not fit here")
            )
            name = drawing.element_name(self.data.elements[hand])
            text.append(f"{name} ({hand}) · {where}", "green" if spot else "red")
        pace = self.pace(view)
        if pace > 0 and view["phase"] in self.building_phases():
            text.append("  " + _("next element in {time}").format(time=seconds(pace)), "yellow")
        if self.table.waits(self.seat) is not None:
            text.append("  " + _("(waiting)"), "yellow")
        return text

    def pace(self, view: V) -> int:
        """How long until the person's next grab, placement or return (the pace RULING)."""
        hand_ms = cast(Hands[Any], self.table.state).hand_ms()
        return view["last_act"][self.seat] + hand_ms - self.table.now()

    def building_keys(self, view: V) -> list[tuple[str, str]]:
        if self.hand(view) is not None and self.on_card:
            return [("←↑→↓", _("move")), ("r", _("turn")), ("f", _("flip")),
                    ("Enter", _("place")), ("⌫", _("put back"))]  # fmt: skip
        keys = [("←↑→↓ 1-7", _("choose")), ("Enter", _("take"))]
        if self.pieces(view, self.seat):
            keys.append(("⌫", _("put back the last")))
        return [*keys, ("Tab", _("pool/card"))]

    # ------------------------------------------------------------------ keys

    def follow_hand(self, view: V) -> None:
        """A new element in hand: the keys move it on the card, from where it fits."""
        hand = self.hand(view)
        if hand == self.last_hand:
            return
        self.last_hand = hand
        if hand is None:
            self.on_card = False
            return
        self.on_card = True
        fits = self.placements(hand)
        if fits:
            _plot, self.turn, x, y, _z = fits[0]
            self.at = (x, y)
        else:
            self.turn = 0
            self.clamp(hand)

    def build_key(self, key: str, view: V) -> bool:
        """A building key (True if it was one)."""
        hand = self.hand(view)
        if key == "tab":
            self.on_card = not self.on_card and hand is not None
        elif key == "backspace":
            self.put_back(view)
        elif self.on_card and hand is not None and key in (*ARROWS, "r", "f", "enter", "space"):
            self.card_key(key, hand)
        elif key in ARROWS or key in ("enter", "space") or (key.isdigit() and key != "0"):
            self.pool_key(key)
        else:
            return False
        return True

    def put_back(self, view: V) -> None:
        hand = self.hand(view)
        built = self.pieces(view, self.seat)
        if hand is not None:
            self.send(Return(0, hand))
        elif built:
            self.send(Return(0, built[-1][0]))

    def pool_key(self, key: str) -> None:
        if key in ARROWS:
            dx, dy = ARROWS[key]
            self.pool_cursor = self.pool_layout.step(self.pool_cursor, dx, dy)
        elif key.isdigit():
            first = next((e for e in self.data.elements if e.startswith(f"{key}-")), None)
            if first is not None:
                self.pool_cursor = first
        else:
            self.send(Take(0, self.pool_cursor))

    def card_key(self, key: str, hand: str) -> None:
        if key in ARROWS:
            dx, dy = ARROWS[key]
            self.at = (self.at[0] + dx, self.at[1] + dy)
            self.clamp(hand)
        elif key in ("r", "f"):
            self.turn = self.turned(hand, key == "f")
            self.clamp(hand)
        else:
            spot = self.spot(hand)
            plot = spot[0] if spot is not None else self.plot_under(hand)
            self.send(self.place_action(hand, plot))

    def plot_under(self, hand: str) -> int:
        """The border under most of the element (to hear the rules say why not there)."""
        plots = self.plots(self.read(self.table.state.view(self.seat))) or ()
        squares = drawing.cells(self.data.elements[hand], self.turn, *self.at)
        counts = [sum(1 for x, y in squares if rows[y][x] != ".") for rows in plots]
        return max(range(len(counts)), key=lambda k: counts[k]) if counts else 0

    def turned(self, hand: str, flip: bool) -> int:
        """The orientation after a quarter turn (clockwise on screen) or a flip."""
        shapes = self.data.elements[hand].shapes
        current = shapes[self.turn]
        moved = ((-x, y) for x, y in current) if flip else ((-y, x) for x, y in current)
        found = normalise(moved)
        return shapes.index(found) if found in shapes else self.turn

    def clamp(self, hand: str) -> None:
        squares = self.data.elements[hand].shapes[self.turn]
        w = max(x for x, _ in squares) + 1
        h = max(y for _, y in squares) + 1
        x, y = self.at
        self.at = (max(0, min(WIDTH - w, x)), max(0, min(HEIGHT - h, y)))
