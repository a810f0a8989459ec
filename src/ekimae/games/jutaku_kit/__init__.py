"""The JUTAKU kit: what TOKYO JUTAKU's family builds with, shared as a component family
(like the drinks of `games/jidohanbaiki`), so that no title reaches into another's folder
for it.

- `geometry`: the bit-mask grid of a parcel card, shapes under turns and flips, where an
  element may rest (JU-5);
- `elements`: a wooden building element as printed data (JU-1);
- `actions`: the hand actions every builder shares, take and return (JU-4);
- `hands`: each seat's element in hand, its building, the pace of its hands and the
  shared pool (JU-4), a base a building state derives from;
- `clock`: the round clock's option (the rules' clock or a slow one) and its time limits;
- `places`: the parcel cards' places in Japanese script (data/places_ja.toml);
- `view`: the keys every builder's view has (`BuildingView`), which TOKYO JUTAKU's and
  COUNTDOWN's typed views extend.

Its web part (words, the building template, the drawing pieces) is
`ekimae.server.titles.jutaku_kit`.

Used by TOKYO JUTAKU, COUNTDOWN, BOTTLE BONUS (through JUTAKU's state, a declared base:
its extension points are listed in `tokyo_jutaku.state.JutakuState`), IZAKAYA (geometry,
elements) and their bots and terminal parts. The kit names no title (`lint-imports`).
"""
