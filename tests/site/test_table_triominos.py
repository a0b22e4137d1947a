"""A Triominos match at the table page, in a real browser on a phone (390×844): two
players play a whole match to 200 through the pages alone (and three on a desktop),
picking a tile, then the cell it goes on among those the board offers, then its turn when
it fits that cell more than one way, the host starting the second round.

The deals come from a known seed (``Game.seed``): ``triominos phone 8`` ends the match
in two rounds when each player lays the first play offered, about forty plays.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.models import Game, Move
from tests.conftest import needs_chromium, outside_the_browser_loop
from tests.games.conftest import full_table, session_cookie
from tests.site.test_table_clock import WAIT_MS, users

pytestmark = [pytest.mark.django_db(transaction=True), needs_chromium]

SEED = "triominos phone 8"
PHONE = {"width": 390, "height": 844}


DESKTOP = {"width": 1280, "height": 800}


def phone_page(browser: Any, base: str, user: Any, game_id: int, viewport: dict[str, int] = PHONE) -> Any:
    context = browser.new_context(locale="fr-FR", viewport=viewport)
    cookie = outside_the_browser_loop(lambda: session_cookie(user))
    context.add_cookies([{"name": "sessionid", "value": cookie, "url": base}])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(f"{base}/tables/{game_id}/")
    page.wait_for_function("() => document.getElementById('table').dataset.version !== ''", timeout=WAIT_MS)
    return page


def version(page: Any) -> int:
    return int(page.locator("#table").get_attribute("data-version") or 0)


def take_turn(page: Any, clicks: dict[str, int]) -> bool:
    """If this page may act, act: the next round (the host), or the first playable tile, its
    first cell offered and its first turn offered. A click that finds nothing to click (the
    page changed under it) is tried again by the caller."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    before = version(page)
    try:
        if page.locator("#next-round:visible").count():
            page.click("#next-round", timeout=2000)
        else:
            playable = page.locator("#hand .hand-tile.playable:visible")
            if playable.count() == 0:
                return False
            playable.first.click(timeout=2000)
            cells = page.locator("#board .tri-cell.choosable")
            if page.locator("#choice:visible").count() and cells.count():
                page.locator("#choice[data-ready]").wait_for(timeout=2000)
                cells.first.click(timeout=2000)
                clicks["cell"] += 1
            turns = page.locator("#choice [data-turn]:visible")
            if turns.count():
                page.locator("#choice[data-ready]").wait_for(timeout=2000)
                turns.first.click(timeout=2000)
                clicks["turn"] += 1
    except PlaywrightTimeout:
        return False
    page.wait_for_function(f"() => Number(document.getElementById('table').dataset.version) > {before}")
    return True


def test_r80_r88_two_players_play_a_triominos_match_to_200_on_their_phones(browser, live_site):
    base = live_site()

    def table() -> tuple[int, list[Any]]:
        alice, bob = users("alice", "bob")
        return full_table("triominos", [alice, bob], 200, seed=SEED), [alice, bob]

    game_id, players = outside_the_browser_loop(table)
    pages = [phone_page(browser, base, user, game_id) for user in players]
    for page in pages:
        assert page.locator("#board svg.tri-board g.tri-laid").count() == 1  # the forced opening
        # The board fits the phone's width; its zoom buttons are there.
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert page.locator("#board [data-zoom='in']").count() == 1
    zoom_in = pages[0].locator("#board [data-zoom='in']")
    zoom_in.click()
    assert pages[0].locator("#board .tri-frame.zoomed").count() == 1
    pages[0].locator("#board [data-zoom='fit']").click()
    clicks = {"cell": 0, "turn": 0}
    idle = 0
    for _ in range(400):
        if all(page.locator("#match-over").count() for page in pages):
            break
        acted = take_turn(pages[0], clicks) or take_turn(pages[1], clicks)
        idle = 0 if acted else idle + 1
        if not acted:
            pages[0].wait_for_timeout(100)
        assert idle < 100, "neither page could act for 10 s"
    else:
        pytest.fail("the match did not end")

    game = outside_the_browser_loop(lambda: Game.objects.get(pk=game_id))
    match = outside_the_browser_loop(lambda: game.match)
    assert game.status == Game.OVER and max(match.scores) >= 200
    assert clicks["cell"] > 0, "no tile fitted several cells: the seed no longer shows the choice"
    winner = outside_the_browser_loop(lambda: game.seat_set.get(won=True).player.username)
    plays = outside_the_browser_loop(lambda: list(Move.objects.filter(game_id=game_id, kind=Move.PLAY)))
    assert all(set(m.place) == {"at", "turn"} for m in plays)
    for page in pages:
        assert winner in page.locator("#match-over").inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert page.errors == []
    journal = pages[0].locator("#log, #log-earlier").all_inner_texts()
    assert any("(+" in text for text in journal)
    assert outside_the_browser_loop(lambda: game.replay()) == match


def test_r80_r88_three_players_play_a_triominos_match_to_200_on_a_desktop(browser, live_site):
    base = live_site()

    def table() -> tuple[int, list[Any]]:
        players = users("alice", "bob", "charlie")
        return full_table("triominos", players, 200, seed="triominos desktop 3"), players

    game_id, players = outside_the_browser_loop(table)
    pages = [phone_page(browser, base, user, game_id, DESKTOP) for user in players]
    clicks = {"cell": 0, "turn": 0}
    idle = 0
    for _ in range(600):
        if all(page.locator("#match-over").count() for page in pages):
            break
        acted = any(take_turn(page, clicks) for page in pages)
        idle = 0 if acted else idle + 1
        if not acted:
            pages[0].wait_for_timeout(100)
        assert idle < 100, "no page could act for 10 s"
    else:
        pytest.fail("the match did not end")
    game = outside_the_browser_loop(lambda: Game.objects.get(pk=game_id))
    match = outside_the_browser_loop(lambda: game.match)
    assert game.status == Game.OVER and max(match.scores) >= 200
    for page in pages:
        assert page.locator("#board svg.tri-board g.tri-laid").count() > 1
        assert page.errors == []
