"""BOTTLE BONUS: TOKYO JUTAKU with JIDOHANBAIKI's drinks (rules BB-1, BB-2).

Our summary (the full reference is docs/rules/bottle-bonus.md; TOKYO JUTAKU's rules JU-1 …
JU-8 hold as they are, `ekimae.games.tokyo_jutaku`):

- BB-1 After each round with a completion, before the moves, the round's winner draws as
  many random drinks as there are other players and drops them into the vending machine;
  each other player may catch one at most. RULING: the drinks are offered to the other
  players, first claim wins, one each, within a few seconds (`catch_ms`, data); the
  window's end is the system seat's recorded time-up; drinks nobody caught go back.
- BB-2 One-use powers by colour: black — flip one's parcel card before building on it
  (the back unseen); white — place one element before the round starts; mint — during the
  round, every other player returns the element in hand or the last placed and takes
  another; blue — spent before a round: kept for +¥200 at the end if one wins that round,
  else discarded; red — this round two elements at once; purple — in the movement step,
  move to any available card.

Digital rulings (the step before a round, several completers, what "at once" and "take
another" mean on a screen) are in the reference and in docs/games/bottle-bonus.md.
"""
