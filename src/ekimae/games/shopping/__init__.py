"""THE SHOPPING GAME (the seeds leave it unnamed): TOKYO JUTAKU's parcel cards laid out as
a mall, shopping with JIDOHANBAIKI's drinks among clothes, appliances and fish (issue 19).

The seed's chapter (setup in 15 steps, a worked exit) is the authority; RULES.md restates
it. Every value we designed is in `data/mall.toml` (SH-1 DATA, see docs/games/shopping.md).

Rules (the IDs are what `IllegalActionError.rule` names):

- **SH-1 Mall and setup.** The cards form a mall; players move along aisles between blue
  points. Setup (steps 1-15): the vending machine with the crate of black drinks; the other
  drinks dealt at random, five on each card of the second row; the Colour cards' prices;
  every player outside, below the plan, with an empty crate; magazines on the middle card
  at the bottom; washing machines and the dryer on the three central top cards; a garment on
  each of the 16 outer bottom cards; the four piles of market cards with their yen; tuna
  and crabs shown on their cards, the others in the bag; salmon on the two central top cards;
  3 mackerel barrels per player.
- **SH-2 Turn.** Move 1-3 steps between connected blue points (a U-turn counts as a step;
  you cannot end where you started), then you may take one item from a card directly in
  front of you, or use the vending machine when touching it.
- **SH-3 Exit.** You leave only through the central double aisles (a step out of the
  mall, which ends your turn); each player leaves twice. On leaving: take a mackerel
  barrel and, for each item, its market price; then each card that paid loses only ¥100.
  Next turn, re-enter through the central double aisles.
- **SH-4 Specials.** Magazines break ties. Each detergent doubles one garment. Crabs are
  drawn at random from the bag. A tuna costs ¥500 (+¥500 for each further tuna), paid to
  the bank first, then drawn at random. Salmon pay ¥500 each to the first player to exit
  with salmon, ¥400 afterwards. The vending machine: its crate is emptied into it and you
  take what comes out; drinks stuck go back to the crate, drinks sold join it.
- **SH-5 End.** The game ends at once when all players but one hold 2 barrels; the one
  still inside scores nothing for their crate. Most yen wins; then most magazines; then a
  shared place.
- **SH-6 Economic version.** The version without dexterity is the default (and the only
  one here): nothing falls from a crate.
"""
