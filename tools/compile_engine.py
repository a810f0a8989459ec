"""Compile TOKYO METRO's hottest modules with mypyc, into the virtual environment.

    make compiled                              # = .venv/bin/python -m tools.compile_engine
    .venv/bin/python -m tools.compile_engine --remove

Optional (issue 33): the pure-Python engine is complete and is what a fresh checkout
runs. This builds the modules of `MODULES` with mypyc (it comes with mypy, a development
dependency; it needs a C compiler and the Python headers) from a copy of the sources, and
puts the compiled files with a manifest of the sources' SHA-256 in
`<venv>/ekimae-compiled/`, where `ekimae.compiled` finds them at import, and only while
every source is unchanged (an edited module falls back to Python until the next build).
`EKIMAE_PURE_PYTHON=1` turns the build off for one run. `--remove` deletes the build.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from ekimae.compiled import BUILD, MANIFEST, build_dir, source_digest, source_of

SRC = Path(__file__).resolve().parent.parent / "src"
# The modules a random game and a search playout spend their time in (not the state, whose
# clone is generated code, nor the classes that subclass core's `StateDefaults`): the
# engine's, then the playout policy of `strong` and `expert` with the estimates it asks
# (the policy is most of a search: docs/performance.md).
MODULES = (
    "ekimae.games.tokyo_metro.card_actions",
    "ekimae.games.tokyo_metro.card_effects",
    "ekimae.games.tokyo_metro.drinks",
    "ekimae.games.tokyo_metro.flow",
    "ekimae.games.tokyo_metro.movement",
    "ekimae.games.tokyo_metro.steps",
    "ekimae.games.tokyo_metro.tables",
    "ekimae.games.tokyo_metro.trains",
    "ekimae.games.tokyo_metro.turn_order",
    "ekimae.games.tokyo_metro.context",
    "ekimae.games.tokyo_metro.components",
    "ekimae.games.tokyo_metro.board",
    "ekimae.games.tokyo_metro.scoring",
    "ekimae.games.tokyo_metro.log_forms",
    "ekimae.bots.tokyo_metro.greedy",
    "ekimae.bots.tokyo_metro.heuristic",
    "ekimae.bots.tokyo_metro.rollout_policy",
)


def build() -> Path:
    target = build_dir()
    with tempfile.TemporaryDirectory(prefix="ekimae-mypyc-") as tmp:
        copy = Path(tmp) / "src"
        shutil.copytree(SRC, copy, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
        paths = [str(Path(*name.split(".")).with_suffix(".py")) for name in MODULES]
        subprocess.run([sys.executable, "-m", "mypyc", *paths], cwd=copy, check=True)
        if target.exists():
            shutil.rmtree(target)
        target.mkdir(parents=True)
        manifest: dict[str, object] = {
            "python": sys.version,
            "cache_tag": sys.implementation.cache_tag,
            "modules": {},
            "shared": {},
        }
        modules: dict[str, dict[str, str]] = {}
        for name in MODULES:
            package = copy.joinpath(*name.split(".")[:-1])
            (built,) = package.glob(f"{name.rsplit('.', 1)[1]}.*.so")
            dest = target / built.name.replace(built.name.split(".")[0], name, 1)
            shutil.copy2(built, dest)
            modules[name] = {"file": dest.name, "source_sha256": source_digest(source_of(name))}
        shared = {}
        for lib in copy.glob("*__mypyc*.so"):
            shutil.copy2(lib, target / lib.name)
            shared[lib.name.split(".")[0]] = lib.name
        manifest["modules"] = modules
        manifest["shared"] = shared
        (target / MANIFEST).write_text(json.dumps(manifest, indent=2), encoding="utf-8")
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--remove", action="store_true", help=f"delete <venv>/{BUILD}")
    args = parser.parse_args(argv)
    if args.remove:
        shutil.rmtree(build_dir(), ignore_errors=True)
        print(f"removed {build_dir()}")
        return 0
    target = build()
    print(f"compiled {len(MODULES)} modules into {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
