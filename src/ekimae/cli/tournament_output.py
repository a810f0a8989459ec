"""Tournament files: CSV tables and PNG plots (matplotlib, when it is installed)."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

from ekimae.cli.terminal import TerminalTitle
from ekimae.cli.tournament_stats import GameResult
from ekimae.core.errors import DataError


def write_outputs(
    directory: str, results: list[GameResult], summary: dict[str, Any], title: TerminalTitle
) -> list[str]:
    """Write every file; returns notes for the user (e.g. plots skipped). The end figures
    (`lines.csv`, `lines.png`) only for a title that has them."""
    out = Path(directory)
    try:
        out.mkdir(parents=True, exist_ok=True)
        _write_csvs(out, results, summary, title)
    except OSError as exc:
        raise DataError(directory, "-", f"cannot be written ({exc})") from None
    try:
        import matplotlib  # optional: only the plots need it

        matplotlib.use("Agg")  # files only, no display
    except ImportError:
        return ["plots skipped: matplotlib is not installed"]
    _plots(out, results, summary, title)
    return [f"wrote CSV files and plots to {out}"]


def _rows(path: Path, header: list[str], rows: list[list[Any]]) -> None:
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(header)
        writer.writerows(rows)


def _write_csvs(
    out: Path, results: list[GameResult], summary: dict[str, Any], title: TerminalTitle
) -> None:
    types = summary["seats"]
    _rows(
        out / "win_rates.csv",
        ["bot", "win_rate", "low95", "high95", "elo", *summary["scores"][types[0]]],
        [
            [
                t,
                summary["win_rate"][t],
                *summary["win_rate_95"][t],
                summary["elo"][t],
                *summary["scores"][t].values(),
            ]
            for t in types
        ],
    )
    _rows(
        out / "games.csv",
        ["seed", "seat", "bot", "score", "won"],
        [
            [r.seed, i, name, r.scores[i], _won(r.won(i))]
            for r in results
            for i, name in enumerate(r.seats)
        ],
    )
    _rows(
        out / "seats.csv",
        ["seat", "win_rate"],
        [[i, w] for i, w in enumerate(summary["seat_win_rate"])],
    )
    if title.figures_key is not None:
        _rows(
            out / "lines.csv",
            ["line", "mean_value"],
            [[k, v] for k, v in summary[title.figures_key].items()],
        )
    kinds = sorted({k for t in types for k in summary["actions_per_game"][t]})
    _rows(
        out / "actions.csv",
        ["bot", *kinds],
        [[t, *(summary["actions_per_game"][t].get(k, 0.0) for k in kinds)] for t in types],
    )


def _won(share: float) -> float | int:
    """1 or 0, or the share of a shared win."""
    return int(share) if share == int(share) else share


def _plots(
    out: Path, results: list[GameResult], summary: dict[str, Any], title: TerminalTitle
) -> None:
    import matplotlib.pyplot as plt

    types = summary["seats"]
    fig, ax = plt.subplots(figsize=(6, 4))
    rates = [summary["win_rate"][t] for t in types]
    errors = [
        [max(0.0, r - summary["win_rate_95"][t][0]) for t, r in zip(types, rates, strict=True)],
        [max(0.0, summary["win_rate_95"][t][1] - r) for t, r in zip(types, rates, strict=True)],
    ]
    ax.bar(types, rates, yerr=errors, capsize=4, color="#4a7ab5")
    ax.set_ylabel("share of games won (95% interval)")
    ax.set_title(f"win rates, {summary['games']} games")
    fig.tight_layout()
    fig.savefig(out / "win_rates.png")
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(6, 4))
    data = [[r.scores[i] for r in results for i, s in enumerate(r.seats) if s == t] for t in types]
    ax.boxplot(data, tick_labels=types)
    ax.set_ylabel(f"final {title.score_word}")
    ax.set_title("score distributions")
    fig.tight_layout()
    fig.savefig(out / "scores.png")
    plt.close(fig)

    if title.figures_key is not None:
        fig, ax = plt.subplots(figsize=(7, 4))
        lines = summary[title.figures_key]
        ax.bar(list(lines), list(lines.values()), color="#b5684a")
        ax.set_ylabel(f"mean final value ({title.score_word})")
        ax.set_title(title.figures_key.replace("_", " "))
        fig.tight_layout()
        fig.savefig(out / "lines.png")
        plt.close(fig)

    fig, ax = plt.subplots(figsize=(8, 4))
    kinds = sorted({k for t in types for k in summary["actions_per_game"][t]})
    width = 0.8 / max(1, len(types))
    for i, t in enumerate(types):
        xs = [k + i * width for k in range(len(kinds))]
        ax.bar(xs, [summary["actions_per_game"][t].get(k, 0.0) for k in kinds], width, label=t)
    ax.set_xticks([k + 0.4 - width / 2 for k in range(len(kinds))], kinds, rotation=45)
    ax.set_ylabel("per game")
    ax.set_title("action usage")
    ax.legend()
    fig.tight_layout()
    fig.savefig(out / "actions.png")
    plt.close(fig)
