"""QUICK DRAW, an example title in real time: everyone taps at once against the clock.

It exists to prove that a real-time game plugs into every layer through the public API
(`docs/adding-a-game.md`), as TOKYO JUTAKU will: the engine reads no clock, every action
carries its game time, and the game's own timer is an action of the system seat.

Rules (printed values in `data/rules.toml`):

- QD-1 Setup: 1–8 seats with no points; the game has `rounds` rounds (option `length`);
  game time starts at 0 ms.
- QD-2 Real time: every action carries `at`, its game time in ms, stamped by whoever
  records it (the server's clock, a simulator's); it may not be earlier than the last
  action's, nor at or after the end of the round.
- QD-3 Tap: a seat scores 1 point a tap, each at least `gap_ms` after its own previous
  tap of the round.
- QD-4 Stop!: a seat with at least `target` taps this round may call "Stop!": the round
  ends at once and the caller scores `stop_bonus` more.
- QD-5 Time up: otherwise the round ends `round_ms` after it began, by the game's own
  action `time-up` at exactly that time. The next round begins where the last ended.
  After the last round the game is over: most points first, equal points share a place.
"""
