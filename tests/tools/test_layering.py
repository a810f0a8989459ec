"""tools/layering.py: the titles come from the registry, every layer's title folders are
guarded, and an import of a title's module from a generic one is caught."""

from __future__ import annotations

import grimp

from ekimae.games import EXAMPLES, titles
from tools.layering import TITLE_LAYERS, generic_breaches, registered_titles, title_packages


def test_every_registered_title_is_guarded() -> None:
    names = registered_titles()
    assert set(names) == {n.replace("-", "_") for n in [*titles(), *EXAMPLES]}
    graph = grimp.build_graph("ekimae")
    packages = title_packages(graph.modules, names)
    # Every title has its game package; the other layers' folders are found the same way.
    assert {f"ekimae.games.{name}" for name in names} <= set(packages)
    assert "ekimae.bots.tokyo_metro" in packages
    assert "ekimae.server.titles.chocolate_milk" in packages
    assert generic_breaches(graph, names) == []


def _graph(imports: dict[str, list[str]]) -> grimp.ImportGraph:
    graph = grimp.ImportGraph()
    for importer, imported in imports.items():
        graph.add_module(importer)
        for module in imported:
            graph.add_module(module)
            graph.add_import(importer=importer, imported=module)
    return graph


def test_a_generic_module_naming_a_title_is_caught_at_every_layer() -> None:
    imports = {
        "ekimae.core.game": [],
        "ekimae.bots.mcts": ["ekimae.games.newgame.state"],  # generic -> a title: caught
        "ekimae.server.hub": ["ekimae.server.titles.newgame"],  # caught
        "ekimae.bots.newgame.heuristic": ["ekimae.games.newgame.state"],  # its own game: fine
        "ekimae.cli.titles.newgame": ["ekimae.cli.common"],  # a title uses the frame: fine
    }
    for layer in TITLE_LAYERS:
        imports[f"{layer}.newgame"] = []
    breaches = generic_breaches(_graph(imports), ["newgame"])
    assert breaches == [
        ("ekimae.bots.mcts", "ekimae.games.newgame.state"),
        ("ekimae.server.hub", "ekimae.server.titles.newgame"),
    ]
