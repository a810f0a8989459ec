"""TOKYO JUTAKU's solver over every plot of every card side: positions, time, yen.

.venv/bin/python tools/jutaku_solver_report.py
"""

from __future__ import annotations

import statistics
import time

from ekimae.games.tokyo_jutaku.components import load_data
from ekimae.games.tokyo_jutaku.solver import solve, yen_for


def main() -> None:
    data = load_data()
    elements = list(data.elements.values())
    times = []
    for card in data.cards.values():
        for label in ("blue", "white"):
            side = card.side(label)
            nodes = []
            for plot in side.plots:
                start = time.perf_counter()
                found = solve(plot.cells, side.floors, side.elements, elements)
                times.append(time.perf_counter() - start)
                nodes.append(found.nodes if found.steps else -1)
            yen = yen_for(side.floors, side.elements, min(nodes))
            flag = "" if yen == side.yen and min(nodes) > 0 else "  <- DEFECT"
            print(
                f"{card.id:14} {label:5} {side.floors}F {side.numeral:6} ¥{side.yen:>6} "
                f"{nodes}{flag}"
            )
    print(
        f"{len(times)} plots: median {statistics.median(times) * 1000:.1f} ms, "
        f"worst {max(times) * 1000:.1f} ms, total {sum(times):.2f} s"
    )


if __name__ == "__main__":
    main()
