"""What a title contributes to the terminal, through one small interface.

The commands (play, simulate, replay, render, tournament, balance, bench) are the same for
every game; how a game looks in the terminal is not. A title's terminal part is a package
`ekimae.cli.titles.<title>` (the game's name with `-` as `_`) exposing `TITLE`, a
`TerminalTitle`: its front end for a game at the table (`Front`: the position, the menu
of legal actions, what each action did, the end), how its scores and end figures read,
its default seats, and any extras (`render`, `balance`, more `bench` figures, a short
command group such as `ekimae metro`). A game without one gets `GenericTerminal`: its
view printed as nested keys and values, its legal actions as a numbered menu (a long list
of one kind collapsed to a range), sealed kinds marked as sealed, the ranking with shared
places at the end — playable, if plain, with no line of CLI code naming it.

A title subclasses `GenericTerminal` and `GenericFront` and overrides what it draws
itself; everything else stays generic.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from babel.numbers import format_decimal
from rich.cells import cell_len
from rich.console import Console
from rich.rule import Rule

from ekimae.cli import table
from ekimae.cli.common import HUMAN, UsageError, bot_list, seat_label
from ekimae.cli.menu import Menu, build_menu
from ekimae.core.actions import Action
from ekimae.core.game import Dynamics, Game, Seat, State, seat_name
from ekimae.games import reference, title_part
from ekimae.i18n import _N, _, game_terms, language
from ekimae.i18n.log import game_log

if TYPE_CHECKING:  # Textual is imported only when a real-time game is played live
    from ekimae.cli.live import LiveTable
    from ekimae.cli.live_app import LiveApp

# A typed command of a title's own at a person's turn (TOKYO METRO: `map`, `hint`).
Command = Callable[[State, Seat], None]
# A picture of the start (state None) or of a position, written to a file path.
Renderer = Callable[[Game[Any], State | None, str], None]

COMMANDS = ("play", "simulate", "tournament", "balance", "bench")
LOG_TAIL = 6  # log lines shown with the table at a person's turn


class Front(Protocol):
    """One game at the terminal table (play, replay): prints to its console."""

    def help(self, state: State, seat: Seat) -> str:
        """What a person may type at a turn."""
        ...

    def commands(self) -> Mapping[str, Command]:
        """Typed commands the title adds to help, list, show, log and quit."""
        ...

    def started(self, state: State) -> None:
        """Before the first action."""
        ...

    def acted(self, state: State, seat: Seat, action: Action) -> None:
        """After each action while playing (`state` has it applied)."""
        ...

    def turn(self, state: State, seat: Seat, menu: Menu) -> None:
        """What a person at `seat` sees before choosing, `menu` (the choices) included."""
        ...

    def menu(self, state: State, seat: Seat, legal: Sequence[Action]) -> Menu:
        """The numbered legal actions."""
        ...

    def table(self, state: State, seat: Seat | None) -> None:
        """The whole table as `seat` sees it (None: a replay's, every sealed choice shown)."""
        ...

    def log(self, state: State, seat: Seat) -> None:
        """The whole game log, if the game keeps one."""
        ...

    def replayed(self, state: State, index: int, seat: Seat, action: Action) -> None:
        """One step of a replay (`state` has it applied)."""
        ...

    def final(self, state: State) -> None:
        """The end: the result and the ranking."""
        ...


class TerminalTitle(Protocol):
    """A title's part of the terminal (see the module docstring)."""

    # `ekimae <alias> COMMAND …` stands for `ekimae COMMAND --game <name> …`, or None.
    alias: str | None
    # Extras this title has: "render" (a picture of a position), "balance" (a report).
    extras: frozenset[str]
    score_word: str  # what a score counts, in table headings ("score", "yen")
    live: bool  # a real-time title played on the full screen by a person (`live_app`)
    # The JSON key of the per-game end figures simulate and tournament average, or None.
    figures_key: str | None

    def default_seats(self, game: Game[Any], command: str) -> tuple[tuple[str, ...], int]:
        """`command`'s seats without --seats (cycled after the first), and how many."""
        ...

    def front(self, game: Game[Any], out: Console, names: Sequence[str], humans: bool) -> Front:
        """The table of one game; `humans`: people play at it (hide sealed choices)."""
        ...

    def score(self, value: float) -> str:
        """A score (or a mean of scores) as people read it."""
        ...

    def rounds(self, state: State) -> int | None:
        """How many rounds a finished game lasted, if the game has rounds."""
        ...

    def figures(self, state: State) -> dict[str, int]:
        """A finished game's end figures by name (averaged over many games)."""
        ...

    def figures_text(self, means: Mapping[str, float]) -> str:
        """The averaged end figures, as one line."""
        ...

    def render(self, game: Game[Any], state: State | None, path: str) -> None:
        """Draw the start (None) or a position to `path` (extra "render")."""
        ...

    def balance(self, game: Game[Any], args: argparse.Namespace) -> int:
        """The balance report (extra "balance")."""
        ...

    def bench(
        self, game: Game[Any], players: int, games: int, seed: int
    ) -> dict[str, Callable[[], int]]:
        """More timings for `ekimae bench`: label -> work returning its operation count."""
        ...

    def live_app(self, table: LiveTable, seat: Seat) -> LiveApp | None:
        """A real-time game's full-screen front end for a person at `seat` (cli/live_app.py),
        or None: the game is then taken in turns at the terminal (`REAL_TIME_NOTE`)."""
        ...


class GenericFront:
    """Any game at the table, from its views alone."""

    def __init__(
        self,
        game: Game[Any],
        out: Console,
        names: Sequence[str],
        humans: bool,
        title: TerminalTitle,
    ) -> None:
        self.game = game
        self.out = out
        self.names = list(names)
        self.humans = humans
        self.title = title
        self.log_seen = 0

    # -------------------------------------------------------------- playing

    def help(self, state: State, seat: Seat) -> str:
        legal = state.legal_actions(seat)
        example = (
            _(" (e.g. '{action}')").format(action=self.game.format_action(legal[-1]))
            if legal
            else ""
        )
        rule = example_rule(self.game.name)
        one_rule = _("one rule (e.g. 'rules {rule}')").format(rule=rule) if rule else _("one rule")
        lines = [
            ("help", _("this text")),
            ("list", _("the legal actions again")),
            ("show", _("the whole table")),
            ("log", _("the whole game log")),
            ("rules", _("the rule IDs")),
            ("rules ID", one_rule),
            ("quit", _("stop the game (you may save the record)")),
        ]
        width = max(cell_len(command) for command, _text in lines) + 2
        return (
            _("Type the number of an action, or its text form{example}. Other commands:").format(
                example=example
            )
            + "\n"
            + "\n".join(f"  {command:<{width}}{text}" for command, text in lines)
        )

    def commands(self) -> Mapping[str, Command]:
        return {}

    def started(self, state: State) -> None:
        sealed = sorted(self.game.type.sealed)
        if sealed:
            note = _(
                "Sealed: {kinds} — a seat's choice stays hidden from the others "
                "until the game reveals it."
            )
            words = game_terms(self.game.name, language())
            kinds = ", ".join(words.get(kind, kind) for kind in sealed)
            self.out.print(note.format(kinds=kinds), markup=False)
        if self.humans and self.game.type.dynamics is Dynamics.REAL_TIME:
            self.out.print(_(REAL_TIME_NOTE), markup=False)
        if not self.humans:
            self.table(state, None)

    def acted(self, state: State, seat: Seat, action: Action) -> None:
        shown = self.game.format_action(action)
        if self.humans and action.kind in self.game.type.sealed:
            shown = f"{action.kind} " + _("(sealed)")
        self.out.print(f"  {seat_label(self.names, seat)}: {shown}", markup=False)
        self._new_log_lines(state, seat, action, indent="    ")

    def turn(self, state: State, seat: Seat, menu: Menu) -> None:
        who = seat_label(self.names, seat)
        self.out.print(Rule(_("{seat} to act").format(seat=who), style="dim"))
        view = state.view(seat)
        self.out.print(table.view_table(view))
        lines = self._log_lines(view)
        if lines:
            self.out.print(table.log_tail(lines, LOG_TAIL))
        self.out.print(menu.render())

    def menu(self, state: State, seat: Seat, legal: Sequence[Action]) -> Menu:
        return build_menu(self.game, legal)

    def table(self, state: State, seat: Seat | None) -> None:
        view = state.open_view() if seat is None else state.view(seat)
        self.out.print(table.view_table(view))
        lines = self._log_lines(view)
        if lines:
            self.out.print(table.log_tail(lines, LOG_TAIL))

    def log(self, state: State, seat: Seat) -> None:
        lines = self._log_lines(state.view(seat))
        if not lines:
            self.out.print(_("This game keeps no log."))
        for line in lines:
            self.out.print(f"  {line}", markup=False)

    # -------------------------------------------------------------- replaying

    def replayed(self, state: State, index: int, seat: Seat, action: Action) -> None:
        """The action, then the log lines it added (without the one that only repeats it)."""
        text = self.game.format_action(action)
        self.out.print(f"{index + 1:>5}  {seat_label(self.names, seat)}: {text}", markup=False)
        self._new_log_lines(state, seat, action, indent="         ", style="dim")

    def _new_log_lines(
        self, state: State, seat: Seat, action: Action, indent: str, style: str | None = None
    ) -> None:
        lines = table.log_lines(state.view(None))
        echo = f"{seat_name(seat)}: {self.game.format_action(action)}"
        for line in lines[self.log_seen :]:
            if line != echo:
                said = game_log(self.game.name, [line], language())[0]
                self.out.print(f"{indent}{said}", style=style, markup=False)
        self.log_seen = len(lines)

    def _log_lines(self, view: Mapping[str, Any]) -> list[str]:
        """The view's log in the terminal's language (issue 20; the engine writes English)."""
        return game_log(self.game.name, table.log_lines(view), language())

    # -------------------------------------------------------------- the end

    def final(self, state: State) -> None:
        self.table(state, None)
        self.out.print(table.ranking_table(state, self.names, self.title.score))


# Translated where printed (its msgid is marked by the N_ below for the extractor).
REAL_TIME_NOTE = _N(
    "Real time, taken in turns here: at each step every seat acts once, you included, at "
    "the earliest game time the rules allow (the time, in ms, is part of the action: "
    "'tap 2750' taps at 2.75 s); the clock does not wait for you. To act later, type the "
    "action with a later time. The game's own timers run out when nobody can act before them."
)


class GenericTerminal:
    """Any game in the terminal (a title subclasses it and overrides what it draws)."""

    alias: str | None = None
    extras: frozenset[str] = frozenset()
    score_word = "score"
    figures_key: str | None = None
    live = False

    def default_seats(self, game: Game[Any], command: str) -> tuple[tuple[str, ...], int]:
        """Two seats (or as few as the game allows); bots: `random`, which is fast. For a
        person: `human` at the first seat. A tournament: every bot of the game, strongest
        first (one a seat, as many as the game seats)."""
        players = clamp(2, game.type.min_seats, game.type.max_seats)
        if command == "play":
            return (HUMAN, "random"), players
        if command == "tournament":
            bots = tuple(reversed(bot_list(game)))
            players = clamp(len(bots), game.type.min_seats, game.type.max_seats)
            return bots[:players], players
        return ("random",), players

    def front(self, game: Game[Any], out: Console, names: Sequence[str], humans: bool) -> Front:
        return GenericFront(game, out, names, humans, self)

    def score(self, value: float) -> str:
        pattern = "#,##0" if value == int(value) else "#,##0.0"
        return format_decimal(value, pattern, locale=language())  # 1,125 · 1 125 · 1.125

    def rounds(self, state: State) -> int | None:
        return None

    def figures(self, state: State) -> dict[str, int]:
        return {}

    def figures_text(self, means: Mapping[str, float]) -> str:
        return "average end figures: " + "  ".join(f"{k} {v:,.1f}" for k, v in means.items())

    def render(self, game: Game[Any], state: State | None, path: str) -> None:
        raise UsageError(f"render: {game.title} has no picture to draw")

    def balance(self, game: Game[Any], args: argparse.Namespace) -> int:
        raise UsageError(f"balance: {game.title} has no balance report")

    def bench(
        self, game: Game[Any], players: int, games: int, seed: int
    ) -> dict[str, Callable[[], int]]:
        return {}

    def live_app(self, table: LiveTable, seat: Seat) -> LiveApp | None:
        return None


def example_rule(game: str) -> str | None:
    """A rule of `game`'s own reference to show in an example (its second, the first
    being the components), or None if it has no reference."""
    try:
        found = list(reference.rules(game))
    except reference.UnknownRuleError:
        return None
    return found[min(1, len(found) - 1)] if found else None


def clamp(value: int, low: int, high: int) -> int:
    return max(low, min(value, high))


def terminal_title(game: str) -> TerminalTitle:
    """The terminal part of the game named `game`, or the generic one if it has none."""
    found = title_part("ekimae.cli.titles", game)
    title: TerminalTitle = GenericTerminal() if found is None else found.TITLE
    return title


def with_extra(extra: str, games: Mapping[str, Game[Any]]) -> list[str]:
    """The registered games whose terminal part has `extra` ("render", "balance")."""
    return [name for name in games if extra in terminal_title(name).extras]
