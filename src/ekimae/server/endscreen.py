"""The end screen of any title (issue 31): the ranking, where every seat's points came
from, the game's length, the rematch and the replay.

The breakdown is the title's (`WebTitle.end_breakdown`: columns and one row of cells per
seat, written in the reader's language from the finished game's spectator view — at the
end nothing a seat may not see is in it); the rest is the same for every game. A title
without a breakdown still gets the ranking, the scores and the length.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from ekimae.core.game import SYSTEM
from ekimae.i18n import format_yen
from ekimae.server.titles import GenericTitle

if TYPE_CHECKING:
    from ekimae.server.payloads import Live


def played_seconds(live: Live) -> float | None:
    """Seconds from the game's creation to its last action, when this process took that
    action (a game loaded after a restart has no wall time for it: None)."""
    if not live.accepted_wall or not live.info.created_at:
        return None
    try:
        created = datetime.fromisoformat(live.info.created_at)
    except ValueError:
        return None
    if created.tzinfo is None:  # SQLite keeps the database's UTC clock without a zone
        created = created.replace(tzinfo=UTC)
    return max(0.0, live.accepted_wall - created.timestamp())


def _score_text(live: Live, score: int, view: Any, lang: str) -> str:
    """A score as the title writes it (`WebTitle.score_text`); yen for a title with a page
    of its own (every Tokyo Series game counts yen), the number on the generic page."""
    own = getattr(live.web, "score_text", None)
    if own is not None:
        return str(own(score, view, lang))
    if live.web.template == GenericTitle.template:
        return str(score)
    return format_yen(score, lang)


def end_payload(live: Live, lang: str) -> dict[str, Any]:
    """The end screen's content: ranking, scores as the title writes them, the title's
    breakdown (columns, a row per seat, notes), and the length."""
    view = live.state.view(None)
    options = live.info.options
    scores = live.state.scores()
    hook = getattr(live.web, "end_breakdown", None)
    table = None if hook is None else hook(view, options, lang)
    totals = [_score_text(live, s, view, lang) for s in scores]
    actions = live.record.actions
    rounds = view.get("round") if isinstance(view.get("round"), int) else None
    now = view.get("now")
    return {
        "ranking": live.state.ranking(),
        "scores": scores,
        "totals": totals,
        "table": table,
        "length": {
            "actions": len(actions),
            "moves": sum(1 for seat, _ in actions if seat != SYSTEM),
            "rounds": rounds,
            # Real-time games: the game's own clock (ms), not the wall's.
            "game_ms": now if isinstance(now, int) else None,
            "seconds": played_seconds(live),
        },
        "replay_url": f"/replay/{live.info.id}",
    }
