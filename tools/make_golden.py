"""Regenerate the golden transcripts, recorded games and playthroughs (tools/golden.py for
TOKYO METRO, tools/playthrough.py for every game)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools import playthrough
from tools.golden import GOLDEN, write_all

if __name__ == "__main__":
    write_all()
    print(f"wrote {GOLDEN} and the recorded games")
    playthrough.write_all()
    print(f"wrote {playthrough.GOLDEN}")
