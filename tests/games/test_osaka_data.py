"""OSAKA METRO's printed data as designed by the project (OS-1 to OS-5): the map, the revenue
track and disc slots, the pieces and the 40 action cards, read by the TOKYO METRO loaders.
Bad data is built by copying the real data and breaking one value; the error names the file
and the entry."""

from __future__ import annotations

import copy
import itertools
import re
from collections import Counter
from typing import Any

import pytest

from ekimae.core.data import read_toml
from ekimae.core.errors import DataError
from ekimae.games.tokyo_metro.board import Board, data_package, load_board, parse_board
from ekimae.games.tokyo_metro.components import (
    DRINK_KINDS,
    NOT_OSAKA_KINDS,
    OSAKA_CARDS,
    OSAKA_KINDS,
    OSAKA_LINE_LETTERS,
    CardSet,
    Kind,
    load_cards,
    load_pieces,
    load_track,
    parse_cards,
    parse_pieces,
    parse_track,
)
from ekimae.games.tokyo_metro.render import render_svg

# The official letters and colours (lines.csv of the shared reference data), in game order.
OFFICIAL = {
    "M": ("Midosuji", "#E5171F"),
    "BUS": ("Imazatosuji BRT (bus)", "#F39800"),
    "T": ("Tanimachi", "#522886"),
    "Y": ("Yotsubashi", "#0078BA"),
    "C": ("Chuo", "#019A66"),
    "I": ("Imazatosuji", "#EE7B1A"),
    "S": ("Sennichimae", "#E44D93"),
    "N": ("Nagahori Tsurumi-ryokuchi", "#A9CC51"),
    "K": ("Sakaisuji", "#814721"),
    "P": ("Nanko Port Town (New Tram)", "#00A0DE"),
}
# Real interchanges and the lines that stop there (Umeda joins Higashi- and Nishi-Umeda).
INTERCHANGES = {
    "umeda": {"M", "T", "Y"},
    "namba": {"M", "Y", "S"},
    "hommachi": {"M", "Y", "C"},
    "tennoji": {"M", "T"},
    "shinsaibashi": {"M", "N"},
    "tanimachi-4-chome": {"T", "C"},
    "tanimachi-6-chome": {"T", "N"},
    "tanimachi-9-chome": {"T", "S"},
    "sakaisuji-hommachi": {"C", "K"},
    "nippombashi": {"S", "K"},
    "dobutsuen-mae": {"M", "K"},
    "morinomiya": {"C", "N"},
    "imazato": {"S", "I", "BUS"},
    "cosmosquare": {"C", "P"},
    "suminoekoen": {"Y", "P"},
}
MAP, CARDS, TRACK, PIECES = (
    "osaka_map.toml",
    "osaka_cards.toml",
    "osaka_track.toml",
    "osaka_pieces.toml",
)


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board("osaka")


@pytest.fixture(scope="module")
def cards() -> CardSet:
    return load_cards("osaka")


def real(source: str) -> dict[str, Any]:
    return copy.deepcopy(read_toml(source, package=data_package("osaka", source)))


def lines_of(board: Board, station: int) -> set[str]:
    stops = board.stations[station].stops
    return {board.lines[line].letter for stop in stops for line in board.stops[stop].lines}


# ------------------------------------------------------------------------------- the map


def test_os_1_ten_lines_in_game_order_with_official_letters_names_and_colours(
    board: Board,
) -> None:
    assert board.name == "osaka"
    assert [line.letter for line in board.lines] == list(OFFICIAL)
    for line in board.lines:
        assert (line.name, line.color) == OFFICIAL[line.letter]
        assert line.name_ja.endswith(("線", "ライナー"))


def test_os_1_every_line_is_a_chain_of_stops_that_exist(board: Board) -> None:
    for line in board.lines:
        assert len(line.stops) >= 3, line.letter
        for number, stop in enumerate(line.stops, start=1):
            item = board.stops[stop]
            assert dict(zip(item.lines, item.numbers, strict=True))[line.index] == number


def test_midosuji_is_the_north_south_spine_and_chuo_runs_east_west_to_the_bay(
    board: Board,
) -> None:
    """Read as Osaka: Midosuji runs from Shin-Osaka south through Umeda, Namba and Tennoji;
    the Chuo line from Cosmosquare on the bay (west) east across the city."""
    m = board.lines[board.line_by_letter["M"]]
    keys = [board.stations[board.stops[s].station].key for s in m.stops]
    assert keys.index("umeda") < keys.index("hommachi") < keys.index("namba")
    assert keys.index("namba") < keys.index("tennoji")
    ys = [board.stops[s].y for s in m.stops]
    assert ys == sorted(ys) and ys[-1] - ys[0] >= board.rows * 0.8
    c = board.lines[board.line_by_letter["C"]]
    xs = [board.stops[s].x for s in c.stops]
    assert board.stations[board.stops[c.stops[0]].station].key == "cosmosquare"
    assert xs == sorted(xs) and xs[-1] - xs[0] >= board.columns * 0.8


def test_interchanges_are_one_station_for_all_their_lines(board: Board) -> None:
    """TM-1.1: one station per interchange; three-line ones have several circles."""
    for key, letters in INTERCHANGES.items():
        station = board.station_by_key[key]
        assert lines_of(board, station) == letters, key
        if len(letters) == 3:
            assert len(board.stations[station].stops) >= 2, key


def test_os_2_p_and_bus_join_two_terminus_stations_by_small_circles(board: Board) -> None:
    for letter, vehicle in (("P", "tram"), ("BUS", "bus")):
        line = board.lines[board.line_by_letter[letter]]
        assert (line.vehicle, line.vehicles) == (vehicle, 2)
        stations = [board.stations[board.stops[s].station] for s in line.stops]
        assert not stations[0].halt and not stations[-1].halt
        inner = stations[1:-1]
        assert inner and all(s.halt for s in inner)
        for halt in inner:
            assert len(halt.stops) == 1 and board.stops[halt.stops[0]].lines == (line.index,)
    halts = {s.index for s in board.stations if s.halt}
    on_pairs = {
        board.stops[s].station
        for line in board.lines
        if line.vehicles == 2
        for s in line.stops[1:-1]
    }
    assert halts == on_pairs  # no other line has a small circle


def test_os_1_eight_trains_two_trams_and_two_buses_on_the_map(board: Board) -> None:
    pieces = load_pieces("osaka")
    counted = Counter[str]()
    for line in board.lines:
        counted[line.vehicle] += line.vehicles
    assert counted == Counter(pieces.vehicles)
    assert pieces.vehicles == {"train": 8, "tram": 2, "bus": 2}


def test_the_map_is_connected(board: Board) -> None:
    """Every station can be reached from every other along the lines."""
    links: dict[int, set[int]] = {s.index: set() for s in board.stations}
    for line in board.lines:
        for a, b in itertools.pairwise(line.stops):
            sa, sb = board.stops[a].station, board.stops[b].station
            links[sa].add(sb)
            links[sb].add(sa)
    seen, todo = {0}, [0]
    while todo:
        for other in links[todo.pop()] - seen:
            seen.add(other)
            todo.append(other)
    assert seen == set(links)


def test_tm_4_2_every_stop_touches_cells_around_its_circle(board: Board) -> None:
    for stop in board.stops:
        assert 1 <= len(stop.cells) <= 4
        for cell in stop.cells:
            row, column = divmod(cell, board.columns)
            assert abs(column + 0.5 - stop.x) <= 1 and abs(row + 0.5 - stop.y) <= 1


def test_tm_3_4_start_area_is_a_block_in_the_centre_touching_stations(board: Board) -> None:
    assert len(board.start_cells) == 9
    touched = {board.stations[s].key for c in board.start_cells for s in board.cell_stations[c]}
    assert {"hommachi", "sakaisuji-hommachi"} <= touched


def test_the_tokyo_map_has_no_pairs_and_no_small_circles() -> None:
    tokyo = load_board("tokyo")
    assert all((line.vehicle, line.vehicles) == ("train", 1) for line in tokyo.lines)
    assert not any(station.halt for station in tokyo.stations)


def test_the_osaka_map_renders_every_line(board: Board) -> None:
    svg = render_svg(board)
    for letter in OFFICIAL:
        assert f'id="line-{letter}"' in svg


# ------------------------------------------------------------------ track, slots, pieces


def test_os_3_one_to_four_disc_slots_per_line() -> None:
    track = load_track("osaka")
    assert len(track.slots) == len(OSAKA_LINE_LETTERS)
    assert all(1 <= n <= 4 for n in track.slots)
    assert {1, 4} <= set(track.slots)  # the whole range is used


def test_tm_2_4_the_osaka_track_prints_the_tokyo_numbers() -> None:
    """OS-1 prints a track on the Osaka map; the seeds give it no other rule than TM-2.4."""
    osaka, tokyo = load_track("osaka"), load_track("tokyo")
    assert (osaka.max_value, osaka.step, osaka.low_at) == (
        tokyo.max_value,
        tokyo.step,
        tokyo.low_at,
    )
    assert (osaka.high(2900), osaka.low(2900)) == (2000, 900)


def test_os_1_os_4_28_stock_cards_1_to_4_per_line_with_flat_surcharges() -> None:
    """OS-1: 28 stock cards; OS-4: "Certaines lignes possèdent désormais un total de 1, 2
    ou 4 Stocks, tandis que d'autres en ont 3" — every count is used, a single stock card
    on at least one line (issue 27: the data had none)."""
    pieces = load_pieces("osaka")
    assert pieces.letters == OSAKA_LINE_LETTERS
    assert sum(pieces.stocks) == 28
    assert all(1 <= n <= 4 for n in pieces.stocks)
    assert set(pieces.stocks) == {1, 2, 3, 4}
    assert pieces.stock_surcharges == (0, 300, 300, 300)


def test_os_1_ten_revenue_markers_one_per_line(board: Board) -> None:
    assert load_pieces("osaka").markers == len(board.lines) == 10


# ------------------------------------------------------------------------------ the cards


def test_os_1_40_cards_in_5_decks_of_8_with_1_or_2_dots(cards: CardSet) -> None:
    assert [deck.lines for deck in cards.decks] == [
        ("M", "BUS"), ("T", "Y"), ("C", "I"), ("S", "N"), ("K", "P")
    ]  # fmt: skip
    assert [len(deck.cards) for deck in cards.decks] == [8] * 5
    assert len(cards.cards) == 40
    for deck in cards.decks:
        dots = Counter(cards.cards[c].dots for c in deck.cards)
        assert dots == {1: 4, 2: 4}, deck.key  # OS-1: 2-dot cards under 1-dot ones
    for card in cards.cards.values():
        assert 1 <= len(card.actions) <= 2
        assert all(1 <= a.slots <= 3 for a in card.actions)


def test_os_5_no_start_bid_or_card_and_every_other_kind_printed(cards: CardSet) -> None:
    kinds = {a.kind for a in cards.spots.values()}
    assert not kinds & NOT_OSAKA_KINDS
    # Invest by disc, Sell, Copy and TM's others; METRO DRINKS' Colour and Shape cards are
    # never printed on an action card (MD-1).
    assert kinds == set(Kind) - NOT_OSAKA_KINDS - DRINK_KINDS


def test_every_kind_of_a_deck_appears_at_both_dot_levels(cards: CardSet) -> None:
    """So that a 2-player game, seeing two cards per column, keeps each family available."""
    for deck in cards.decks:
        by_dots = {
            dots: {a.kind for c in deck.cards if cards.cards[c].dots == dots
                   for a in cards.cards[c].actions}
            for dots in (1, 2)
        }  # fmt: skip
        assert by_dots[1] == by_dots[2], deck.key


def test_no_deck_holds_two_identical_cards(cards: CardSet) -> None:
    for deck in cards.decks:
        faces = [
            tuple((a.kind, a.slots, a.value) for a in cards.cards[c].actions) for c in deck.cards
        ]
        assert len(set(faces)) == len(faces), deck.key


def test_the_tokyo_set_refuses_the_osaka_kinds() -> None:
    """The TOKYO engine takes none of OS-6/OS-7's actions, so its cards may not print them."""
    data = copy.deepcopy(
        read_toml("action_cards.toml", package=data_package("tokyo", "action_cards.toml"))
    )
    data["deck"][0]["card"][0]["actions"][0] = {"type": "sell", "slots": 1}
    with pytest.raises(DataError, match="unknown action type 'sell'") as caught:
        parse_cards(data, "action_cards.toml")
    assert caught.value.field == "deck[0].card[0].actions[0].type"
    assert {Kind.INVEST_DISC, Kind.SELL, Kind.COPY} == OSAKA_KINDS


# ------------------------------------------------------------------------------ bad data


def _set(data: dict[str, Any], path: str, value: Any) -> None:
    """Set (or with value None, delete) the value at a path like ``deck[0].card[1].dots``."""
    keys = re.findall(r"[^.\[\]]+|\[\d+\]", path)
    target: Any = data
    for key in keys[:-1]:
        target = target[int(key[1:-1])] if key.startswith("[") else target[key]
    last: Any = int(keys[-1][1:-1]) if keys[-1].startswith("[") else keys[-1]
    if value is None:
        del target[last]
    else:
        target[last] = value


BROKEN_CARDS = [
    ("deck[1].card[2].dots", None, "deck[1].card[2].dots", "missing"),
    ("deck[1].card[2].dots", 3, "deck[1].card[2].dots", "outside 1..2"),
    ("deck[1].card[2].id", "TY1", "deck[1].card.id", "'TY1' appears twice"),
    ("deck[0].lines", ["M", "G"], "deck[0].lines", "got ['M', 'G']"),
    ("deck[2].card[0].actions[0].type", "start", "deck[2].card[0].actions[0].type", "'start'"),
    ("deck[2].card[0].actions[0].cost", None, "deck[2].card[0].actions[0].cost", "missing"),
    ("deck[3].card[3].actions[0].cost", 100, "deck[3].card[3].actions[0].cost", "prints no"),
]


@pytest.mark.parametrize(("path", "value", "field", "message"), BROKEN_CARDS)
def test_broken_cards_are_refused_naming_file_and_entry(
    path: str, value: Any, field: str, message: str
) -> None:
    data = real(CARDS)
    _set(data, path, value)
    with pytest.raises(DataError, match=re.escape(message)) as caught:
        parse_cards(data, CARDS, OSAKA_CARDS)
    assert (caught.value.source, caught.value.field) == (CARDS, field)


def test_a_deck_of_the_wrong_size_is_refused() -> None:
    data = real(CARDS)
    data["deck"][4]["card"].pop()
    with pytest.raises(DataError, match="a deck has 8 cards, not 7") as caught:
        parse_cards(data, CARDS, OSAKA_CARDS)
    assert caught.value.field == "deck[4].card"


BROKEN_MAP = [
    ("lines.P.stops", None, "lines.P.stops", "missing"),
    ("stations.namba.name", None, "stations.namba.name", "missing"),
    ("stations.namba.stops[0].lines", ["M8", "Q6"], "stations.namba.stops[0].lines[1]", "'Q'"),
    ("stations.nagai.stops[0].lines", ["M14", "M13"], "stations.nagai.stops[0].lines[1]", "twice"),
    (
        "stations.nishitanabe.stops[0].lines",
        ["M14"],
        "stations.nishitanabe.stops[0].lines",
        "two stops",
    ),
    ("lines.BUS.vehicle", "ferry", "lines.BUS.vehicle", "'ferry'"),
    ("lines.BUS.vehicles", 3, "lines.BUS.vehicles", "outside 1..2"),
    ("lines.P.vehicles", 1, "lines.P.stops[1]", "only a line run by a pair"),
    ("stations.p-1.halt", "yes", "stations.p-1.halt", "true or false"),
    ("stations.namba.halt", True, "stations.namba.stops", "one stop, not 2"),
    ("stations.kyobashi.halt", True, "lines.N.stops[9]", "only a line run by a pair"),
]


@pytest.mark.parametrize(("path", "value", "field", "message"), BROKEN_MAP)
def test_a_broken_map_is_refused_naming_file_and_entry(
    path: str, value: Any, field: str, message: str
) -> None:
    data = real(MAP)
    _set(data, path, value)
    with pytest.raises(DataError, match=re.escape(message)) as caught:
        parse_board(data, MAP)
    assert (caught.value.source, caught.value.field) == (MAP, field)


def test_a_pair_must_end_at_stations_and_run_through_halts_only() -> None:
    """OS-2: two terminus stations joined by small circles."""
    data = real(MAP)
    bus_circle = data["stations"]["imazato"]["stops"].pop()  # the bus leaves from a halt
    assert bus_circle["lines"] == ["BUS1"]
    data["stations"]["bus-0"] = {"halt": True, "stops": [bus_circle]}
    data["lines"]["BUS"]["stops"][0] = "bus-0"
    with pytest.raises(DataError, match="a terminus must be a station") as caught:
        parse_board(data, MAP)
    assert caught.value.field == "lines.BUS.stops[0]"
    data = real(MAP)
    data["stations"]["p-2"].update(halt=False, name="Nanko", name_ja="南港")
    with pytest.raises(DataError, match="halts only") as caught:
        parse_board(data, MAP)
    assert caught.value.field == "lines.P.stops[2]"


BROKEN_PIECES = [
    ("stocks.M", 5, "stocks.M", "outside 1..4"),
    ("stocks.M", None, "stocks.M", "missing"),
    ("stocks.G", 2, "stocks.G", "unknown line 'G'"),
    ("vehicles.ferry", 1, "vehicles.ferry", "unknown vehicle"),
    ("stock_surcharges", [0, -300], "stock_surcharges", "yen amounts"),
    ("markers", None, "markers", "missing"),
]


@pytest.mark.parametrize(("path", "value", "field", "message"), BROKEN_PIECES)
def test_broken_pieces_are_refused_naming_file_and_entry(
    path: str, value: Any, field: str, message: str
) -> None:
    data = real(PIECES)
    _set(data, path, value)
    with pytest.raises(DataError, match=re.escape(message)) as caught:
        parse_pieces(data, PIECES, OSAKA_LINE_LETTERS)
    assert (caught.value.source, caught.value.field) == (PIECES, field)


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        ("slots.P", None, "slots.P"),
        ("slots.Z", 2, "slots.Z"),
        ("track[3]", [300, 100, 100], "track[3]"),
    ],
)
def test_a_broken_track_is_refused_naming_file_and_entry(path: str, value: Any, field: str) -> None:
    data = real(TRACK)
    _set(data, path, value)
    with pytest.raises(DataError) as caught:
        parse_track(data, TRACK, OSAKA_LINE_LETTERS)
    assert (caught.value.source, caught.value.field) == (TRACK, field)


def test_unknown_data_sets_are_refused() -> None:
    with pytest.raises(DataError, match="no data set 'kyoto'"):
        load_board("kyoto")
    with pytest.raises(DataError, match="unknown card set 'kyoto'"):
        load_cards("kyoto")
    with pytest.raises(DataError, match="not a data set name"):
        load_board("../tokyo")
