"""The layering check that extends itself: no generic module names a title (issue 34).

A title is whatever the registry offers (`ekimae.games.titles()`, and the examples of
`ekimae.games.EXAMPLES`); its code lives in a folder of its own at each layer (the
`TITLE_LAYERS`: `ekimae.games.<title>`, `ekimae.bots.<title>`, …). Every other module of
the project is generic (the core, the registries, the shared component families such as
the drinks of `games/jidohanbaiki`, the server's and the terminal's frames) and imports no
module of any title: a title plugs in through the registries only. Adding a title adds its
folders, which this check then guards with no list to keep.

`lint-imports` runs it as the contract type `titles` (pyproject.toml); the import graph is
import-linter's (grimp). A title's folders may import each other's layers below (a bot
its game); whether one title may build on another is a separate question (the JUTAKU kit).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from grimp import ImportGraph
from importlinter import Contract, ContractCheck, output

# Where a title keeps its code, one folder (or module) per title in each.
TITLE_LAYERS = (
    "ekimae.games",
    "ekimae.bots",
    "ekimae.research",
    "ekimae.cli.titles",
    "ekimae.server.titles",
)


def registered_titles() -> list[str]:
    """Every title's package name (`tokyo-metro` -> `tokyo_metro`), examples included."""
    from ekimae.games import EXAMPLES, titles  # the registry, imported only when checking

    return sorted({name.replace("-", "_") for name in [*titles(), *EXAMPLES]})


def title_packages(modules: Iterable[str], names: Sequence[str]) -> dict[str, str]:
    """Each title's folder (or module) found among `modules` -> the title's name."""
    known = set(modules)
    return {
        f"{layer}.{name}": name
        for layer in TITLE_LAYERS
        for name in names
        if f"{layer}.{name}" in known
    }


def owner(module: str, packages: dict[str, str]) -> str | None:
    """The title whose folder holds `module`, None for a generic module."""
    parts = module.split(".")
    for end in range(len(parts), 1, -1):
        found = packages.get(".".join(parts[:end]))
        if found is not None:
            return found
    return None


def generic_breaches(graph: ImportGraph, names: Sequence[str]) -> list[tuple[str, str]]:
    """(generic importer, title module imported) for every direct import that names a
    title from outside the titles' folders, sorted."""
    packages = title_packages(graph.modules, names)
    found: list[tuple[str, str]] = []
    for module in graph.modules:
        if owner(module, packages) is not None:
            continue
        for imported in graph.find_modules_directly_imported_by(module):
            if owner(imported, packages) is not None:
                found.append((module, imported))
    return sorted(found)


class TitlesContract(Contract):
    """import-linter's contract type `titles`: `generic_breaches` must be empty."""

    type_name = "titles"

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        names = registered_titles()
        breaches = generic_breaches(graph, names)
        return ContractCheck(
            kept=not breaches,
            metadata={"breaches": breaches, "titles": names},
        )

    def render_broken_contract(self, check: ContractCheck) -> None:
        for importer, imported in check.metadata["breaches"]:
            output.print_error(f"{importer} imports {imported} (a title's module)")
            output.new_line()
        output.print("A generic module reaches a title through the registries only.")
