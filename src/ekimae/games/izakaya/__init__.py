"""IZAKAYA: a city of corner shops for 2–5 players, mixing TOKYO JUTAKU's parcel cards and
elements, JIDOHANBAIKI's drinks and TOKYO METRO's discs and pyramids (rules IZ-1 … IZ-5).

Our summary (the full reference is docs/rules/izakaya.md; the printed and designed values
are in `data/izakaya.toml`, the borrowed pieces in TOKYO JUTAKU's and JIDOHANBAIKI's data):

- IZ-1 Setup: parcel cards white side up in a grid — 3×3 for 2–3 players (the centre card
  blue side up, out of play), 4×4 for 4, 5×5 for 5; a blue card as the claim spot, the
  elements with an architect, the 6 Colour cards with full crates and ¥100/¥100/¥200/
  ¥200/¥300/¥300 on them, the price spot. Each player: 6 pyramids, 3 action discs,
  6 claim discs, ¥1,000 (RULING on the discs). A random turn order.
- IZ-2 Each round, sealed turn-order bids revealed together: highest first, tied players
  swap places relative to the previous order; the bids go to a separate pile.
- IZ-3 In turn order, one disc at a time, until every player has placed 3:
  - IZ-3.1 Colour bottle (one disc per colour a phase): that colour's next drink on a free
    corner where cards meet, four-card corners before two-card ones, never a one-card
    corner.
  - IZ-3.2 Price (one disc a phase): one ¥100 coin from a Colour card to another.
  - IZ-3.3 Claim: a claim disc on a free edge between two cards in play, a pyramid on a
    free card beside it; a claim completing 3 claim discs in a straight line gives a free
    element, placed at once.
  - IZ-3.4 Build: choose an element (no trying first), place it on one of your cards under
    TOKYO JUTAKU's rules (JU-5); a card with two borders holds two buildings.
- IZ-4 When the bid pile reaches ¥1,500/¥2,300/¥3,000/¥4,000 (2/3/4/5 players), that
  round's action phase is the last; then scoring.
- IZ-5 Each building earns (the current prices of the drinks on its card's corners) × its
  floors; add your yen. Most wins; a tie goes to the most yen kept.

Digital rulings (a pass when no disc can go anywhere, limits of a building, a cap on
rounds) are in the reference.
"""
