"""SEALED AUCTION: a tiny example title, written only against `ekimae.core` (issue 12).

It proves that a game plugs into the registry, the conformance suite and the goldens
without any other code naming it; `docs/adding-a-game.md` walks through it. Our own
design; every number below lives in `data/lots.toml`.

Rules (the IDs are what `IllegalActionError.rule` names):

- **SA-1 Table.** 2 to 6 seats; each starts with ¥1,000. The option `lots` chooses the
  lots auctioned (`short`: 5, `long`: 8); their order is shuffled from the seed. The lot
  up for auction is face up; of the lots still to come only their number is shown.
- **SA-2 Sealed bids.** For the lot up for auction every seat seals exactly one bid, all
  at the same time. Until the reveal the others (and spectators) see only that a seat has
  bid, never how much. A seat that has already bid on this lot waits.
- **SA-3 Amounts.** A bid is ¥0 up to the seat's money, in steps of ¥50.
- **SA-4 Reveal.** Once every seat has bid, all bids are shown. The highest bid pays
  the bank and takes the lot. Tied highest bids all pay and share the lot: each tied
  seat scores the lot's value divided by the number of tied seats, rounded down to the
  yen. Then the next lot comes up.
- **SA-5 End.** After the last lot, the game ends: a seat scores the value of its lots
  (and shares) plus its money left. The highest score comes first; equal scores share a
  place, so a game may have several winners (then `winner()` is None). Nobody acts
  after the end.
"""
