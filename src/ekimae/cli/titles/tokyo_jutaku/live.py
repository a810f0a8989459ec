"""TOKYO JUTAKU at one keyboard, in real time (issue 32): the plan, your card with its
building and the element in hand drawn where it would go, the pool as shapes, the other
players' progress, the round's clock; keys to take, turn, flip, place, put back and call
Stop!, to choose a start card and to move. BOTTLE BONUS's screen builds on this one.

Keys while building (building.py): the arrows, `1`–`7`, Enter, `r`, `f`, Backspace, Tab;
here `s` calls Stop! and `g` twice gives up the round. On the plan: the arrows choose a
space, Enter goes there, `k` keeps your card. `/` types an action (`take 4-02`,
`place 4-02 0 2 3 1`) or a rule (`rules JU-5`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from ekimae.cli.live import seconds
from ekimae.cli.titles.tokyo_jutaku import drawing, front
from ekimae.cli.titles.tokyo_jutaku.building import ARROWS, CARD_WIDTH, BuildingApp, Spot
from ekimae.cli.titles.tokyo_jutaku.drawing import Piece
from ekimae.core.actions import Action
from ekimae.games.tokyo_jutaku.actions import Concede, Keep, Move, Place, Start, Stop
from ekimae.games.tokyo_jutaku.state import COLUMNS, JutakuState
from ekimae.games.tokyo_jutaku.view import JutakuView, jutaku_view
from ekimae.i18n import _N, _, language, yen
from ekimae.server.titles.tokyo_jutaku import jutaku_prompt

PLAN_WIDTH = 2 + 6 * (drawing.SPACE_WIDTH + 1)  # the plan's panel
PLAYERS_WIDTH = 30

HELP = _N("""[b]Building[/b] (JU-4, JU-5)
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
[b]Drawn[/b]  the plan: each space's card as yen, floors (F) and elements (8k 2F4), the
  architects by seat. Your card: grey inside a border, × a hole, an element in its colour
  with its height; the element in hand green where it may go (the digit: its floor), red
  where not. The pool: each element's shape under its id, dim with its holder's seat.
[b]Typed[/b] (/)  take 4-02 · place 4-02 0 2 3 1 (border, orientation, x, y) · return 4-02 ·
  stop · concede · start A1 · move B2 · keep · rules JU-5""")


class JutakuApp(BuildingApp[JutakuView]):
    """The screen of TOKYO JUTAKU (and, with its drinks, BOTTLE BONUS)."""

    help_parts: tuple[str, ...] = (HELP,)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.plan_cursor = "A1"

    @property
    def jutaku(self) -> JutakuState:
        return cast(JutakuState, self.table.state)

    # ------------------------------------------------------------------ the building

    def read(self, view: Mapping[str, Any]) -> JutakuView:
        return jutaku_view(view)

    def placements(self, hand: str) -> Sequence[Spot]:
        return self.jutaku.placements(self.seat, hand)

    def place_action(self, hand: str, plot: int) -> Action:
        return Place(0, hand, plot, self.turn, self.at[0], self.at[1])

    def pieces(self, view: JutakuView, seat: int) -> list[Piece]:
        return front.pieces(view, seat)

    def plots(self, view: JutakuView) -> Sequence[Sequence[str]] | None:
        card = view["players"][self.seat]["card"]
        return None if card is None else card["plots"]

    # ------------------------------------------------------------------ drawing

    def status(self, raw: dict[str, Any]) -> Text:
        view = self.read(raw)
        text = Text(self.table.game.title, "bold")
        if view["round"]:
            text.append("  " + _("round {n}").format(n=view["round"]))
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
        return (*super().ui_state(), self.plan_cursor)

    def top_row(self, view: JutakuView) -> RenderableType:
        grid = Table.grid(padding=(0, 1))
        grid.add_column(width=PLAN_WIDTH)
        grid.add_column(width=CARD_WIDTH)
        grid.add_column(width=PLAYERS_WIDTH)
        grid.add_row(
            self.boxed(_("Plan"), self.plan(view)),
            self.boxed(self.card_title(view), self.card(view), self.card_needs(view)),
            self.boxed(_("Players"), self.players(view)),
        )
        return grid

    def plan(self, view: JutakuView) -> Text:
        choices = self.plan_choices(view)
        return drawing.plan_text(self.data, view, self.jutaku.side, self.plan_cursor, choices)

    def plan_choices(self, view: JutakuView) -> list[str]:
        """The spaces the person may go to now (start or move)."""
        state = self.table.state
        if view["phase"] not in ("setup", "move") or self.seat not in state.current_players():
            return []
        return [str(getattr(a, "space", "")) for a in state.legal_actions(self.seat)
                if isinstance(a, Start | Move)]  # fmt: skip

    def card_title(self, view: JutakuView) -> str:
        card = view["players"][self.seat]["card"]
        if card is None:
            return _("Your card")
        return f"{drawing.place_name(str(card['name']))} {card['floors']}F {card['elements']}"

    def card(self, view: JutakuView) -> RenderableType:
        if view["players"][self.seat]["card"] is None:
            return Text(_("No card: choose one on the plan."), "dim")
        return self.card_grid(view)

    def card_needs(self, view: JutakuView) -> str | None:
        """The building against the card's requirements (JU-3), and its yen."""
        card = view["players"][self.seat]["card"]
        if card is None:
            return None
        return _("{floors}/{want_floors}F · {count}/{want} · {yen}").format(
            floors=len(view["players"][self.seat]["floors"]), want_floors=card["floors"],
            count=len(view["built"][self.seat]), want=_numeral(str(card["elements"])),
            yen=yen(int(card["yen"])),
        )  # fmt: skip

    def players(self, view: JutakuView) -> Text:
        """Two lines a seat: its name, the cards it completed (■) and its calls; then its
        yen, its building against its card and what it holds."""
        out = Text()
        goal = self.data.rules.cards_to_end
        for p in view["players"]:
            seat = int(p["seat"])
            name = _("you") if seat == self.seat else self.table.names[seat]
            done = len(view["completed"][seat])
            if out:
                out.append("\n")
            out.append(f"{seat + 1} ", drawing.seat_style(seat)).append(name[:14].ljust(14))
            out.append(" " + "■" * done + "□" * max(0, goal - done), drawing.seat_style(seat))
            if seat in view["called"]:
                out.append(" " + _("Stop!"), "bold red")
            if view["conceded"][seat]:
                out.append(" " + _("gave up"), "dim")
            out.append(f"\n  {yen(int(p['yen'])):>8} ").append(self.progress(view, seat))
        return out

    def progress(self, view: JutakuView, seat: int) -> Text:
        """A player's round: its building against its card, the element in hand."""
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
        return text

    def prompt_text(self, view: JutakuView) -> Text:
        text = Text(jutaku_prompt(view, self.seat, language()), "bold")
        line = self.hand_line(view)
        if line.plain:
            text.append("\n").append(line)
        return text

    def keys_now(self, raw: dict[str, Any]) -> list[tuple[str, str]]:
        view = self.read(raw)
        phase = view["phase"]
        if self.seat not in self.table.state.current_players():
            return []
        if phase in ("setup", "move"):
            keys = [("←↑→↓", _("choose")), ("Enter", _("go there"))]
            if any(isinstance(a, Keep) for a in self.table.state.legal_actions(self.seat)):
                keys.append(("k", _("keep my card")))
            return keys
        if phase == "window":
            return [("s", _("Stop!"))]
        if phase not in self.building_phases():
            return []
        return [*self.building_keys(view), ("s", _("Stop!")), ("g g", _("give up"))]

    def help_text(self) -> RenderableType:
        return Text.from_markup("\n".join(_(part) for part in self.help_parts))

    def score(self, value: int) -> str:
        return yen(value)

    # ------------------------------------------------------------------ keys

    def on_game_key(self, key: str) -> None:
        view = self.read(self.table.state.view(self.seat))
        phase = view["phase"]
        if key == "s":
            self.send(Stop(0))
        elif phase in ("setup", "move"):
            self.plan_key(key)
        elif phase in self.building_phases():
            if key == "g":
                if self.twice("g", _("Press g again to give up this round.")):
                    self.send(Concede(0))
            else:
                self.build_key(key, view)

    def plan_key(self, key: str) -> None:
        if key in ARROWS:
            dx, dy = ARROWS[key]
            col = max(0, min(5, COLUMNS.index(self.plan_cursor[0]) + dx))
            row = max(0, min(5, int(self.plan_cursor[1:]) - 1 + dy))
            self.plan_cursor = f"{COLUMNS[col]}{row + 1}"
        elif key == "enter":
            legal = self.table.state.legal_actions(self.seat)
            kind = Start if any(isinstance(a, Start) for a in legal) else Move
            self.send(kind(0, self.plan_cursor))
        elif key == "k":
            self.send(Keep(0))


def _numeral(text: str) -> int:
    return 5 * text.count("V") + text.count("/")
