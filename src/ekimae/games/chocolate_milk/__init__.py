"""CHOCOLATE MILK: JIDOHANBAIKI's drinks on a 3×3 grid of TOKYO JUTAKU's parcel cards.

A player-run drinks market: buy drinks (each purchase raises the price of its colour and
of its shape), sell sets back to the supply at one Stock card's price, collect series in
crates. Rules from `../shared/RULES.md` (CM-1 … CM-4) and the seeds' CHOCOLATE MILK
chapter (`003_…`, the authority); our own words are in `docs/rules/chocolate-milk.md`,
the data design in `docs/games/chocolate-milk.md`. Every printed value is in
`data/chocolate_milk.toml`; the drinks, crates and Stock cards are JIDOHANBAIKI's
(`ekimae.games.jidohanbaiki`), the parcel cards TOKYO JUTAKU's.

- **CM-1 Setup.** 1–8 seats. 9 parcel cards drawn at random in a 3×3 grid; one random
  drink on each outer card, two on the centre, where every architect starts. The 6 Colour
  cards in a row, the 6 Shape cards below (in the data's order, which the die rule
  reads), each starting at ¥0. ¥500 and one crate each; the other crates beside the
  vending machine (one JIDOHANBAIKI copy's 6 crates, two copies' at 7–8 seats; always
  one copy's 36 drinks). Seat 1 starts, then seat order.
- **CM-2 Turn, exactly one of:** (a) move one step (8 directions, onto another card) and
  buy one drink there for ¥100 into one of your crates with room (a crate holds 6): it is
  dropped in the vending machine and comes out with the data's chance (option
  `variant=strategic`: kept at once); a stuck drink goes back to the supply. Then ¥100
  from the bank goes onto its Colour card and ¥100 onto its Shape card, and the card
  bought from gets a replacement from the supply at once (option `refill=die`: two die
  rolls read along the Stock cards, the next card to the right when a colour or drink is
  gone). (b) Sell to the supply any drinks of yours matching one Stock card (at least
  one), each paid that card's yen; then the card's yen go to the bank. (c) Pay ¥200 for
  another crate while any is left. A seat that can do none of these passes.
- **CM-3 End** as soon as a player has 6 drinks of one colour or one shape in one crate,
  or ¥2,000 or more; also when every seat has passed in a row (nobody can act).
- **CM-4 Scoring.** Each crate scores for the one attribute that pays it best (chosen
  automatically at the end): n matching drinks pay n × n × ¥100. Add your yen; most
  wins, equal totals share the place.
"""
