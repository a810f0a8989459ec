"""Regenerate the golden transcripts and recorded games (see tools/golden.py)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.golden import GOLDEN, write_all

if __name__ == "__main__":
    write_all()
    print(f"wrote {GOLDEN} and the recorded games")
