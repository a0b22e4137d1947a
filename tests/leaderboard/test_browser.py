"""A rated match's rating changes on its table page, in a real browser against Daphne:
shown as the rating task tells the table, with no reload."""

from __future__ import annotations

import pytest

from games.models import Game
from leaderboard import tasks
from leaderboard.models import RatingChange
from tests.conftest import needs_chromium, outside_the_browser_loop
from tests.leaderboard.conftest import play_out, start
from tests.site.test_table_clock import WAIT_MS, open_page, table_page, users

pytestmark = [pytest.mark.django_db(transaction=True), needs_chromium]


def test_the_end_of_match_shows_each_players_rating_before_and_the_change(live_site, browser):
    base = live_site()
    alice, bob = outside_the_browser_loop(lambda: users("alice", "bob"))
    game_id = outside_the_browser_loop(lambda: start("block", [alice, bob], target=50))
    page = table_page(browser, base, bob, game_id)
    assert page.locator("#rated").inner_text() == "partie classée"
    assert page.locator("#ratings").is_hidden()
    assert outside_the_browser_loop(lambda: play_out(game_id)).status == Game.OVER
    page.wait_for_selector("#match-over", timeout=WAIT_MS)
    # The task runs (here, from the test, as the worker would): the page hears it.
    assert outside_the_browser_loop(lambda: tasks.rate_match(game_id)) == 2
    page.wait_for_selector("#ratings:not([hidden]) #rating-rows tr", timeout=WAIT_MS)
    changes = outside_the_browser_loop(
        lambda: {
            c.player.username: c
            for c in RatingChange.objects.filter(game_id=game_id).select_related("player")
        }
    )
    rows = page.locator("#rating-rows tr")
    assert rows.count() == 2
    for i, name in enumerate(["alice", "bob"]):
        row = rows.nth(i)
        change = changes[name]
        assert row.locator("th").inner_text() == name
        assert row.locator(".before").inner_text() == "1500?"
        delta = f"+{change.delta}" if change.delta > 0 else f"\u2212{-change.delta}"
        assert row.locator(".delta").inner_text() == delta
        assert row.locator(".after").inner_text() == f"{change.after}?"
    assert not page.errors
    # Loaded again later, the page has them from the server.
    again = table_page(browser, base, alice, game_id)
    assert again.locator("#rating-rows tr").count() == 2 and again.locator("#ratings").is_visible()


def test_the_lobby_form_makes_a_private_table_friendly_unless_the_host_chose(live_site, browser):
    base = live_site()
    [alice] = outside_the_browser_loop(lambda: users("alice"))
    page = open_page(browser, base, alice, "/salon/")
    rated = page.locator('input[name="rated"][value="classee"]')
    friendly = page.locator('input[name="rated"][value="amicale"]')
    public = page.locator('input[name="public"]')
    assert public.is_checked() and rated.is_checked()
    public.uncheck()
    assert friendly.is_checked()
    public.check()
    assert rated.is_checked()
    # Once the host has chosen, the choice stays.
    public.uncheck()
    rated.check()
    public.check()
    public.uncheck()
    assert rated.is_checked()
    page.locator("#open-table-submit").click()
    page.wait_for_url("**/tables/*/", timeout=WAIT_MS)
    assert page.locator("#rated").inner_text() == "partie classée"
    game = outside_the_browser_loop(lambda: Game.objects.get())
    assert game.rated and not game.public
    assert not page.errors
