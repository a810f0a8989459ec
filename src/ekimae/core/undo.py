"""What an undo may take back: one rule for every title.

An action can be taken back only if it revealed nothing its seat did not already know and
consumed no randomness. Otherwise an undo would be a free look: bid last, read every bid
at the reveal, undo, bid again; or act, see what the draw gives, undo and choose again
(and, the stream being the game's, the same action would draw the same again).

Both are found here from the public API, never from a list kept by each title:

- **Chance**: every title draws from `core.rng.Rng`; the action is applied inside
  `counting_draws()`, and one draw makes it final (a draw, a die, a shuffle, a refill).
- **Hidden information**: the seat's view before the action is determinized a few times
  (`Game.determinize` samples everything that seat cannot see: decks, other seats' sealed
  choices, the random stream), the same action is applied to each sample, and the seat's
  view afterwards is compared with the true one. Any difference means the action showed
  the seat something it could not have known: final. A sealed phase ends with its last
  sealed choice: for a sealed action taken while other seats' sealed choices are pending
  (the spectator's view differs from `open_view()`), samples are drawn until one differs
  from the truth in those choices, so the reveal is never missed by samples that happened
  to guess every bid.

Hidden parts that are not sealed choices (a deck's next card) are found by sampling: a
sample misses a reveal only when it guessed the revealed part exactly, so `SAMPLES`
samples miss it with probability p**SAMPLES for a part a sample guesses right with
probability p (docs/server.md gives the figures, `tools/undo_cost.py` the cost). The
verdict is deterministic: the samples' seeds come from the caller (the server: from the
action's index), so a replay finds the same verdict for the same action.

The log (`view["log"]`) is compared by what the action appended: a determinized state
need not rebuild the lines before it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ekimae.core.actions import Action
from ekimae.core.errors import EkimaeError
from ekimae.core.game import Game, Seat, State
from ekimae.core.rng import counting_draws

# Samples of the seat's view per judged action; more only while pending sealed choices
# have not been varied yet (at most EXTRA_SAMPLES more).
SAMPLES = 6
EXTRA_SAMPLES = 12

DREW = "it drew by chance (a draw, a die, a shuffle, a refill): chance is never taken back"
REVEALED = (
    "it showed you what was hidden before (sealed choices, cards): what was seen cannot be unseen"
)


def apply_judged(
    game: Game[Any],
    state: State,
    seat: Seat,
    action: Action,
    seed: int = 0,
    samples: int = SAMPLES,
) -> str | None:
    """Apply `action` for `seat` to `state` (in place, as `State.apply`: an error leaves
    it unchanged) and return why it can never be taken back, or None when it can."""
    return judge(game, state, seat, action, seed, samples).verdict


@dataclass(frozen=True)
class Judged:
    """`judge`'s answer: the verdict (None: the action can be taken back), and the seat's
    view after the action where it was read (None when the action drew)."""

    verdict: str | None
    after: dict[str, Any] | None


def judge(
    game: Game[Any],
    state: State,
    seat: Seat,
    action: Action,
    seed: int = 0,
    samples: int = SAMPLES,
    before: dict[str, Any] | None = None,
) -> Judged:
    """`apply_judged`, for a caller that shows the seat its views: `before` is the seat's
    view of `state` if the caller has it already (it is only read), and the view after the
    action is handed back, so that neither is built twice."""
    if before is None:
        before = state.view(seat)
    sealed_open = _pending_sealed(game, state) if action.kind in game.type.sealed else None
    with counting_draws() as draws:
        state.apply(seat, action)
    if draws.count:
        return Judged(DREW, None)
    after = state.view(seat)
    if revealed(game, before, seat, action, after, sealed_open, seed, samples):
        return Judged(REVEALED, after)
    return Judged(None, after)


def _pending_sealed(game: Game[Any], state: State) -> dict[str, Any] | None:
    """The open table while some sealed choice is hidden from the spectators, else None."""
    if not game.type.sealed:
        return None
    table = state.open_view()
    return table if table != state.view(None) else None


def revealed(
    game: Game[Any],
    before: Mapping[str, Any],
    seat: Seat,
    action: Action,
    after: Mapping[str, Any],
    sealed_open: Mapping[str, Any] | None = None,
    seed: int = 0,
    samples: int = SAMPLES,
) -> bool:
    """Whether `seat`'s view `after` taking `action` shows what its view `before` did not
    determine: some state consistent with `before` gives another view after the action.
    `sealed_open`: the true open table before it, when sealed choices were pending."""
    truth = _outcome(before, after)
    # What a sample's view shows before the action, where it is not `before` (the log a
    # determinized state does not rebuild): the same for every sample of one view, so
    # read once (a view costs as much as the action).
    base: Mapping[str, Any] | None = None
    varied = sealed_open is None
    for i in range(samples + EXTRA_SAMPLES):
        if i >= samples and varied:
            break
        sample = game.determinize(before, seat, seed + i)
        if base is None or not varied:
            sample_before = sample.view(seat)
            base = sample_before if base is None else base
            if not varied:
                assert sealed_open is not None
                varied = _differs_off(sample.open_view(), sealed_open, sample_before, before)
        try:
            sample.apply(seat, action)
        except EkimaeError:
            return True  # whether it is legal depends on something the seat cannot see
        if _outcome(base, sample.view(seat)) != truth:
            return True
    return False


def _outcome(before: Mapping[str, Any], after: Mapping[str, Any]) -> dict[str, Any]:
    """The view after an action, its log cut to the lines the action appended."""
    out = dict(after)
    old, new = before.get("log"), after.get("log")
    if isinstance(old, list) and isinstance(new, list) and new[: len(old)] == old:
        out["log"] = new[len(old) :]
    return out


def _differs_off(
    table: Mapping[str, Any],
    truth: Mapping[str, Any],
    sample_view: Mapping[str, Any],
    view: Mapping[str, Any],
) -> bool:
    """Whether a sample's open table differs from the true one outside the keys its seat's
    view does not rebuild (the log): then it varied a pending sealed choice."""
    rebuilt = {k for k in table.keys() | truth.keys() if sample_view.get(k) == view.get(k)}
    return any(table.get(k) != truth.get(k) for k in rebuilt)
