"""Playing at the table page, in a real browser: Playwright drives Debian's Chromium
against Daphne.

The deals come from a known seed (``Game.seed``), so each test knows the hands it
plays: seed ``two ends 1`` at ``draw``, played on by the table's own choice
(``play_first``), gives the seat to play a tile that fits both ends after 11 plays
(12 tiles on the line), four tiles drawn on the way.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from games.models import Game, Move
from games.rules import view
from tests.conftest import needs_chromium, outside_the_browser_loop
from tests.games.conftest import full_table, game_of, play_first
from tests.site.test_table_clock import WAIT_MS, open_page, shown_version, users, wait_for_version

pytestmark = [pytest.mark.django_db(transaction=True), needs_chromium]

SEED = "two ends 1"


def two_ends_tile(game: Game) -> tuple[int, str, list[str]] | None:
    """The seat to play, a tile of its hand that fits two ends and those ends, if there is one."""
    seat = game.state["round"]["turn"]
    seen = view(game.match, seat)
    if seen["round"]["ends_alike"]:
        return None
    ends: dict[str, list[str]] = {}
    for entry in seen["legal"]:
        ends.setdefault(entry["play"], []).append(entry["end"])
    return next(((seat, tile, e) for tile, e in ends.items() if len(set(e)) > 1), None)


def table_at_a_choice(plays: int) -> tuple[int, int, str, list[str]]:
    """A draw table of alice and bob dealt from SEED, ``plays`` plays on: (game, seat, tile, ends)."""
    alice, bob = users("alice", "bob")
    game_id = full_table("draw", [alice, bob], seed=SEED)
    for _ in range(plays):
        play_first(game_of(game_id))
    found = two_ends_tile(game_of(game_id))
    assert found is not None, "SEED no longer gives a tile fitting two ends here"
    seat, tile, ends = found
    return game_id, seat, tile, ends


def player(game_id: int, seat: int) -> Any:
    return Game.objects.get(pk=game_id).seat_set.get(index=seat).player


def record_plays(page: Any) -> list[str]:
    """Every ``play`` message the page sends over its websockets, as sent."""
    sent: list[str] = []

    def watch(ws: Any) -> None:
        ws.on("framesent", lambda payload: sent.append(payload) if '"play"' in str(payload) else None)

    page.on("websocket", watch)
    return sent


def last_move(game_id: int) -> tuple[str, str, int]:
    move = Move.objects.filter(game_id=game_id).order_by("-seq").first()
    assert move is not None
    return move.tile, move.end, Move.objects.filter(game_id=game_id).count()


def test_a_double_click_on_a_tile_that_fits_both_ends_plays_nothing(browser, live_site):
    """R4: a tile that fits both ends goes where the player chooses. A double-click opens
    the choice and chooses nothing; the hand does not move under the pointer; the end
    the player then points at is where the tile goes."""
    base = live_site()
    game_id, seat, tile, ends = outside_the_browser_loop(lambda: table_at_a_choice(11))
    user = outside_the_browser_loop(lambda: player(game_id, seat))
    context = browser.new_context(locale="fr-FR", viewport={"width": 1200, "height": 900})
    page = table_page_in(context, base, user, game_id)
    sent = record_plays(page)
    page.reload()
    page.wait_for_function("() => document.getElementById('table').dataset.version !== ''", timeout=WAIT_MS)
    version = shown_version(page)
    # Its turn: the tab's title says so (and a sound, unless muted: the switch is kept).
    assert (
        page.title().startswith("À vous") and page.locator("#table").get_attribute("data-my-turn") == "true"
    )
    assert page.locator("#mute").get_attribute("aria-pressed") == "false"
    page.locator("#mute").click()
    assert page.locator("#mute").get_attribute("aria-pressed") == "true"
    moves_before = outside_the_browser_loop(lambda: last_move(game_id))[2]
    button = page.locator(f".hand-tile[data-tile='{tile}']")
    box = button.bounding_box()
    button.dblclick()
    page.locator("#choice").wait_for(state="visible", timeout=WAIT_MS)
    assert button.bounding_box() == box, "the hand moved under the pointer"
    # What lies under the pointer now is still the tile, not an end button.
    under = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y).closest('.hand-tile')?.dataset.tile ?? null",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    assert under == tile
    # A click landing on an end the very moment it appears chooses nothing either.
    page.evaluate(
        """() => {
          const tile = document.querySelector('#choice button[data-end]');
          tile.click();
        }"""
    )
    chosen = ends[-1]
    mark = page.locator(f".end-mark.choosable[data-end='{chosen}']")
    assert mark.count() == 1
    page.locator("#choice[data-ready]").wait_for(timeout=WAIT_MS)  # what follows is deliberate
    assert sent == [] and shown_version(page) == version
    assert outside_the_browser_loop(lambda: last_move(game_id))[2] == moves_before
    mark.click()
    wait_for_version(page, version + 1)
    assert not page.title().startswith("À vous")  # no longer its turn
    # The tile just laid comes from the player's side (an animation on the line).
    assert page.locator("#board .arriving").count() == 1
    played, end, _count = outside_the_browser_loop(lambda: last_move(game_id))
    assert len(sent) == 1 and f'"end":"{chosen}"' in sent[0]
    first = outside_the_browser_loop(
        lambda: Move.objects.filter(game_id=game_id).order_by("seq")[moves_before]
    )
    assert (first.tile, first.end, first.seat) == (tile, chosen, seat)
    assert page.errors == []


def table_page_in(context: Any, base: str, user: Any, game_id: int) -> Any:
    from tests.games.conftest import session_cookie

    context.add_cookies(
        [{"name": "sessionid", "value": outside_the_browser_loop(lambda: session_cookie(user)), "url": base}]
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(f"{base}/tables/{game_id}/")
    page.wait_for_function("() => document.getElementById('table').dataset.version !== ''", timeout=WAIT_MS)
    return page


def test_on_a_phone_the_open_ends_stay_in_view_while_choosing(browser, live_site):
    """On a 390 × 844 screen, with twelve tiles on the line, every open end the tile may
    go on is on the screen, not covered, and can be pointed at."""
    base = live_site()
    game_id, seat, tile, ends = outside_the_browser_loop(lambda: table_at_a_choice(11))
    user = outside_the_browser_loop(lambda: player(game_id, seat))
    context = browser.new_context(locale="fr-FR", viewport={"width": 390, "height": 844}, has_touch=True)
    page = table_page_in(context, base, user, game_id)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide"
    page.locator(f".hand-tile[data-tile='{tile}']").click()
    page.locator("#choice").wait_for(state="visible", timeout=WAIT_MS)
    for end in set(ends):
        mark = page.locator(f".end-mark.choosable[data-end='{end}']")
        box = mark.bounding_box()
        assert box is not None
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        assert 0 <= x <= 390 and 0 <= y <= 844, (end, box)
        hit = page.evaluate(
            "([x, y]) => document.elementFromPoint(x, y)?.closest('.end-mark')?.dataset.end ?? null", [x, y]
        )
        assert hit == end, f"the {end} end is covered"
        assert box["width"] >= 16, "the end is too small to point at"
    assert page.errors == []


def test_the_journal_is_rebuilt_on_every_connection(browser, live_site):
    """After a reload, for a spectator arriving mid-round and for the player whose arrival
    started the match, the journal shows the whole round; another seat's drawn tiles are
    never shown (R6)."""
    base = live_site()
    alice, bob, carol = outside_the_browser_loop(lambda: users("alice", "bob", "carol"))
    game_id = outside_the_browser_loop(lambda: full_table("draw", [alice, bob], seed=SEED))

    def play_on(n: int) -> None:
        for _ in range(n):
            play_first(game_of(game_id))

    outside_the_browser_loop(lambda: play_on(11))
    moves = outside_the_browser_loop(
        lambda: list(Move.objects.filter(game_id=game_id).values_list("seat", "kind", "tile"))
    )
    plays = [tile for _seat, kind, tile in moves if kind == "play"]
    draws = {seat: [tile for s, kind, tile in moves if kind == "draw" and s == seat] for seat in (0, 1)}
    assert plays and (draws[0] or draws[1]), "SEED no longer draws in the first eleven plays"
    for user, seat in ((alice, 0), (bob, 1), (carol, None)):
        page = open_page(browser, base, user, f"/tables/{game_id}/")
        page.wait_for_function(
            "() => document.getElementById('table').dataset.version !== ''", timeout=WAIT_MS
        )
        for _reload in range(2):
            text = page.locator("#log").inner_text()
            for tile in plays:
                assert f"pose {tile}" in text, (seat, tile)
            assert "s’assoit" in text and "Manche 1" in text
            lines = page.locator("#log li").all_inner_texts()
            for other, name in ((0, "alice"), (1, "bob")):
                drew = [line for line in lines if line.startswith(f"{name} pioche")]
                assert len(drew) == len([run for run in drew]) and (not draws[other] or drew)
                for line in drew:
                    # R6: the tiles drawn are named to the seat that drew them only.
                    assert bool(re.search(r"\d-\d", line)) == (other == seat), (seat, line)
            page.reload()
            page.wait_for_function(
                "() => document.getElementById('table').dataset.version !== ''", timeout=WAIT_MS
            )
        assert page.errors == []
        page.context.close()
