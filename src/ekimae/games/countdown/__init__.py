"""COUNTDOWN: TOKYO JUTAKU's elements against the clock, 1–8 players (rules CD-1 … CD-3).

Our summary (the full reference is docs/rules/countdown.md; the elements, the cards and
the placement rules are TOKYO JUTAKU's, imported from `ekimae.games.tokyo_jutaku`):

- CD-1 Each player picks a parcel card and builds on the whole card: its edges are the
  border (the printed border and the card's content are ignored).
- CD-2 Timed rounds, one floor each: 60 s, 45 s, 30 s, then 15 s for every later floor
  (`data/rules.toml`); place as many elements as you can on that floor under TOKYO
  JUTAKU's rules (JU-4: one at a time from the shared pool; JU-5: touching the floor's
  other elements, never outside the level below).
- CD-3 A player who adds no element in a round is out; score = elements used. Play goes
  on until all are out; most elements wins, equal counts share.

Digital rulings (the shared pool, `done`, the inclusive deadline, picking) are in the
reference.
"""
