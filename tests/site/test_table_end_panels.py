"""The end panels in a real browser (issue 19): a daily attempt's says the player's rank
of the moment, when its replay opens and links to the day's ranking, and offers no
report of a robot (defects 4 and 5); a finished match whose rematch has ended links to
it instead of offering to join it (defect 6)."""

from __future__ import annotations

import re

import pytest

from games import services as game_services
from games.models import Game
from leaderboard import services
from tests.conftest import needs_chromium, outside_the_browser_loop
from tests.leaderboard.conftest import play, todays
from tests.site.test_table_clock import WAIT_MS, open_page, users
from tests.site.test_table_end import played_out

pytestmark = [pytest.mark.django_db(transaction=True), needs_chromium]


def a_finished_attempt() -> tuple[object, int, str]:
    (alice,) = users("alice")
    challenge = todays("block", 2)
    attempt = services.start_attempt(alice)
    play(attempt)
    return alice, attempt.game_id, challenge.date.isoformat()


def test_a_daily_attempts_end_says_the_rank_when_the_replay_opens_and_links_the_ranking(browser, live_site):
    base = live_site()
    alice, game_id, day = outside_the_browser_loop(a_finished_attempt)
    page = open_page(browser, base, alice, f"/tables/{game_id}/")
    panel = page.locator("#match-over")
    panel.wait_for(timeout=WAIT_MS)
    page.locator("#daily-rank", has_text="1 sur 1").wait_for(timeout=WAIT_MS)
    opens = panel.locator("#replay-opens").inner_text()
    assert re.search(r"\d{4}", opens) and "revue" in opens
    assert panel.locator("#replay-link").count() == 0  # it would answer 404 until the day is over
    assert panel.locator("#daily-ranking-link").get_attribute("href") == f"/defi/{day}/"
    assert panel.locator("a", has_text="Retour au salon").count() == 1
    assert page.locator("#report-players a").count() == 0  # the robot is not reported
    options = page.locator(".table-options").inner_text()
    assert "défi du jour" in options and "publique" not in options and "amicale" not in options
    page.locator("#daily-ranking-link").click()
    page.wait_for_url(f"{base}/defi/{day}/", timeout=WAIT_MS)
    assert page.errors == []


def test_a_rematch_that_has_ended_is_linked_not_offered(browser, live_site):
    base = live_site()

    def with_an_ended_rematch() -> tuple[int, int, object]:
        game_id, (alice, bob) = played_out(("alice", "bob"))
        new = game_services.rematch(game_id, alice)
        Game.objects.filter(pk=new.pk).update(status=Game.OVER)
        return game_id, new.pk, bob

    game_id, rematch_id, bob = outside_the_browser_loop(with_an_ended_rematch)
    page = open_page(browser, base, bob, f"/tables/{game_id}/")
    link = page.locator("#match-over #rematch-link")
    link.wait_for(timeout=WAIT_MS)
    assert link.inner_text() == "Voir la revanche"
    assert link.get_attribute("href") == f"/tables/{rematch_id}/"
    assert page.locator("#rematch-form").is_hidden()
    assert "Rejoindre la revanche" not in page.locator("#match-over").inner_text()
    assert page.errors == []
