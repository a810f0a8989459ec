"""The full-screen front end of a real-time game (Textual): the clock running while you
think, the title's panels, the keys of the moment, a command line, the end.

`LiveApp` is the frame every real-time title shares; a title subclasses it (its terminal
part's `live_app`) and says which panels it has (`panels`), how it draws them from the
position (`draw`), which keys it takes now (`keys_now`, `on_game_key`) and what its
typed commands mean (`command`). The game itself runs in a `LiveTable` (cli/live.py):
the app moves it on every tick (a tenth of a second) and sends it the person's actions.

Keys every title has: `p` pauses the clock (bots and timers too), `?` shows the help,
`/` opens the command line (an action's text form, or a title's short command), `q`
twice leaves. A test drives the app with Textual's pilot and moves the clock itself
(`tick_seconds=None`, `advance`): no test depends on the machine's speed.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from rich.console import RenderableType
from rich.markdown import Markdown
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Input, Static

from ekimae.cli.common import seat_label
from ekimae.cli.live import LiveTable, Refusal, seconds
from ekimae.cli.refusals import error_text
from ekimae.core.actions import Action
from ekimae.core.errors import EkimaeError
from ekimae.core.game import Seat
from ekimae.core.log import view_lines
from ekimae.i18n import _, language
from ekimae.i18n.log import game_log

LOG_LINES = 5
TICK = 0.1  # seconds between two looks at the clock


class LiveApp(App[str]):
    """A real-time game at one keyboard (see the module docstring). Its result: "over"
    once the game has ended, "quit" if the person left before."""

    ENABLE_COMMAND_PALETTE = False
    CSS: ClassVar[str] = """
    Screen { layout: vertical; }
    #status { height: 1; background: $boost; text-style: bold; padding: 0 1; }
    #body { height: 1fr; scrollbar-size-vertical: 1; }
    .panel { border: round $primary-darken-1; padding: 0 1; height: auto; }
    #message { height: 1; padding: 0 1; }
    #prompt { height: 5; }
    #keys { height: auto; max-height: 2; background: $boost; padding: 0 1; }
    #command { display: none; height: 3; }
    #command.open { display: block; }
    #help { display: none; }
    #help.open { display: block; }
    """

    def __init__(self, table: LiveTable, seat: Seat, *, tick_seconds: float | None = TICK) -> None:
        super().__init__()
        self.table = table
        self.seat = seat
        self.tick_seconds = tick_seconds
        self.message: Text = Text()
        self.shown: tuple[Any, ...] | None = None  # what the panels show
        self.confirm: str | None = None  # a key pressed once that asks to be pressed again

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with VerticalScroll(id="body"):
            yield Static(id="help", classes="panel")
            yield from self.panels()
        yield Input(id="command", placeholder=_("an action or a command; Enter sends, Esc closes"))
        yield Static(id="message")
        yield Static(id="keys")

    def panels(self) -> Iterable[Static]:
        """The title's panels (their ids are the title's)."""
        return ()

    def on_mount(self) -> None:
        self.title = self.table.game.title
        if self.tick_seconds is not None:
            self.set_interval(self.tick_seconds, self.step)
        self.redraw()

    # ------------------------------------------------------------------ time

    def step(self) -> None:
        """A look at the clock: what fell due is applied, the screen redrawn."""
        if not self.table.is_over() and not self.paused():
            self.table.tick()
        self.redraw()

    def advance(self, ms: int) -> None:
        """Move a hand-moved clock on and look (tests and pictures)."""
        advance = getattr(self.table.clock, "advance", None)
        if advance is None:
            raise TypeError("only a hand-moved clock can be advanced")
        advance(ms)
        self.step()

    def paused(self) -> bool:
        return bool(getattr(self.table.clock, "paused", False))

    # ------------------------------------------------------------------ drawing

    def redraw(self) -> None:
        """The status line at every look; the panels only when the game or the person's
        cursor moved (a whole screen's layout costs far more than a tenth of a second
        allows on a busy machine)."""
        view = self.table.state.view(self.seat)
        self.query_one("#status", Static).update(self.status(view), layout=False)
        shown = (self.table.revision, self.table.is_over(), self.paused(), self.message.plain,
                 self.ui_state())  # fmt: skip
        if shown == self.shown:
            self.draw_clock(view)
            return
        self.shown = shown
        if self.table.is_over():
            self.draw_end(view)
        else:
            self.draw(view)
        self.query_one("#message", Static).update(self.message)
        keys = self.keys_now(view) if not self.table.is_over() else []
        common = [("/", _("command")), ("p", _("resume") if self.paused() else _("pause")),
                  ("?", _("help")), ("q", _("quit"))]  # fmt: skip
        line = Text()
        for key, word in [*keys, *common]:
            line.append(key, "reverse bold").append(f" {word}  ")
        self.query_one("#keys", Static).update(line)

    def ui_state(self) -> tuple[Any, ...]:
        """What the person moved on the screen (cursors): a change redraws the panels."""
        return ()

    def draw_clock(self, view: dict[str, Any]) -> None:
        """Between two changes: the title's parts that count time (a pace, a window)."""

    def status(self, view: dict[str, Any]) -> Text:
        """The title line: the game, the phase and its clock (the title says them)."""
        text = Text(self.table.game.title, "bold")
        text.append(" · " + _("game time {time}").format(time=seconds(self.table.now())))
        if self.paused():
            text.append(" · " + _("PAUSED (p resumes)"), "bold yellow")
        return text

    def draw(self, view: dict[str, Any]) -> None:
        """Fill the title's panels from `view` (the person's)."""

    def draw_end(self, view: dict[str, Any]) -> None:
        """The end: the title's panels as they stand, and the ranking in the message."""
        self.draw(view)
        state = self.table.state
        scores = state.scores()
        ranking = Table(title=_("Ranking"), title_justify="left", padding=(0, 1))
        for column in (_("place"), _("seat"), _("score")):
            ranking.add_column(column)
        place = 1
        for seats in state.ranking():
            mark = f"{place}=" if len(seats) > 1 else str(place)
            for s in seats:
                ranking.add_row(mark, seat_label(self.table.names, s), self.score(scores[s]))
            place += len(seats)
        help_panel = self.query_one("#help", Static)
        help_panel.update(ranking)
        help_panel.add_class("open")
        help_panel.border_title = _("The game is over — q leaves")

    def score(self, value: int) -> str:
        return str(value)

    def log_text(self, view: dict[str, Any], lines: int = LOG_LINES) -> Text:
        said = game_log(self.table.game.name, view_lines(view.get("log")), language())
        return Text("\n".join(said[-lines:]), style="dim")

    def keys_now(self, view: dict[str, Any]) -> list[tuple[str, str]]:
        """The title's keys of the moment, (key, what it does), for the bottom line."""
        return []

    def help_text(self) -> RenderableType:
        """What the title's keys and commands do (the `?` panel)."""
        return Text()

    # ------------------------------------------------------------------ acting

    def send(self, action: Action) -> bool:
        """The person's action; a refusal is said in the message line. True if taken (or
        waiting for its time)."""
        if self.paused():
            self.say(_("The clock is paused: p resumes."), error=True)
            return False
        refusal = self.table.act(self.seat, action)
        if refusal is not None:
            self.refused(refusal)
            self.redraw()
            return False
        waits = self.table.waits(self.seat)
        if waits is not None:
            self.say(_("Waiting for the pace: at {time}.").format(time=seconds(waits)))
        else:
            self.say("")
        self.redraw()
        return True

    def refused(self, refusal: Refusal) -> None:
        text = self.refusal_text(refusal)
        if refusal.rule:
            text += "  " + _("(type '/rules {rule}' to read the rule)").format(rule=refusal.rule)
        self.say(text, error=True)

    def refusal_text(self, refusal: Refusal) -> str:
        """A refusal in the terminal's language."""
        return error_text(self.table.game.name, refusal.error)

    def say(self, text: str, error: bool = False) -> None:
        self.message = Text(text, style="bold red" if error else "")

    # ------------------------------------------------------------------ keys

    def on_key(self, event: events.Key) -> None:
        command = self.query_one("#command", Input)
        if command.has_focus:
            if event.key == "escape":
                self._close_command()
                event.stop()
            return
        key = event.key
        if key != self.confirm:
            self.confirm = None
        if self.table.is_over() and key not in ("q", "question_mark"):
            return
        event.stop()
        if key == "q":
            self._quit()
        elif key == "p":
            self._pause()
        elif key == "question_mark":
            self._toggle_help()
        elif key in ("slash", "colon"):
            command.add_class("open")
            command.value = ""
            command.focus()
        elif not self.table.is_over():
            if not self.paused():
                self.table.tick()  # the key acts on the game as it is now
            self.on_game_key(key)
            self.redraw()

    def twice(self, key: str, prompt: str) -> bool:
        """True on the second press of `key` in a row (the first one says `prompt`)."""
        if self.confirm == key:
            self.confirm = None
            return True
        self.confirm = key
        self.say(prompt)
        self.redraw()
        return False

    def _quit(self) -> None:
        if self.table.is_over():
            self.exit("over")
        elif self.twice("q", _("Press q again to leave the game (you may save its record).")):
            self.exit("quit")

    def _pause(self) -> None:
        toggle = getattr(self.table.clock, "toggle_pause", None)
        if toggle is not None:
            toggle()
        self.redraw()

    def _toggle_help(self) -> None:
        panel = self.query_one("#help", Static)
        if panel.has_class("open") and not self.table.is_over():
            panel.remove_class("open")
        else:
            panel.update(self.help_text())
            panel.border_title = _("Keys and commands (? closes)")
            panel.add_class("open")

    def on_game_key(self, key: str) -> None:
        """A key of the title's (arrows, Enter, letters)."""

    # ------------------------------------------------------------------ the command line

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        self._close_command()
        if not text:
            return
        if text == "rules" or text.startswith("rules "):
            self.show_rules(text.removeprefix("rules").strip())
        elif not self.command(text):
            try:
                action = self.table.game.parse_action(self.with_time(text))
            except EkimaeError as exc:
                self.say(error_text(self.table.game.name, exc), error=True)
            else:
                self.send(action)
        self.redraw()

    def with_time(self, text: str) -> str:
        """An action typed without its time (`take 4-02`) gets the clock's: its `at`
        comes second in the text form (`take 1200 4-02`)."""
        kind, _, rest = text.partition(" ")
        first = rest.split(" ", 1)[0]
        if first.isdigit() or kind not in self.timed_kinds():
            return text
        return f"{kind} 0 {rest}".rstrip()

    def timed_kinds(self) -> set[str]:
        return set(self.table.game.codec.classes)

    def command(self, text: str) -> bool:
        """A title's short command (True if `text` was one)."""
        return False

    def show_rules(self, rule_id: str) -> None:
        """`rules JU-4`: that rule in the help panel; `rules`: this game's rule IDs."""
        from ekimae.games import reference

        panel = self.query_one("#help", Static)
        try:
            if rule_id:
                shown: RenderableType = Markdown(reference.rule_text(rule_id, language()))
            else:
                found = reference.rules(self.table.game.name, language()).values()
                shown = Text("  ".join(f"{r.id} {r.title}" for r in found))
        except reference.UnknownRuleError as exc:
            self.say(str(exc), error=True)
            return
        panel.update(shown)
        panel.border_title = _("Rules (? closes)")
        panel.add_class("open")

    def _close_command(self) -> None:
        command = self.query_one("#command", Input)
        command.remove_class("open")
        command.value = ""
        self.set_focus(None)
