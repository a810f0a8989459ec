"""Design the Tokyo map from the real network and write tokyo_map.toml (docs/data-design.md).

Run by a developer after changing the design tables below; the game and the tests only read
the TOML. The steps (projection, snapping, straightening, circles, touched cells, checks) are
in tools/metro_map.py, shared with tools/make_osaka_map.py.

Usage: .venv/bin/python tools/make_tokyo_map.py [--report] [--force]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.metro_map import DATA, Design, main

COLUMNS, ROWS = 20, 14
START_AREA = ("k7", "m9")  # TM-3.4: the 3x3 block around Tokyo, Nihombashi and Ginza

# The stations kept on each line (names as in stations_tokyo.csv, without any <...> suffix),
# in the real order from the end where the official codes start: that end is stop 1 (TM-1.1).
# Left out: the far suburbs, the Marunouchi branch (Mb), and quiet stations where the centre
# is crowded. Oedo is a loop with a tail in reality; the game needs a chain, so it runs from
# Shinjuku-nishiguchi (E01) clockwise round the loop to Roppongi (E23) and stays open between
# Roppongi and Shinjuku. Namboku and Mita share their southern tracks, so Mita starts at Mita.
LINES: dict[str, str] = {
    "G": """Shibuya Omote-sando Aoyama-itchome Akasaka-mitsuke Tameike-sanno Shimbashi Ginza
         Nihombashi Mitsukoshimae Kanda Ueno-hirokoji Ueno Asakusa""",
    "M": """Shinjuku Shinjuku-sanchome Yotsuya Akasaka-mitsuke Kokkai-gijidomae Kasumigaseki Ginza
         Tokyo Otemachi Ochanomizu Hongo-sanchome Korakuen Myogadani Ikebukuro""",
    "H": """Naka-meguro Ebisu Roppongi Kasumigaseki Hibiya Ginza Higashi-ginza Kayabacho Ningyocho
         Akihabara Ueno Minowa Kita-senju""",
    "T": """Takadanobaba Waseda Kagurazaka Iidabashi Kudanshita Otemachi Nihombashi Kayabacho
         Monzen-nakacho Kiba Toyocho""",
    "C": """Yoyogi-uehara Meiji-jingumae Omote-sando Nogizaka Kokkai-gijidomae Kasumigaseki Hibiya
         Otemachi Shin-ochanomizu Yushima Nezu Nishi-nippori Kita-senju""",
    "Y": """Ikebukuro Gokokuji Edogawabashi Iidabashi Ichigaya Nagatacho Yurakucho Shintomicho
         Tsukishima Toyosu Shin-kiba""",
    "Z": """Shibuya Omote-sando Aoyama-itchome Nagatacho Hanzomon Kudanshita Jimbocho Otemachi
         Mitsukoshimae Kiyosumi-shirakawa Sumiyoshi Kinshicho Oshiage""",
    "N": """Meguro Shirokane-takanawa Azabu-juban Roppongi-itchome Tameike-sanno Nagatacho Yotsuya
         Ichigaya Iidabashi Korakuen Todaimae Hon-komagome Komagome""",
    "A": """Gotanda Sengakuji Mita Daimon Shimbashi Higashi-ginza Nihombashi Ningyocho
         Higashi-nihombashi Asakusabashi Kuramae Asakusa Oshiage""",
    "I": """Mita Onarimon Hibiya Otemachi Jimbocho Suidobashi Kasuga Hakusan Sengoku Sugamo""",
    "S": """Shinjuku Shinjuku-sanchome Akebonobashi Ichigaya Kudanshita Jimbocho Ogawamachi
         Iwamotocho Bakuro-yokoyama Morishita Sumiyoshi""",
    "E": """Shinjuku-nishiguchi Higashi-shinjuku Iidabashi Kasuga Hongo-sanchome Ueno-okachimachi
         Kuramae Ryogoku Morishita Kiyosumi-shirakawa Monzen-nakacho Tsukishima Daimon
         Azabu-juban Roppongi""",
}

# Real stations with another name that the game joins to an interchange: they are connected on
# foot in reality. Ueno-hirokoji gives the Ginza line two consecutive stops in Ueno, like H6-H7
# in the rules (TM-8.3).
MERGED: dict[str, str] = {
    "Ueno-hirokoji": "Ueno",
    "Ueno-okachimachi": "Ueno",
    "Shinjuku-nishiguchi": "Shinjuku",
    "Kasuga": "Korakuen",
    "Yurakucho": "Hibiya",
    "Ogawamachi": "Shin-ochanomizu",
    "Higashi-nihombashi": "Bakuro-yokoyama",
}

# Straightening: a station's anchor (its first circle in STOPS) in cell units, where the
# snapped projection does not give a readable schematic. Every entry stays within MAX_SHIFT
# cells of the projected point; stations not listed keep their snapped point.
PLACES: dict[str, tuple[float, float]] = {
    # north-west: Ikebukuro, Takadanobaba, Iidabashi, Korakuen
    "ikebukuro": (3, 1.5), "gokokuji": (4.5, 2.5), "edogawabashi": (5.5, 3),
    "myogadani": (6, 2.5), "sugamo": (5.5, 1), "sengoku": (6.5, 1.5), "hakusan": (7.5, 2),
    "komagome": (7.5, 1), "hon-komagome": (8.5, 1.5), "todaimae": (9.5, 2.5),
    "korakuen": (8.5, 3.5), "hongo-sanchome": (10.5, 3.5), "suidobashi": (9, 4.5),
    "kagurazaka": (5, 4.5), "higashi-shinjuku": (3, 5), "iidabashi": (6.5, 4.5),
    # west: Shinjuku to Ichigaya and Yotsuya
    "shinjuku": (1.5, 6), "shinjuku-sanchome": (2.5, 6), "akebonobashi": (4.5, 6),
    "ichigaya": (7, 6), "yotsuya": (5.5, 7), "hanzomon": (7.5, 7), "kudanshita": (8.5, 5),
    "jimbocho": (10, 5),
    # Akasaka and Kasumigaseki
    "nagatacho": (6.5, 8), "akasaka-mitsuke": (6, 8.5), "tameike-sanno": (7, 10),
    "kokkai-gijidomae": (7.5, 8.5), "kasumigaseki": (8.5, 8.5),
    # south-west: Shibuya, Roppongi, Meguro, Mita
    "yoyogi-uehara": (0.5, 10), "meiji-jingumae": (2, 10), "shibuya": (2.5, 11),
    "omote-sando": (3.5, 10), "aoyama-itchome": (4.5, 9), "nogizaka": (5, 10),
    "ebisu": (3, 12), "naka-meguro": (1.5, 12), "roppongi": (5.5, 11.5),
    "roppongi-itchome": (7, 11), "azabu-juban": (6, 12), "meguro": (3.5, 13),
    "shirokane-takanawa": (5, 13), "gotanda": (4.5, 13.5), "sengakuji": (6.5, 13),
    "mita": (8, 12.5), "onarimon": (9, 11.5), "daimon": (9.5, 12),
    # centre: Otemachi, Tokyo, Ginza, Nihombashi
    "otemachi": (10, 7), "tokyo": (11.5, 7.5), "hibiya": (10, 9), "ginza": (11.5, 9.5),
    "nihombashi": (12, 7), "mitsukoshimae": (12, 6), "kanda": (12, 4.5),
    "ningyocho": (14, 6.5), "higashi-ginza": (12.5, 10), "shintomicho": (13.5, 9.5),
    "shimbashi": (11.5, 10.5),
    # north-east: Ueno, Asakusa, Kita-senju
    "yushima": (11.5, 3), "nezu": (11.5, 2), "nishi-nippori": (11.5, 1),
    "iwamotocho": (13, 5.5), "bakuro-yokoyama": (14.5, 5.5), "kuramae": (16, 3.5),
    "asakusa": (17, 3), "oshiage": (18.5, 3), "ryogoku": (16, 5), "minowa": (15.5, 1.5),
    "kita-senju": (18.5, 1),
}  # fmt: skip

# The circles of interchanges: for each stop, the lines it carries and its offset from the
# anchor. Without an entry, a station with one line has one circle and a station with two
# lines has one circle shared by both, where they cross (TM-8.4). A line with two stops in
# one station lists its letter twice, in its own line order.
STOPS: dict[str, tuple[tuple[str, float, float], ...]] = {
    # five lines in three circles, on a diagonal so that every line passes clear of the others
    "otemachi": (("I", 0, 0), ("C T", 0.5, -0.5), ("M Z", 1, -1)),
    "hibiya": (("H I", 0, 0), ("C", 0.5, -0.5), ("Y", 1, -1)),  # Yurakucho is the Y circle
    "ginza": (("M", 0, 0), ("G H", 0.5, -0.5)),
    "nihombashi": (("G T", 0, 0), ("A", 0.5, 0.5)),
    "kasumigaseki": (("C", 0, 0), ("H", 0, 0.5), ("M", 0, 1)),
    "nagatacho": (("Z N", 0, 0), ("Y", 0.5, 0)),
    "ichigaya": (("Y S", 0, 0), ("N", -0.5, 0.5)),
    "iidabashi": (("Y E", 0.5, -1), ("T N", 0, 0)),
    "kudanshita": (("T S", 0, 0), ("Z", 0, 0.5)),
    "jimbocho": (("I S", 0, 0), ("Z", -0.5, 0.5)),
    "korakuen": (("I E", 0, 0), ("M N", 0.5, 0.5)),  # the I/E circle is Kasuga
    "hongo-sanchome": (("E", 0, 0), ("M", 0, 0.5)),
    "ikebukuro": (("M", 0, 0), ("Y", 0, 0.5)),
    # Ginza and Hanzomon lines run side by side from Shibuya to Aoyama-itchome
    "shibuya": (("Z", 0, 0), ("G", 0.5, 0.5)),
    "omote-sando": (("Z C", 0, 0), ("G", 0.5, 0.5)),
    "aoyama-itchome": (("Z", 0, 0), ("G", 0.5, 0.5)),
    "shinjuku": (("E", 0, -0.5), ("S", 0, 0), ("M", 0, 0.5)),
    "shinjuku-sanchome": (("S", 0, 0), ("M", 0, 0.5)),
    # G11 Ueno-hirokoji (with Oedo's Ueno-okachimachi) and G12 Ueno (with Hibiya)
    "ueno": (("G E", -0.5, 0.5), ("G H", 0, 0)),
}

CENTRE = (35.6830, 139.7650)  # (lat, lon) near Otemachi: the middle of the projection
KM_PER_DEGREE = (110.95, 90.40)  # latitude, longitude, at Tokyo's latitude
COMPRESSION_KM = 1.6  # the projection is about linear within this distance of CENTRE
GRID_MARGIN = 0.75  # cells between the outermost projected stations and the grid's edge
MAX_SHIFT = 2.5  # cells: how far straightening may move a station from its projected point
LINE_CLEARANCE = 3.0  # px between a circle and a line passing it without stopping

HEADER = """\
# TOKYO METRO: the Tokyo map, designed by the ekimae project from the real network.
# Generated by tools/make_tokyo_map.py (see docs/data-design.md), and meant to be read and
# typed by hand too, e.g. by an owner of the printed game who wants to play on its map.
#
# Grid: `columns` x `rows` cells. A cell is named by its column letter (a = leftmost) and its
# row number (1 = top): "d7". Positions `at = [x, y]` are in cell units from the top-left
# corner of the grid: cell d7 spans x 3..4 and y 6..7, so [3, 6] is the corner that d7 shares
# with c6, d6 and c7, [3.5, 6] the middle of d7's top edge and [3.5, 6.5] its centre.
#
# [lines.X]: one table per line; `line_order` gives the game order (TM-1.1). `stops` names
# the station of each stop, from stop 1 (a terminus: trains start there facing stop 2,
# TM-7.4) to the other terminus. A station named twice in a row has two stops of that line.
# [stations.key]: one table per station (1-3 circles, TM-1.1); the key is used in notation.
# Each circle gives `lines`, its number on each line that stops there ("G5", or two labels
# where two lines share the circle, TM-8.4), `at`, and `cells`: the cells it touches (TM-4.2).
# `start_area`: the cells where meeples are put in round 1 (TM-3.4).
"""

DESIGN = Design(
    name="tokyo",
    city="tokyo",
    header=HEADER,
    output=DATA / "tokyo_map.toml",
    columns=COLUMNS,
    rows=ROWS,
    start_area=START_AREA,
    lines=LINES,
    merged=MERGED,
    places=PLACES,
    stops=STOPS,
    centre=CENTRE,
    km_per_degree=KM_PER_DEGREE,
    compression_km=COMPRESSION_KM,
    grid_margin=GRID_MARGIN,
    max_shift=MAX_SHIFT,
    line_clearance=LINE_CLEARANCE,
)

if __name__ == "__main__":
    sys.exit(main(DESIGN))
