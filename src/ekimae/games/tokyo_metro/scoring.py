"""End of the game and final scoring (TM-9)."""

from __future__ import annotations

from typing import Any

from ekimae.core.log import Event
from ekimae.games.tokyo_metro import log_forms as lf
from ekimae.games.tokyo_metro.components import Track
from ekimae.games.tokyo_metro.context import Ctx
from ekimae.games.tokyo_metro.state import MetroState, Phase


def half_up(value: int) -> int:
    """TM-9.3: half of V rounded up to ¥100."""
    return -(-value // 200) * 100


def stock_shares(track: Track, value: int, holders: int) -> list[int]:
    """TM-9.3: what stock #1, #2, #3 take from a line of value `value`; OS-9: #4 too.

    At ¥2,900 (the seeds' example): one holder 2900; two 2000 + 900; three 1500 + 1000 + 400.
    OS-9 at ¥2,000: four holders 1000 + 500 + 300 + 200.
    """
    if holders == 0:
        return []
    if holders >= 4:
        # OS-9: #1, #2 and #3 each take half of what is left, rounded up; #4 the rest.
        shares = []
        for _ in range(holders - 1):
            share = half_up(value)
            shares.append(share)
            value -= share
        return [*shares, value]
    if holders == 1:
        return [value]
    if holders == 2:
        return [track.high(value), track.low(value)]
    first = half_up(value)
    return [first, *stock_shares(track, value - first, holders - 1)]


def finish(ctx: Ctx, s: MetroState) -> None:
    """TM-9.2 to TM-9.5, recording a per-line breakdown in `s.final`."""
    lines: list[dict[str, Any]] = []
    for line in range(ctx.lines):
        lines.append(_pay_line(ctx, s, line))
    sold = s.sold[:]
    for seat, amount in enumerate(sold):
        s.money[seat] += amount  # TM-9.4: Sell money set aside (OS-7.2), before the loans
    s.sold = [0] * s.n
    loans = []
    for seat in range(s.n):
        cost = s.loans[seat] * ctx.rules.loan_at_end  # TM-9.5 (may go below 0, TM-5.1)
        s.pay_bank(seat, cost)
        loans.append(cost)
    s.phase = Phase.END
    s.final = {"lines": lines, "loans": loans, "money": list(s.money), "winner": winner(s)}
    if ctx.osaka_cards:
        s.final["sold"] = sold
    for paid in lines:
        if paid["speculations"] or paid["stocks"]:
            form, values = _payout_event(ctx, paid)
            s.note(form, **values)
    for seat, amount in enumerate(sold):
        if amount:
            s.note(lf.SOLD_ADDED, seat=seat, amount=amount)
    for seat, cost in enumerate(loans):
        if cost:
            count = s.loans[seat]
            s.note(
                lf.REPAYS_ONE if count == 1 else lf.REPAYS,
                seat=seat,
                count=count,
                total=cost,
                each=ctx.rules.loan_at_end,
            )
    money = [Event(lf.SEAT_MONEY, {"seat": p, "amount": m}) for p, m in enumerate(s.money)]
    s.note(lf.GAME_OVER, totals=money, winner=s.final["winner"])


def _payout_event(ctx: Ctx, paid: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """One line's final payout in the log (TM-9.2, TM-9.3, TM-9.7): its template and values."""
    value = paid["value"]
    parts: list[Event] = []
    low = ctx.track.low(value)
    factor = ctx.rules.speculation_factor
    holders = {stock["seat"] for stock in paid["stocks"]}
    speculators = {spec["seat"] for spec in paid["speculations"]}
    for spec in paid["speculations"]:
        form = lf.SPECULATION_BOTH if spec["seat"] in holders else lf.SPECULATION_PAID
        parts.append(
            Event(
                form,
                {
                    "seat": spec["seat"],
                    "paid": spec["paid"],
                    "factor": factor,
                    "stake": spec["stake"],
                    "low": low,
                },
            )
        )
    if paid["speculations"]:
        parts.append(Event(lf.AFTER_SPECULATIONS, {"value": paid["value_after_speculations"]}))
    stocks = paid["stocks"]
    for k, stock in enumerate(stocks):
        rule = ""
        if k == len(stocks) - 1:
            rule = lf.STOCK_RULE_OSAKA if len(stocks) >= 4 else lf.STOCK_RULE
        parts.append(
            Event(
                lf.STOCK_PAID,
                {
                    "number": stock["stock"],
                    "seat": stock["seat"],
                    "paid": stock["paid"],
                    "both": lf.SPECULATED_TOO if stock["seat"] in speculators else "",
                    "rule": rule,
                },
            )
        )
    if not parts:
        return lf.LINE_PAYS, {"line": paid["line"], "value": value}
    return lf.LINE_PAYS_PARTS, {"line": paid["line"], "value": value, "payouts": parts}


def _pay_line(ctx: Ctx, s: MetroState, line: int) -> dict[str, Any]:
    track = ctx.track
    value = s.value[line]
    low = track.low(value)
    specs = []
    paid_total = 0
    for seat, stake in s.speculations[line]:
        # TM-9.7: stock and speculation on one line earn nothing (the rules prevent it).
        paid = 0 if seat in s.stocks[line] else min(ctx.rules.speculation_factor * stake, low)
        s.from_bank(seat, paid)
        s.money[seat] += stake  # the stake comes back (TM-9.2)
        paid_total += paid
        specs.append({"seat": seat, "stake": stake, "paid": paid})
    adjusted = value - paid_total
    holders = s.stocks[line]
    shares = stock_shares(track, adjusted, len(holders))
    stocks = []
    for number, (seat, share) in enumerate(zip(holders, shares, strict=True), start=1):
        paid = 0 if any(who == seat for who, _ in s.speculations[line]) else share
        s.from_bank(seat, paid)
        stocks.append({"seat": seat, "stock": number, "paid": paid})
    return {
        "line": ctx.letters[line],
        "value": value,
        "speculations": specs,
        "value_after_speculations": adjusted,
        "stocks": stocks,
    }


def winner(s: MetroState) -> int:
    """TM-9.6: most yen; a tie goes to the one furthest left on the turn order track."""
    best = max(s.money)
    return next(seat for seat in s.order if s.money[seat] == best)
