"""The end of a match, in a real browser: "Revanche" and the match's replay."""

from __future__ import annotations

import pytest

from games.models import Game
from tests.conftest import needs_chromium, outside_the_browser_loop
from tests.games.conftest import full_table, game_of, play_first
from tests.site.test_table_clock import WAIT_MS, open_page, users

pytestmark = [pytest.mark.django_db(transaction=True), needs_chromium]


def played_out(names: tuple[str, ...]) -> tuple[int, list]:
    """A block match of ``names`` played to its end by each seat's first legal play."""
    players = users(*names)
    game_id = full_table("block", players, target=50)
    from games import services

    while (game := game_of(game_id)).status != Game.OVER:
        if game.status == Game.ROUND_OVER:
            services.next_round(game_id, players[0], game.version)
        else:
            play_first(game)
    return game_id, players


def test_revanche_seats_the_same_players_one_seat_on_at_a_new_table(browser, live_site):
    base = live_site()
    game_id, (alice, bob) = outside_the_browser_loop(lambda: played_out(("alice", "bob")))
    pages = [open_page(browser, base, user, f"/tables/{game_id}/") for user in (alice, bob)]
    for page in pages:
        page.locator("#match-over #rematch").wait_for(timeout=WAIT_MS)
    pages[0].locator("#rematch").click()
    pages[0].wait_for_url(f"{base}/tables/*/", timeout=WAIT_MS)
    new = outside_the_browser_loop(lambda: Game.objects.get(rematch_of_id=game_id))
    assert pages[0].url.endswith(f"/tables/{new.pk}/")
    # Bob's page learns of it (its button now joins), and takes him there.
    pages[1].locator("#rematch", has_text="Rejoindre la revanche").wait_for(timeout=WAIT_MS)
    pages[1].locator("#rematch").click()
    pages[1].wait_for_url(f"{base}/tables/{new.pk}/", timeout=WAIT_MS)
    new = outside_the_browser_loop(lambda: Game.objects.get(pk=new.pk))
    assert new.status in Game.LIVE and new.started is not None  # its first deal is a fresh one
    seats = outside_the_browser_loop(lambda: list(new.seat_set.values_list("index", "player__username")))
    assert seats == [(0, "bob"), (1, "alice")]
    assert (new.variant, new.seats, new.target) == ("block", 2, 50)
    for page in pages:
        page.locator(".seat-card").first.wait_for(timeout=WAIT_MS)
        assert page.errors == []


def test_the_replay_steps_through_every_action_as_each_seat_saw_it(browser, live_site):
    base = live_site()
    game_id, (alice, bob) = outside_the_browser_loop(lambda: played_out(("alice", "bob")))
    table = open_page(browser, base, alice, f"/tables/{game_id}/")
    table.locator("#replay-link").click()
    table.wait_for_url(f"{base}/tables/{game_id}/revoir/", timeout=WAIT_MS)
    page = table
    assert page.locator("#replay").get_attribute("data-frame") == "0"
    frames = page.evaluate("JSON.parse(document.getElementById('replay-data').textContent).frames.length")
    assert frames > 10
    # Step forward: the line grows one play at a time.
    page.locator("#next").click()
    page.locator("#next").click()
    assert page.locator("#replay").get_attribute("data-frame") == "2"
    assert page.locator("#board svg.line").count() == 1
    # As bob saw it: alice's hand face down; with every hand: both shown.
    page.select_option("#perspective", "1")
    assert "cachés" in page.locator(".replay-hand[data-seat='0']").inner_text()
    assert page.locator(".replay-hand[data-seat='1'] svg").count() > 0
    page.select_option("#perspective", "all")
    assert page.locator(".replay-hand[data-seat='0'] svg").count() > 0
    page.locator("#last").click()
    assert page.locator("#replay").get_attribute("data-frame") == str(frames - 1)
    assert "Fin de la partie" in page.locator("#what").inner_text()
    assert page.errors == []


def test_a_match_in_play_has_no_replay(client, players):
    game_id = full_table("draw", players[:2])
    client.force_login(players[0])
    assert client.get(f"/tables/{game_id}/revoir/").status_code == 404
