"""The JUTAKU family's typed views (issue 34): the views carry no title name, so each
reader checks its title's own keys; BOTTLE BONUS's view is a TOKYO JUTAKU view too."""

from __future__ import annotations

import pytest

from ekimae.games.bottle_bonus.game import GAME as BOTTLE
from ekimae.games.bottle_bonus.view import bottle_bonus_view
from ekimae.games.chocolate_milk.game import GAME as MILK
from ekimae.games.countdown.game import GAME as COUNTDOWN
from ekimae.games.countdown.view import countdown_view
from ekimae.games.jutaku_kit.view import own_seat
from ekimae.games.tokyo_jutaku.game import GAME as JUTAKU
from ekimae.games.tokyo_jutaku.view import jutaku_view


def test_each_reader_takes_its_titles_views_and_refuses_the_others() -> None:
    jutaku = JUTAKU.new_state(2, 1).view(0)
    countdown = COUNTDOWN.new_state(2, 1).view(0)
    bottle = BOTTLE.new_state(2, 1).view(0)
    milk = MILK.new_state(2, 1).view(0)
    assert jutaku_view(jutaku) is jutaku and jutaku_view(bottle) is bottle
    assert countdown_view(countdown) is countdown
    assert bottle_bonus_view(bottle) is bottle
    for read, others in (
        (jutaku_view, (countdown, milk)),
        (countdown_view, (jutaku, bottle, milk)),
        (bottle_bonus_view, (jutaku, countdown, milk)),
    ):
        for other in others:
            with pytest.raises(ValueError, match="not a"):
                read(other)


def test_the_states_typed_view_is_the_generic_one() -> None:
    state = BOTTLE.new_state(3, 4)
    assert state.view_for(1) == state.view(1)
    assert own_seat(state.view_for(1)) == 1
    with pytest.raises(ValueError, match="spectator"):
        own_seat(state.view_for(None))
