"""The web part of the JUTAKU kit (`ekimae.games.jutaku_kit`), shared by the pages that
build with its elements: TOKYO JUTAKU, COUNTDOWN, BOTTLE BONUS (and IZAKAYA's words).

- `words`: a parcel card's place and an element's name in the reader's language;
- `templates/building.html`: one's card, the isometric tower, the element in hand;
- `static/`: the drawing pieces and the pool (`pieces.js`), the building's tooltips
  (`building_tips.js`) and style (`jutaku.css`), served at /static/titles/jutaku_kit/.

Not a title: it names none (`lint-imports`); each title's page imports from it.
"""
