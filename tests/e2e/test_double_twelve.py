"""End to end, in a real browser: the double-twelve games played to their end.

A Domino chinois match for two, one of them on a phone (390×844), to its lowest target, and
a five-round Train mexicain match for three, one of them on a phone,
dealt from a known seed; the players act through their table pages alone (take_turn: the
first playable tile, on the first end it fits, the next round from the host's button).
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from games.models import Game
from tests.conftest import PASSWORD, needs_chromium, outside_the_browser_loop
from tests.e2e.test_two_players import take_turn
from tests.games.conftest import full_table, session_cookie

pytestmark = [pytest.mark.django_db(transaction=True), needs_chromium]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def seated(variant: str, names: list[str], target: int, seed: str) -> tuple[int, list[str]]:
    User = get_user_model()
    users = [User.objects.create_user(n, f"{n}@example.org", PASSWORD) for n in names]
    return full_table(variant, users, target=target, seed=seed), [session_cookie(u) for u in users]


def open_pages(
    browser: Any, base: str, game: int, cookies: list[str], viewports: list[dict[str, int]]
) -> list[Any]:
    pages = []
    for cookie, viewport in zip(cookies, viewports, strict=True):
        context = browser.new_context(locale="fr-FR", viewport=viewport)
        context.add_cookies([{"name": "sessionid", "value": cookie, "url": base}])
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda e, page=page: page.errors.append(str(e)))
        page.goto(f"{base}/tables/{game}/")
        page.locator("#table[data-version]:not([data-version=''])").wait_for()
        pages.append(page)
    return pages


def play_out(pages: list[Any]) -> None:
    idle = 0
    for _ in range(5000):
        if all(page.locator("#match-over").count() for page in pages):
            return
        acted = any(take_turn(page) for page in pages)
        idle = 0 if acted else idle + 1
        if not acted:
            pages[0].wait_for_timeout(100)
        assert idle < 100, "no page could act for 10 s"
    pytest.fail("the match did not end")


def no_overflow(page: Any) -> bool:
    return bool(
        page.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    )


def test_two_players_play_a_chinois_match_to_its_end(browser, live_site):
    base = live_site()
    game, cookies = outside_the_browser_loop(lambda: seated("chinois", ["alice", "bob"], 100, "e2e-chinois"))
    pages = open_pages(browser, base, game, cookies, [PHONE, DESKTOP])
    assert pages[0].locator("#public-info tbody tr").count() == 13
    assert no_overflow(pages[0])
    play_out(pages)
    done = outside_the_browser_loop(lambda: Game.objects.get(pk=game))
    assert done.status == Game.OVER and done.winner is not None
    for page in pages:
        assert page.errors == []


def test_three_players_play_a_five_round_mexican_match_one_on_a_phone(browser, live_site):
    """R71–R75 through the pages: three players, alice on a phone, a short match of five
    rounds (the engines 12-12 to 8-8), every train drawn and chosen by a click."""
    base = live_site()
    game, cookies = outside_the_browser_loop(
        lambda: seated("mexican", ["alice", "bob", "charlie"], 5, "e2e-mexican")
    )
    pages = open_pages(browser, base, game, cookies, [PHONE, DESKTOP, DESKTOP])
    # The three seats' trains and the Mexican train, on a phone without overflow; the
    # public-information panel's thirteen numbers (R78).
    assert pages[0].locator("#board section.train").count() == 4
    assert pages[0].locator("#public-info tbody tr").count() == 13
    assert no_overflow(pages[0])
    play_out(pages)
    done = outside_the_browser_loop(lambda: Game.objects.get(pk=game))
    assert done.status == Game.OVER and done.winner is not None
    assert len(outside_the_browser_loop(lambda: done.record()["rounds"])) == 5
    assert no_overflow(pages[0])
    for page in pages:
        assert page.errors == []
