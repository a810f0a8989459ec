"""COUNTDOWN at one keyboard, in real time (issue 32): your card (the whole card is the
border, CD-1) with its building and the element in hand where it would go, the pool as
shapes, every player's elements floor by floor, the floor's clock (60, 45, 30, then 15 s,
CD-2). The building keys are TOKYO JUTAKU's (building.py); `d` says the floor is done.
Picking a card: the arrows choose, Enter picks (every card builds alike, CD-1)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from ekimae.cli.live import seconds
from ekimae.cli.titles.countdown import front
from ekimae.cli.titles.tokyo_jutaku.building import ARROWS, CARD_WIDTH, BuildingApp, Spot
from ekimae.cli.titles.tokyo_jutaku.drawing import Piece
from ekimae.core.actions import Action
from ekimae.games.countdown.actions import Done, Pick, Place
from ekimae.games.countdown.state import CountdownState
from ekimae.games.countdown.view import CountdownView, countdown_view
from ekimae.i18n import _N, _, language
from ekimae.server.titles.countdown import countdown_prompt

SIDE_WIDTH = 118 - CARD_WIDTH - 1  # the players' panel beside the card

HELP = _N("""[b]Building[/b] (CD-2: TOKYO JUTAKU's elements and placing, JU-4, JU-5)
  ←↑→↓      the pool's cursor (hand empty) · the element on your card (holding one)
  1 … 7     the pool's first element of that many squares
  Enter     take the element under the cursor · place the element in hand there
  r  f      turn the element a quarter · flip it over
  Backspace put back the element in hand, else the last placed this round
  d         this floor is done (a floor without a new element puts you out, CD-3)
  Tab       from the pool to your card and back
[b]Picking[/b] (CD-1)  ←→ choose a card · Enter pick it (the whole card is the border)
[b]Drawn[/b]  your card: an element in its colour with its height; the element in hand
  green where it may go on this round's floor (the digit), red where not. The pool: each
  element's shape under its id, dim with its holder's seat.
[b]Typed[/b] (/)  take 4-02 · place 4-02 2 3 1 (orientation, x, y) · return 4-02 · done ·
  pick ikebukuro-1 · rules CD-2""")


class CountdownApp(BuildingApp[CountdownView]):
    """The screen of COUNTDOWN (see the module docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.pick_cursor = 0  # among the cards left to pick

    @property
    def countdown(self) -> CountdownState:
        return cast(CountdownState, self.table.state)

    # ------------------------------------------------------------------ the building

    def read(self, view: Mapping[str, Any]) -> CountdownView:
        return countdown_view(view)

    def placements(self, hand: str) -> Sequence[Spot]:
        floor = self.countdown.round - 1
        return [(0, t, x, y, floor) for t, x, y in self.countdown.placements(self.seat, hand)]

    def place_action(self, hand: str, plot: int) -> Action:
        return Place(0, hand, self.turn, self.at[0], self.at[1])

    def pieces(self, view: CountdownView, seat: int) -> list[Piece]:
        return front.pieces(view, seat)

    # ------------------------------------------------------------------ drawing

    def status(self, raw: dict[str, Any]) -> Text:
        view = self.read(raw)
        text = Text(self.table.game.title, "bold")
        if view["round"]:
            text.append("  " + _("floor {n}").format(n=view["round"]))
        text.append("  " + front.phase_word(str(view["phase"])))
        end = view["deadline_ms"]
        if end is not None:
            left = end - self.table.now()
            text.append("  " + _("{time} left").format(time=seconds(left)),
                        "bold red" if left < 10_000 else "bold green")  # fmt: skip
        text.append("  · " + _("game time {time}").format(time=seconds(self.table.now())), "dim")
        if self.paused():
            text.append("  " + _("PAUSED (p resumes)"), "bold yellow")
        return text

    def ui_state(self) -> tuple[Any, ...]:
        return (*super().ui_state(), self.pick_cursor)

    def top_row(self, view: CountdownView) -> RenderableType:
        grid = Table.grid(padding=(0, 1))
        grid.add_column(width=CARD_WIDTH)
        grid.add_column(width=SIDE_WIDTH)
        card = view["cards"][self.seat]
        title = _("Your card") if card is None else front.card_name(self.data, card)
        line = None
        if view["phase"] == "build":
            placed = sum(1 for p in view["built"][self.seat] if p[4] == view["round"] - 1)
            line = _("floor {n}: +{count}, {total} in all").format(
                n=view["round"], count=placed, total=len(view["built"][self.seat])
            )
        side = self.pick_list(view) if view["phase"] == "pick" else self.players(view)
        grid.add_row(self.boxed(title, self.card_grid(view), line),
                     self.boxed(_("Players"), side))  # fmt: skip
        return grid

    def free_cards(self) -> list[str]:
        return self.countdown.free_cards()

    def pick_list(self, view: CountdownView) -> RenderableType:
        """The cards left, a window of them around the cursor."""
        free = self.free_cards()
        if not free or view["cards"][self.seat] is not None:
            return self.players(view)
        self.pick_cursor = max(0, min(len(free) - 1, self.pick_cursor))
        text = Text(_("Pick a card (←→ choose, Enter picks):") + "\n", "bold")
        low = max(0, self.pick_cursor - 6)
        for i, card in enumerate(free[low : low + 13], start=low):
            line = f"{front.card_name(self.data, card)} ({card})"
            text.append(("▸ " if i == self.pick_cursor else "  ") + line + "\n",
                        "reverse" if i == self.pick_cursor else "")  # fmt: skip
        return text

    def players(self, view: CountdownView) -> RenderableType:
        return front.players_table(self.data, view, self.table.names)

    def prompt_text(self, view: CountdownView) -> Text:
        text = Text(countdown_prompt(view, self.seat, language()), "bold")
        line = self.hand_line(view)
        if line.plain:
            text.append("\n").append(line)
        return text

    def keys_now(self, raw: dict[str, Any]) -> list[tuple[str, str]]:
        view = self.read(raw)
        if self.seat not in self.table.state.current_players():
            return []
        if view["phase"] == "pick":
            return [("←→", _("choose")), ("Enter", _("pick"))]
        if view["phase"] != "build":
            return []
        return [*self.building_keys(view), ("d", _("floor done"))]

    def help_text(self) -> RenderableType:
        return Text.from_markup(_(HELP))

    # ------------------------------------------------------------------ keys

    def on_game_key(self, key: str) -> None:
        view = self.read(self.table.state.view(self.seat))
        if view["phase"] == "pick":
            free = self.free_cards()
            if key in ("left", "right", "up", "down"):
                step = ARROWS[key][0] or ARROWS[key][1]
                self.pick_cursor = max(0, min(len(free) - 1, self.pick_cursor + step))
            elif key == "enter" and free:
                self.send(Pick(0, free[min(self.pick_cursor, len(free) - 1)]))
        elif view["phase"] == "build":
            if key == "d":
                self.send(Done(0))
            else:
                self.build_key(key, view)

    def score(self, value: int) -> str:
        return _("{n} elements").format(n=value)
