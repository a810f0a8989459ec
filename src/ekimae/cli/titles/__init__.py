"""The titles' own parts of the terminal, one package each (`ekimae.cli.titles.<title>`,
the game's name with `-` as `_`, exposing `TITLE`), found by `cli.terminal.terminal_title`.
A game without one is played through the generic front end; see `cli/terminal.py`."""
