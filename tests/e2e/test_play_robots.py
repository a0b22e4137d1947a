"""End to end, in a real browser: "Jouer contre les robots" (R58).

Daphne serves the pages and sockets, a real Celery worker plays the robots' turns
from the robots' queue. The player opens a table against a beginner from the lobby
in one click (block, 2 seats, to 50, dealt from a known seed: PRACTICE_SEED, which
only a test's server reads), plays a move on a desktop width, then the match to
its end on a phone.
"""

from __future__ import annotations

import re

import pytest

from games.models import Game
from tests.conftest import needs_chromium, outside_the_browser_loop
from tests.e2e.test_two_players import ROBOT_CLOCKS, play_to_the_end, set_clocks, sign_up, take_turn, version
from tests.games.conftest import SEED
from tests.timers.conftest import celery  # noqa: F401 (the fixture: a real worker and beat)

pytestmark = [pytest.mark.django_db(transaction=True), needs_chromium]

# The robots' fallback is far off, so the worker is the one that plays them.
CLOCKS = {**ROBOT_CLOCKS, "ROBOT_FALLBACK_SECONDS": 60.0}


@pytest.fixture
def clocks(settings):  # type: ignore[no-untyped-def]
    return set_clocks(settings, CLOCKS)


@pytest.mark.usefixtures("celery")
def test_r58_one_click_from_the_lobby_then_a_match_against_robots_to_its_end(browser, live_site, clocks):
    base = live_site(PRACTICE_SEED=SEED, **{name: str(value) for name, value in clocks.items()})
    alice = sign_up(browser, live_site, base, "alice")  # a phone's viewport, 390 × 844
    alice.select_option("#id_variant", "block")
    alice.select_option("#id_seats", "2")
    alice.select_option("#id_target", "50")
    alice.select_option("#id_level", "beginner")
    alice.click("#play-robots")
    alice.wait_for_url(re.compile(r"/tables/\d+/$"))
    alice.locator("text=Robot Anatole (débutant) >> visible=true").first.wait_for()
    assert "contre des robots" in alice.locator("#rated").inner_text()

    # On a desktop's width, the table renders and a move is played.
    alice.set_viewport_size({"width": 1280, "height": 800})
    alice.locator("#felt").wait_for()
    start = version(alice)
    for _ in range(200):
        if take_turn(alice):
            break
        alice.wait_for_timeout(100)
    assert version(alice) > start

    # Back on the phone, to the end of the match.
    alice.set_viewport_size({"width": 390, "height": 844})
    play_to_the_end(alice, "match")
    game = outside_the_browser_loop(lambda: Game.objects.get(seat_set__player__username="alice"))
    assert game.status == Game.OVER and game.rated is False and game.seed == SEED
    # The robots played, and alice: never the table for either.
    assert outside_the_browser_loop(lambda: game.moves.filter(auto=True).count()) == 0
    assert alice.errors == []
