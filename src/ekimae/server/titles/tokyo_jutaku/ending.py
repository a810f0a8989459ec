"""What TOKYO JUTAKU and the titles built on its cards (BOTTLE BONUS) and elements
(COUNTDOWN) show of following and finishing a game (issue 31): the log's words for the
side log (a card by its place, an element by its name — never their ids), and the end
screen's table: each completed card with its yen and the game time its building passed
(JU-6, JU-8), then the yen, and any bonus the title adds (BB-2 blue).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ekimae.core.log import event_of, view_lines
from ekimae.core.logtext import parse_seat
from ekimae.games.tokyo_jutaku.game import GAME
from ekimae.games.tokyo_jutaku.log_forms import FORMS, PASSES, ms
from ekimae.games.tokyo_jutaku.view import JutakuView
from ekimae.i18n import _N, DEFAULT
from ekimae.i18n.log import Names
from ekimae.server.titles.jutaku_kit.words import Words

DATA = GAME.data


def jutaku_names(lang: str = DEFAULT) -> Names:
    """The side log's names: a parcel card ("shinjuku-3") by its place, in Japanese script
    on a Japanese page; an element by its name alone."""
    w = Words(lang)

    def name(kind: str, value: str) -> str | None:
        card = DATA.cards.get(value)
        if card is not None:
            return w.place(card.name)
        element = DATA.elements.get(value)
        if element is not None:
            return w.element(element.name)
        return None

    return name


def pass_times(log: Sequence[str]) -> dict[int, list[str]]:
    """Each seat's buildings that passed (JU-6), as the log's game times, in order: from
    the log's events (`PASSES`), or read back from a line that is only text (a saved
    position's)."""
    found: dict[int, list[str]] = {}
    for line in log:
        event = event_of(line)
        if event is not None:
            if event.form == PASSES:
                found.setdefault(int(event.values["seat"]), []).append(ms(event.values["at"]))
            continue
        parsed = FORMS.parse(line)
        if parsed is None or parsed.form != PASSES:
            continue
        seat = parse_seat(str(parsed.fields["seat"]))
        if seat is not None:
            found.setdefault(seat, []).append(str(parsed.fields["at"]))
    return found


def _seconds(at: str, w: Words) -> str:
    """ "84.000 s" as the language writes a time of the game's clock."""
    seconds = float(at.removesuffix(" s"))
    text = f"{seconds:.1f}"
    if w.lang in ("fr", "it"):
        text = text.replace(".", ",")
    return f"{text}秒" if w.lang == "ja" else f"{text} s"


def jutaku_breakdown(
    view: JutakuView,
    scores: Sequence[int] | None = None,
    lang: str = DEFAULT,
    flipped: Iterable[str] = (),
) -> dict[str, Any]:
    """The end screen's table: cards completed (place, yen, when), yen, and the bonus the
    scores add beyond the cards' yen (BOTTLE BONUS's kept blue drinks); `flipped`: the
    cards turned to their other side (BOTTLE BONUS's black drinks)."""
    w = Words(lang)
    side = view["options"].get("side", "blue")
    turned = set(flipped)
    times = pass_times(view_lines(view["log"]))
    rows: dict[str, list[str]] = {}
    bonus = False
    for p in view["players"]:
        seat = p["seat"]
        cards = []
        for k, ident in enumerate(view["completed"][seat]):
            card = DATA.cards[ident]
            shown = ("white" if side == "blue" else "blue") if ident in turned else side
            when = times.get(seat, [])
            values = {"card": w.place(card.name), "amount": w.yen(card.side(shown).yen)}
            if k < len(when):
                cards.append(
                    w(_N("{card} {amount} at {time}"), time=_seconds(when[k], w), **values)
                )
            else:
                cards.append(w(_N("{card} {amount}"), **values))
        extra = (scores[seat] - p["yen"]) if scores is not None else 0
        bonus = bonus or extra != 0
        rows[str(seat)] = [w(_N("; ")).join(cards) or "—", w.yen(p["yen"]), w.yen(extra)]
    columns = [w(_N("Cards completed (JU-8)")), w(_N("Yen of the cards"))]
    if bonus:
        columns.append(w(_N("Kept blue drinks (BB-2)")))
    else:
        rows = {seat: cells[:2] for seat, cells in rows.items()}
    return {
        "title": w(_N("Where the yen came from")),
        "columns": columns,
        "rows": rows,
        "notes": [
            w(
                _N(
                    "A building that passes at Stop! completes its card (JU-6); the game"
                    " ends when a player completes the last card it needs (JU-8)."
                )
            )
        ],
    }
