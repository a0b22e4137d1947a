"""End to end, in a real browser: a player plays the daily challenge to its end.

Daphne serves the pages and sockets, a real Celery worker and beat play the
robots' turns (R61) on their short delay; the player starts the challenge from
"Défi du jour", plays its five rounds on the table page, and sees their rank;
another player, who keeps the day's page open, sees that rank appear without
reloading.
"""

from __future__ import annotations

import re

import pytest

from games.models import Game
from leaderboard.models import DailyAttempt
from tests.conftest import needs_chromium, outside_the_browser_loop
from tests.e2e.test_two_players import ROBOT_CLOCKS, play_to_the_end, set_clocks, sign_up
from tests.leaderboard.conftest import todays
from tests.timers.conftest import celery  # noqa: F401 (the fixture: a real worker and beat)

pytestmark = [pytest.mark.django_db(transaction=True), needs_chromium]


@pytest.fixture
def clocks(settings):  # type: ignore[no-untyped-def]
    return set_clocks(settings, ROBOT_CLOCKS)


@pytest.mark.usefixtures("celery")
def test_a_player_plays_the_daily_challenge_to_the_end_and_sees_their_rank(browser, live_site, clocks):
    base = live_site(**{name: str(value) for name, value in clocks.items()})
    outside_the_browser_loop(lambda: todays("block", 2))
    alice = sign_up(browser, live_site, base, "alice")
    bob = sign_up(browser, live_site, base, "bob")
    bob.goto(base + "/defi/")
    assert bob.locator("#ranking-empty").is_visible()

    alice.click("text=Défi du jour")
    alice.wait_for_url(re.compile(r"/defi/$"))
    assert "Domino sans pioche" in alice.locator("#daily-variant").inner_text()
    alice.click("#start")
    alice.wait_for_url(re.compile(r"/tables/\d+/$"))
    # The page's socket brings the match: the robot's seat, named, and a version.
    alice.locator("text=Robot Anatole >> visible=true").first.wait_for()
    alice.wait_for_function("() => document.querySelector('[data-version]').dataset.version > 0")
    play_to_the_end(alice, "challenge")

    attempt = outside_the_browser_loop(
        lambda: DailyAttempt.objects.select_related("game").get(player__username="alice")
    )
    assert attempt.complete and attempt.game.status == Game.OVER and len(attempt.rounds) == 5
    alice.click("#daily-link")
    alice.wait_for_url(re.compile(r"/defi/$"))
    assert alice.locator("#my-rank").inner_text() == "Rang 1 sur 1."
    assert f"{attempt.points} points" in alice.locator("#my-result").inner_text()
    # Bob's page, open all along, shows alice's finished attempt without a reload.
    row = bob.locator("#ranking-rows tr[data-name='alice']")
    row.wait_for(timeout=15_000)
    assert row.locator(".rank").inner_text() == "1" and row.locator(".points").inner_text() == str(
        attempt.points
    )
    assert alice.errors == [] and bob.errors == []
