"""End to end, in a real browser: Playwright drives Debian's Chromium against Daphne.

Two players sign up, one opens a two-seat ``block`` table, the other joins it from
the lobby, and they play the whole match to its end through the pages alone:
clicking highlighted tiles, choosing an end when a tile fits both, and starting
each next round from the host's button.
"""

from __future__ import annotations

import re

import pytest

from games.models import Game
from tests.accounts.mail import confirmation_path, written_to
from tests.conftest import needs_chromium, outside_the_browser_loop

pytestmark = [pytest.mark.django_db(transaction=True), needs_chromium]


def sign_up(browser, live_site, base: str, name: str):  # type: ignore[no-untyped-def]
    """Sign up through the form, then follow the link of the mail the site sent."""
    context = browser.new_context(locale="fr-FR", viewport={"width": 390, "height": 844})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(base + "/comptes/signup/")
    page.fill("#id_username", name)
    page.fill("#id_email", f"{name}@example.org")
    page.fill("#id_password1", "domino-fute-2026")
    page.fill("#id_password2", "domino-fute-2026")
    page.locator("form[action*='signup'] [type=submit]").click()
    page.wait_for_url(re.compile(r"/comptes/confirm-email/$"))
    (mail,) = written_to(live_site.mails, f"{name}@example.org")
    page.goto(base + confirmation_path(mail))
    page.locator("form[action*='confirm-email'] [type=submit]").click()
    page.wait_for_url(re.compile(r"/salon/$"))
    return page


def version(page) -> int:  # type: ignore[no-untyped-def]
    return int(page.locator("[data-version]").get_attribute("data-version") or 0)


def take_turn(page) -> bool:  # type: ignore[no-untyped-def]
    """If this page may act, act (play the first playable tile, on the first end or train it
    fits, or start the next round).

    The page may change under the click (the other player's move arrives, the round
    ends): a click that finds nothing to click is simply tried again by the caller.
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    before = version(page)
    try:
        if page.locator("#next-round:visible").count():
            page.click("#next-round", timeout=2000)
        else:
            playable = page.locator("#hand [data-tile].playable:visible")
            if playable.count() == 0:
                return False
            playable.first.click(timeout=2000)
            # Train mexicain: a tile that fits several trains asks which, one click on the
            # board's train.
            trains = page.locator("#board .train-choose:visible")
            if trains.count():
                page.locator("#choice[data-ready]").wait_for(timeout=2000)
                trains.first.click(timeout=2000)
            ends = page.locator("#choice [data-end]:visible")
            if ends.count():
                # A choice counts from a moment after it shows (no double-click misplays).
                page.locator("#choice[data-ready]").wait_for(timeout=2000)
                ends.first.click(timeout=2000)
                openings = page.locator("#choice [data-open]:visible")
                if openings.count():
                    page.locator("#choice[data-ready]").wait_for(timeout=2000)
                    openings.first.click(timeout=2000)
    except PlaywrightTimeout:
        return False
    page.wait_for_function(f"() => document.querySelector('[data-version]').dataset.version > {before}")
    return True


ROBOT_CLOCKS = {
    "TURN_SECONDS": 45.0,
    "AWAY_SECONDS": 5.0,
    "ROUND_PAUSE_SECONDS": 1.0,
    "ROBOT_SECONDS": 0.3,
    "SWEEP_SECONDS": 1.0,
}
"""The clocks of the worker and of Daphne at a table with robots: a robot plays after
0.3 s, a round follows the last after 1 s; the player's own turn keeps a clock long
enough for a browser."""


def set_clocks(settings, clocks: dict[str, float]) -> dict[str, float]:  # type: ignore[no-untyped-def]
    """Set ``clocks`` in this process's settings (a ``clocks`` fixture's body); the site's
    server gets them from ``live_site``."""
    for name, value in clocks.items():
        setattr(settings, name, value)
    return clocks


def play_to_the_end(page, what: str) -> None:  # type: ignore[no-untyped-def]
    """Take this page's turns, the robots playing theirs, until the page shows the match
    over; fail if the page cannot act for 20 s, or if ``what`` (the match, the
    challenge) does not end."""
    idle = 0
    for _ in range(3000):
        if page.locator("#match-over").count():
            return
        acted = take_turn(page)
        idle = 0 if acted else idle + 1
        if not acted:
            page.wait_for_timeout(100)
        assert idle < 200, "the page could not act for 20 s"
    pytest.fail(f"the {what} did not end")


def test_two_players_sign_up_meet_in_the_lobby_and_play_a_block_match_to_its_end(browser, live_site):
    base = live_site()
    alice = sign_up(browser, live_site, base, "alice")
    bob = sign_up(browser, live_site, base, "bob")

    alice.goto(base + "/salon/")
    alice.select_option("#open-table [name=variant]", "block")
    alice.select_option("#open-table [name=seats]", "2")
    alice.click("#open-table-submit")
    alice.wait_for_url(re.compile(r"/tables/\d+/$"))
    game_id = int(alice.url.rstrip("/").rsplit("/", 1)[1])

    bob.goto(base + "/salon/")
    row = bob.locator(f"[data-table='{game_id}']")
    row.wait_for()
    row.locator(".join").click()
    bob.wait_for_url(re.compile(rf"/tables/{game_id}/$"))

    # Both pages switch to the match without a reload; then the players take turns.
    for page in (alice, bob):
        page.wait_for_selector("[data-version]")
    idle_rounds = 0
    for _ in range(2000):
        if alice.locator("#match-over").count() and bob.locator("#match-over").count():
            break
        acted = take_turn(alice) or take_turn(bob)
        idle_rounds = 0 if acted else idle_rounds + 1
        if not acted:
            alice.wait_for_timeout(100)
        assert idle_rounds < 100, "neither page could act for 10 s"
    else:
        pytest.fail("the match did not end")

    game, winner, replayed = outside_the_browser_loop(lambda: finished(game_id))
    assert game.status == Game.OVER and game.winner is not None
    for page in (alice, bob):
        assert winner in page.locator("#match-over").inner_text()
        assert page.errors == []
    assert replayed == game.match


def finished(game_id: int) -> tuple[Game, str, object]:
    game = Game.objects.get(pk=game_id)
    return game, game.seat_set.get(won=True).player.username, game.replay()
