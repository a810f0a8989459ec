"""Design the Osaka map from the real network and write osaka_map.toml (docs/games/osaka-metro.md).

OSAKA METRO's map (OS-1, OS-2), drawn the way the Tokyo map was (tools/make_tokyo_map.py,
docs/data-design.md) with the shared steps of tools/metro_map.py. Run by a developer after
changing the design tables below; the game and the tests only read the TOML.

Usage: .venv/bin/python tools/make_osaka_map.py [--report] [--force]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.metro_map import DATA, Design, main

COLUMNS, ROWS = 18, 20
START_AREA = ("h10", "j12")  # TM-3.4: Semba, between Hommachi and Shinsaibashi

# The stations kept on each line (names as in stations_osaka.csv, `_` for a space), in the real
# order from the end where the official codes start: that end is stop 1 (TM-1.1). Lines P and
# bus (OS-2) list their two terminus stations and, between them, their small circles (HALTS).
# The bus has no rows in the station file: its termini are looked up on the other lines.
LINES: dict[str, str] = {
    "M": """Shin-Osaka Nishinakajima-Minamigata Nakatsu Umeda Yodoyabashi Hommachi Shinsaibashi
         Namba Daikokucho Dobutsuen-mae Tennoji Showacho Nishitanabe Nagai""",
    "BUS": """Imazato bus-1 bus-2 bus-3 Nagai""",
    "T": """Dainichi Taishibashi-Imaichi Sekime-Takadono Miyakojima Tenjimbashisuji_6-chome
         Higashi-Umeda Minami-Morimachi Temmabashi Tanimachi_4-chome Tanimachi_6-chome
         Tanimachi_9-chome Tennoji Tanabe Hirano""",
    "Y": """Nishi-Umeda Higobashi Hommachi Yotsubashi Namba Daikokucho Hanazonocho Kishinosato
         Tamade Kitakagaya Suminoekoen""",
    "C": """Cosmosquare Osakako Bentencho Kujo Awaza Hommachi Sakaisuji-Hommachi
         Tanimachi_4-chome Morinomiya Midoribashi Fukaebashi Nagata""",
    "I": """Itakano Daido-Toyosato Taishibashi-Imaichi Shimizu Shinmori-Furuichi Gamo_4-chome
         Shigino Midoribashi Imazato""",
    "S": """Nodahanshin Awaza Nishi-Nagahori Sakuragawa Namba Nippombashi Tanimachi_9-chome
         Tsuruhashi Imazato Shin-Fukae Minami-Tatsumi""",
    "N": """Taisho Dome-mae_Chiyozaki Nishi-Nagahori Nishi-Ohashi Shinsaibashi Nagahoribashi
         Tanimachi_6-chome Tamatsukuri Morinomiya Kyobashi Gamo_4-chome Tsurumi-ryokuchi""",
    "K": """Tenjimbashisuji_6-chome Ogimachi Minami-Morimachi Kitahama Sakaisuji-Hommachi
         Nagahoribashi Nippombashi Ebisucho Dobutsuen-mae Tengachaya""",
    "P": """Cosmosquare p-1 p-2 p-3 Suminoekoen""",
}

# Umeda, Higashi-Umeda and Nishi-Umeda are one interchange, connected underground.
# Yotsubashi (Y) and Nishi-Ohashi (N), 300 m apart where Nagahori-dori crosses
# Yotsubashi-suji, are drawn as one crossing, one circle for both lines (issue 27's map pass:
# the Yotsubashi line had no cheap crossing, so no one built on it and its stock was held at
# the end of under 0.1 % of osaka/osaka games; see docs/games/osaka-metro.md).
MERGED: dict[str, str] = {
    "Higashi-Umeda": "Umeda",
    "Nishi-Umeda": "Umeda",
    "Nishi-Ohashi": "Yotsubashi",
}

# Straightening: a station's anchor (its first circle in STOPS) in cell units, where the
# snapped projection does not give a readable schematic; each stays within MAX_SHIFT cells of
# its projected point. The centre is a grid of straight lines, as Osaka's streets are: the
# Midosuji line down column i (x 8.5) with the Yotsubashi line beside it (x 7.5), the Sakaisuji
# line (x 9.5) and the Tanimachi line (x 11.5) parallel to it; the Chuo line along row 10
# (Chuo-odori), the Nagahori Tsurumi-ryokuchi line along row 12 (Nagahori-dori) and the
# Sennichimae line along row 14 (Sennichimae-dori).
PLACES: dict[str, tuple[float, float]] = {
    # Midosuji, north to south (Umeda's anchor is its M circle)
    "shin-osaka": (8.5, 2.5), "nishinakajima-minamigata": (8.5, 3.5), "nakatsu": (8.5, 4.5),
    "umeda": (8.5, 6), "hommachi": (8.5, 10), "shinsaibashi": (8.5, 12), "namba": (8.5, 14),
    "daikokucho": (8.5, 15.5), "dobutsuen-mae": (9.5, 16.5), "tennoji": (11.5, 16.5),
    "nishitanabe": (11.5, 18.5), "nagai": (11.5, 19.5),
    # Yotsubashi and Sakaisuji beside it (the rest of them is on its snapped point)
    "yotsubashi": (7.5, 12), "hanazonocho": (7.5, 16.5), "kishinosato": (7.5, 17.5),
    "tamade": (7, 18.5), "kitakagaya": (5.5, 18.5), "suminoekoen": (4.5, 19.5),
    "nippombashi": (9.5, 14), "ebisucho": (9.5, 15.5), "tengachaya": (8.5, 17.5),
    # Tanimachi, north-east to south-east
    "dainichi": (16.5, 2), "taishibashi-imaichi": (15.5, 3), "sekime-takadono": (14, 4.5),
    "tanimachi-9-chome": (11.5, 14), "hirano": (14.5, 18),
    # the east: Imazatosuji down column o, Kyobashi, Morinomiya, Tsuruhashi
    "itakano": (14.5, 1), "daido-toyosato": (14.5, 2), "shimizu": (16.5, 4),
    "shinmori-furuichi": (15.5, 5), "gamo-4-chome": (14.5, 6.5), "shigino": (14.5, 8),
    "midoribashi": (14.5, 10), "imazato": (14.5, 14), "kyobashi": (13.5, 7.5),
    "tsurumi-ryokuchi": (17, 6.5), "fukaebashi": (15.5, 10), "nagata": (17, 10),
    "shin-fukae": (15.5, 14), "minami-tatsumi": (15.5, 16.5),
    # the west and the bay
    "nodahanshin": (4.5, 7.5), "awaza": (6, 10), "osakako": (2, 15.5),
}  # fmt: skip

# OS-2: the small circles of lines P and bus (stops, not stations), placed by hand: the New
# Tram south from Cosmosquare round the Nanko port to Suminoekoen; the bus south from Imazato
# along Imazatosuji, then west to Nagai.
HALTS: dict[str, tuple[float, float]] = {
    "p-1": (1, 18.5), "p-2": (2, 19.5), "p-3": (3, 19.5),
    "bus-1": (14.5, 15.5), "bus-2": (14.5, 17), "bus-3": (13.5, 19),
}  # fmt: skip

# The circles of interchanges: for each stop, the lines it carries and its offset from the
# anchor (as in make_tokyo_map.py). Umeda's three circles make a chevron: Nishi-Umeda (Y)
# south-west, Umeda (M) in the middle, Higashi-Umeda (T) south-east.
STOPS: dict[str, tuple[tuple[str, float, float], ...]] = {
    "umeda": (("Y", -0.5, 0.5), ("M", 0, 0), ("T", 0.5, 0.5)),
    "hommachi": (("M C", 0, 0), ("Y", -1, 0.5)),
    "namba": (("M S", 0, 0), ("Y", -1, 0.5)),
    "daikokucho": (("M", 0, 0), ("Y", -1, 0)),
    "imazato": (("S I", 0, 0), ("BUS", 0, 0.5)),
}

CENTRE = (34.6819, 135.5050)  # (lat, lon) at Sakaisuji-Hommachi: the middle of the projection
KM_PER_DEGREE = (110.95, 91.53)  # latitude, longitude, at Osaka's latitude

HEADER = """\
# OSAKA METRO: the Osaka map, designed by the ekimae project from the real network (OS-1).
# Generated by tools/make_osaka_map.py (see docs/games/osaka-metro.md), and meant to be read
# and typed by hand too, e.g. by an owner of the printed expansion who wants its map.
#
# The format is the Tokyo map's (tokyo_map.toml explains the grid, `at`, `cells`, the lines'
# `stops` and the stations' circles), with two additions for OS-2:
# - a line run by a pair of vehicles says so: `vehicle = "tram"` (or "bus") and `vehicles = 2`
#   (one starts on each terminus); between its two terminus stations it has only halts;
# - a halt is a small circle: a stop for moving and riding but not a station (no pyramid),
#   written as a station table with `halt = true` and one circle of one line, no name needed.
# The numbers in `lines` ("P2") order a pair's stops for the engine; the map prints none.
"""

DESIGN = Design(
    name="osaka",
    city="osaka",
    header=HEADER,
    output=DATA / "osaka" / "osaka_map.toml",
    columns=COLUMNS,
    rows=ROWS,
    start_area=START_AREA,
    lines=LINES,
    merged=MERGED,
    places=PLACES,
    stops=STOPS,
    centre=CENTRE,
    km_per_degree=KM_PER_DEGREE,
    halts=HALTS,
    vehicles={"P": ("tram", 2), "BUS": ("bus", 2)},
)

if __name__ == "__main__":
    sys.exit(main(DESIGN))
