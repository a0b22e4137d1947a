"""The table page's clocks, in a real browser (R52–R54): Playwright drives Debian's
Chromium against Daphne.

Tables are set up and moved on through the services from the test, as the
consumers and the timers would: the pages must show the countdown of the turn
and of the pause between rounds, a play the table made for a player whose clock
ran out, and a table closed as abandoned.
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import timezone

from games import services
from games.models import Connection, Game, Move, Seat
from tests.conftest import PASSWORD, needs_chromium, outside_the_browser_loop
from tests.games.conftest import full_table, game_of, play_first, session_cookie

WAIT_MS = 10_000

pytestmark = [pytest.mark.django_db(transaction=True), needs_chromium]


def users(*names: str) -> list[Any]:
    User = get_user_model()
    return [User.objects.create_user(name, f"{name}@example.org", PASSWORD) for name in names]


def open_page(browser: Any, base: str, user: Any, path: str) -> Any:
    """A phone-sized page logged in as ``user`` (its session cookie set on the context)."""
    context = browser.new_context(locale="fr-FR", viewport={"width": 360, "height": 740})
    context.add_cookies(
        [{"name": "sessionid", "value": outside_the_browser_loop(lambda: session_cookie(user)), "url": base}]
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(base + path)
    return page


def table_page(browser: Any, base: str, user: Any, game_id: int) -> Any:
    """The table's page, once its socket has delivered the first state."""
    page = open_page(browser, base, user, f"/tables/{game_id}/")
    page.wait_for_function("() => document.getElementById('table').dataset.version !== ''", timeout=WAIT_MS)
    return page


def shown_version(page: Any) -> int:
    return int(page.locator("#table").get_attribute("data-version") or 0)


def wait_for_version(page: Any, version: int) -> None:
    page.wait_for_function(
        f"() => Number(document.getElementById('table').dataset.version) >= {version}", timeout=WAIT_MS
    )


def seconds(page: Any, selector: str) -> int:
    match = re.search(r"\d+", page.locator(selector).inner_text())
    assert match, f"no number in {selector}"
    return int(match.group())


def play_the_turn(game_id: int) -> None:
    """Play for the seat to play as its player would: the first legal play."""
    play_first(game_of(game_id))


def turn_and_version(game_id: int) -> tuple[int, int]:
    game = Game.objects.get(pk=game_id)
    assert game.turn is not None
    return game.turn, game.version


def test_the_turn_is_counted_down_on_every_page(browser, live_site):
    """R52: a turn lasts at most 45 seconds; each page counts down the seconds left."""
    base = live_site()
    alice, bob = outside_the_browser_loop(lambda: users("alice", "bob"))
    game_id = outside_the_browser_loop(lambda: full_table("block", [alice, bob]))
    pages = [table_page(browser, base, user, game_id) for user in (alice, bob)]
    # Both seats are connected now: the next turn has the whole 45 seconds.
    outside_the_browser_loop(lambda: play_the_turn(game_id))
    turn, version = outside_the_browser_loop(lambda: turn_and_version(game_id))
    for page in pages:
        wait_for_version(page, version)
        clock = page.locator("#clock")
        assert clock.is_visible()
        assert clock.get_attribute("role") == "timer" and clock.get_attribute("aria-live") is None
        assert page.locator(f".seat-card[data-seat='{turn}'] .seat-clock").is_visible()
    first = [seconds(page, "#clock .clock-time") for page in pages]
    assert all(40 <= n <= 45 for n in first), first
    pages[0].wait_for_timeout(1500)
    later = [seconds(page, "#clock .clock-time") for page in pages]
    assert all(b < a for a, b in zip(first, later, strict=True)), (first, later)
    # The player to play sees it by the hand too; the other does not.
    assert pages[turn].locator("#hand-clock").is_visible()
    assert not pages[1 - turn].locator("#hand-clock").is_visible()
    assert re.fullmatch(r"\d+\s?s", pages[turn].locator("#hand-clock").inner_text())
    assert all(page.errors == [] for page in pages)


def test_a_player_who_leaves_on_their_turn_gets_the_short_clock(browser, live_site, settings):
    """R53: a seat whose player is not connected has only 5 seconds on its turn; the
    others' pages learn it from the presence message."""
    settings.PRESENCE_GRACE_SECONDS = 0  # the watchdog below counts the closed socket at once
    base = live_site()
    alice, bob = outside_the_browser_loop(lambda: users("alice", "bob"))
    game_id = outside_the_browser_loop(lambda: full_table("block", [alice, bob]))
    pages = [table_page(browser, base, user, game_id) for user in (alice, bob)]
    outside_the_browser_loop(lambda: play_the_turn(game_id))
    turn, version = outside_the_browser_loop(lambda: turn_and_version(game_id))
    other = pages[1 - turn]
    wait_for_version(other, version)
    assert seconds(other, "#clock .clock-time") > 30
    pages[turn].context.close()

    def gone() -> bool:  # the socket closed (in its grace, R53); the watchdog then counts it away
        closed = Connection.objects.filter(game_id=game_id, seat=turn, closed__isnull=False).exists()
        return closed and services.sweep() is not None

    while not outside_the_browser_loop(gone):
        other.wait_for_timeout(100)
    other.locator("#clock.away").wait_for(timeout=WAIT_MS)
    assert seconds(other, "#clock .clock-time") <= 5
    assert "déconnecté" in other.locator("#clock").inner_text()
    assert shown_version(other) == version  # presence raised no version
    assert other.errors == []


def test_a_play_by_the_table_is_marked_in_both_logs(browser, live_site):
    """R52: when the clock runs out the table plays for the seat, and says so."""
    base = live_site()
    alice, bob = outside_the_browser_loop(lambda: users("alice", "bob"))
    game_id = outside_the_browser_loop(lambda: full_table("block", [alice, bob]))
    pages = [table_page(browser, base, user, game_id) for user in (alice, bob)]
    turn, version = outside_the_browser_loop(lambda: turn_and_version(game_id))
    name = ["alice", "bob"][turn]

    def run_out() -> Any:
        Game.objects.filter(pk=game_id).update(deadline=timezone.now() - timedelta(seconds=1))
        return services.autoplay_if_due(game_id, version)

    change = outside_the_browser_loop(run_out)
    assert change is not None
    tile = next(e["tile"] for e in change.events if e["type"] == "play" and e.get("auto"))
    for page in pages:
        line = page.locator("#log li.auto")
        line.wait_for(timeout=WAIT_MS)
        text = line.inner_text()
        assert name in text and tile in text and "(joué par la table)" in text
        assert page.locator("#log li.auto").count() == 1
        assert page.errors == []
    auto = outside_the_browser_loop(
        lambda: list(Move.objects.filter(game_id=game_id, auto=True).values_list("tile", flat=True))
    )
    assert auto == [tile]
    record = outside_the_browser_loop(lambda: Game.objects.get(pk=game_id).record())
    autos = [action for action in record["rounds"][0]["actions"] if action.get("auto")]
    assert [(action["seat"], action["play"]) for action in autos] == [(turn, tile)]


def test_between_rounds_the_pause_is_counted_down(browser, live_site):
    """R54: the next round starts after a 30-second pause, or sooner if the host starts it."""
    base = live_site()
    alice, bob = outside_the_browser_loop(lambda: users("alice", "bob"))
    game_id = outside_the_browser_loop(lambda: full_table("block", [alice, bob]))
    host, guest = (table_page(browser, base, user, game_id) for user in (alice, bob))

    def play_the_round() -> int:
        for _ in range(60):
            game = Game.objects.get(pk=game_id)
            if game.status != Game.PLAYING:
                break
            play_the_turn(game_id)
        game = Game.objects.get(pk=game_id)
        assert game.status == Game.ROUND_OVER, game.status
        return game.version

    version = outside_the_browser_loop(play_the_round)
    for page in (host, guest):
        wait_for_version(page, version)
        clock = page.locator("#pause-clock")
        assert clock.is_visible()
        assert re.fullmatch(r"Manche suivante dans \d+\s?s", clock.inner_text())
        assert 25 <= seconds(page, "#pause-clock") <= 30
        assert not page.locator("#clock").is_visible()
    assert host.locator("#next-round").is_visible()
    assert "L’hôte peut la lancer plus tôt." in guest.locator("#round-over").inner_text()
    before = seconds(guest, "#pause-clock")
    guest.wait_for_timeout(1500)
    assert seconds(guest, "#pause-clock") < before
    assert host.errors == [] and guest.errors == []


def test_a_match_nobody_stayed_at_is_shown_abandoned(browser, live_site):
    """A match with no seat connected for 10 minutes is closed as abandoned: a spectator's
    page says so at once, and the table's page says so when it is opened again."""
    base = live_site()
    alice, bob, charlie = outside_the_browser_loop(lambda: users("alice", "bob", "charlie"))
    game_id = outside_the_browser_loop(lambda: full_table("block", [alice, bob]))
    watcher = table_page(browser, base, charlie, game_id)

    def desert() -> Any:
        since = timezone.now() - timedelta(seconds=settings.DESERTED_TIMEOUT_SECONDS + 60)
        Game.objects.filter(pk=game_id).update(deserted=since)
        return services.abandon_if_due(game_id)

    change = outside_the_browser_loop(desert)
    assert change is not None
    watcher.locator("#abandoned").wait_for(timeout=WAIT_MS)
    assert "abandonnée" in watcher.locator("#status").inner_text()
    assert "Partie abandonnée : la table est fermée." in watcher.locator("#log").inner_text().replace(
        "\u00a0", " "
    )
    assert not watcher.locator("#clock").is_visible()
    assert watcher.errors == []

    # A seat's page opened afterwards: the page as served says it, and offers nothing to do.
    page = open_page(browser, base, alice, f"/tables/{game_id}/")
    assert page.locator("#abandoned").is_visible()
    assert "abandonnée" in page.locator("#status").inner_text()
    assert page.locator("#join, #next-round, #hand [data-tile].playable").count() == 0
    page.wait_for_timeout(500)
    assert page.locator("#table").get_attribute("data-version") == ""  # no socket to a closed table
    assert page.errors == []


def test_an_open_table_nobody_joined_leaves_the_lobby_when_abandoned(browser, live_site):
    """An open table nobody joined for 30 minutes is closed as abandoned: the lobby drops it."""
    base = live_site()
    alice, bob = outside_the_browser_loop(lambda: users("alice", "bob"))
    game = outside_the_browser_loop(lambda: services.open_table(alice, "draw", 3, None, True))
    lobby = open_page(browser, base, bob, "/salon/")
    row = lobby.locator(f"[data-table='{game.pk}']")
    row.wait_for(timeout=WAIT_MS)

    def age() -> Any:
        long_ago = timezone.now() - timedelta(seconds=settings.OPEN_TABLE_TIMEOUT_SECONDS + 60)
        Game.objects.filter(pk=game.pk).update(created=long_ago)
        Seat.objects.filter(game_id=game.pk).update(joined=long_ago)
        return services.abandon_if_due(game.pk)

    assert outside_the_browser_loop(age) is not None
    row.wait_for(state="detached", timeout=WAIT_MS)
    assert lobby.errors == []
