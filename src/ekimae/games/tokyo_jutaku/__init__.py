"""TOKYO JUTAKU: real-time tower building for 1–8 players (rules JU-1 … JU-8).

Our summary (the full reference is docs/rules/tokyo-jutaku.md; printed values and the
designed components are in `data/`):

- JU-1 Components: 32 two-sided parcel cards of 8 districts (4 each) and 4 Roppongi bonus
  cards; each side has 1–2 borders, exact floors, an exact element count (V = 5, / = 1)
  and a yen value; 69 different building elements; 8 architects.
- JU-2 Setup: the 32 cards in a 6×6 plan by district around the pool (the 4 central
  spaces); each seat in turn puts its architect on a perimeter card and takes it.
- JU-3 A card's requirements: exact floors, exact element count; with two borders, build
  in one.
- JU-4 Everyone builds at once from the shared pool, one element at a time (turned and
  flipped freely); an element taken is gone for the others until returned; instead of
  placing one may return the element in hand or the last placed.
- JU-5 Placement: inside the border; touching an element of the same floor along a side;
  never outside the level below nor over a hole.
- JU-6 "Stop!": everyone freezes; every stop within the window is checked; a passing
  building completes its card and every element returns to the pool; otherwise play goes
  on (a building that failed calls again only once changed).
- JU-7 Movement: the richest completer first, then everybody clockwise from that player,
  moves up to 2 orthogonal steps (holes — the centre and every taken card — crossed as if
  absent) and takes the card there; non-completers may keep.
- JU-8 End: as soon as a player completes a 4th card; most yen wins, ties share.

Digital rulings (timers, giving up a round, a cap on rounds) are in the reference.
"""
