"""The table page at eight seats with the double-twelve set, on a phone (390×844).

The live table page of a real table is drawn again, in the browser, from the state of an
eight-seat double-twelve match as the protocol sends it (docs/protocol.md): a line game
with the public panel's thirteen numbers, and Train mexicain's trains with its own (R78). The measure is the
layout check's own (test_layout_pages.MEASURE): nothing sticks out sideways, no text is
squeezed, no domino is too large; the places, the hand and every train are drawn.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from tests.conftest import PASSWORD, needs_chromium, outside_the_browser_loop
from tests.games.conftest import full_table, session_cookie
from tests.site.test_layout_pages import LONG_NAME, MEASURE, PHONE
from tests.site.test_table_clock import WAIT_MS

pytestmark = [pytest.mark.django_db(transaction=True), needs_chromium]

SEATS = 8
NAMES = ["alice", LONG_NAME, "charlie", "dave", "erin", "frank", "gina", "hugo"]
HAND = ["0-12", "5-12", "11-12", "12-12", "7-9", "8-10", "9-11", "10-10", "3-7", "6-8", "1-11", "2-9"]


def table_state(variant: str) -> dict[str, Any]:
    return {
        "id": 1,
        "variant": variant,
        "seats": SEATS,
        "target": 100,
        "public": True,
        "status": "playing",
        "players": [
            {"seat": s, "name": name, "connected": s != 3, "robot": False} for s, name in enumerate(NAMES)
        ],
        "daily": False,
        "clock": {"kind": "turn", "seat": 0, "remaining_ms": 45000},
        "spectators": 2,
        "rematch": None,
        "rematch_status": None,
        "rounds": [{"number": 1, "commitment": "ab" * 32, "seed": None}],
    }


def line_view() -> dict[str, Any]:
    """Seat 0's view of an eight-seat `family` game on the double-twelve set (R76)."""
    right = [[12, 11], [11, 11], [11, 7], [7, 10], [10, 12], [12, 9], [9, 9], [9, 4]]
    left = [[12, 8], [8, 8], [8, 3], [3, 12], [12, 6], [6, 10], [10, 9]]
    return {
        "seat": 0,
        "side": 0,
        "status": "playing",
        "hand": HAND[:8],
        "legal": [{"seat": 0, "play": "5-12", "end": "left", "open": 5}],
        "scores": [0, 12, 40, 7, 0, 3, 88, 21],
        "target": 100,
        "winner": None,
        "round": {
            "number": 1,
            "turn": 0,
            "line": {
                "center": "12-12",
                "left": left,
                "right": right,
                "up": [],
                "down": [],
                "spinner": "",
                "spinner_at": 0,
                "ends": {"left": 9, "right": 4},
            },
            "ends_alike": False,
            "hand_sizes": [8, 5, 7, 8, 6, 8, 3, 8],
            "draws": [0, 1, 0, 2, 0, 0, 1, 0],
            "passes": [[], [3, 9], [], [12], [], [], [4, 9, 11], []],
            "stock_size": 13,
            "count": None,
            "count_parts": None,
            "points": [0] * SEATS,
            "public": [
                {
                    "number": n,
                    "on_line": 2,
                    "in_hand": 1,
                    "unseen": 10,
                    "none": [1, 3, 6] if n in (3, 9, 12) else [],
                }
                for n in range(13)
            ],
        },
    }


def trains_view() -> dict[str, Any]:
    """Seat 0's view of an eight-seat Train mexicain round (R71-R74), seat 0 to play."""
    long = [[12, 5], [5, 5], [5, 9], [9, 0], [0, 0], [0, 7], [7, 11], [11, 11], [11, 3], [3, 8], [8, 1]]

    def train(key: Any, tiles: list[list[int]], marker: bool = False) -> dict[str, Any]:
        return {
            "train": key,
            "owner": None if key == "mexican" else key,
            "tiles": tiles,
            "end": tiles[-1][1] if tiles else 12,
            "marker": marker,
        }

    return {
        "seat": 0,
        "side": 0,
        "status": "playing",
        "hand": HAND[:10],
        "legal": [
            {"seat": 0, "play": "0-12", "train": 0},
            {"seat": 0, "play": "0-12", "train": "mexican"},
            {"seat": 0, "play": "5-12", "train": 0},
        ],
        "scores": [0, 31, 12, 0, 5, 0, 44, 9],
        "target": 13,
        "winner": None,
        "round": {
            "number": 1,
            "opener": 0,
            "turn": 0,
            "engine": "12-12",
            "trains": [
                train(0, []),
                train(1, long, True),
                train(2, [[12, 7], [7, 7]]),
                train(3, [[12, 4]], True),
                train(4, []),
                train(5, [[12, 6], [6, 2], [2, 10]]),
                train(6, []),
                train(7, [[12, 1]]),
                train("mexican", [[12, 9], [9, 3]]),
            ],
            "markers": [False, True, False, True, False, False, False, False],
            "double": None,
            "open_trains": [0, "mexican", 1, 3],
            "hand_sizes": [10, 0, 8, 9, 10, 7, 10, 9],
            "stock_size": 11,
            "drawn": 0,
            "draws": [0, 2, 0, 1, 0, 0, 0, 0],
            "passes": [0, 3, 0, 1, 0, 0, 0, 0],
            "points": [0] * SEATS,
            "result": None,
            "winner": None,
            "hands": None,
            "pips_left": None,
            # R78: thirteen numbers; a number seven seats showed they lack names them all.
            "public": [
                {
                    "number": n,
                    "on_line": 3,
                    "in_hand": 1,
                    "unseen": 9,
                    "none": [1, 2, 3, 4, 5, 6, 7] if n == 4 else [1, 3] if n in (2, 8, 10) else [],
                }
                for n in range(13)
            ],
        },
    }


# Draw the page again from a state, as apply.mjs does with what the socket sends.
DRAW = """async ([table, view]) => {
  const { state } = await import("/static/js/table/state.mjs");
  const { render } = await import("/static/js/table/apply.mjs");
  Object.assign(state, { table, view, version: 1000 });
  render();
}"""


@pytest.mark.parametrize(("variant", "view"), [("chinois", line_view()), ("mexican", trains_view())])
def test_eight_seats_of_the_double_twelve_set_fit_a_phone(browser, live_site, variant, view):
    base = live_site()

    def make() -> tuple[int, str]:
        User = get_user_model()
        alice, bob = (User.objects.create_user(n, f"{n}@example.org", PASSWORD) for n in ("alice", "bob"))
        return full_table("draw", [alice, bob]), session_cookie(alice)

    game, cookie = outside_the_browser_loop(make)
    context = browser.new_context(locale="fr-FR", viewport=PHONE)
    context.add_cookies([{"name": "sessionid", "value": cookie, "url": base}])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base}/tables/{game}/")
    page.locator("#table[data-version]:not([data-version=''])").wait_for(timeout=WAIT_MS)
    page.evaluate(DRAW, [table_state(variant), json.loads(json.dumps(view))])

    assert page.locator("#players .seat-card").count() == SEATS
    assert page.locator("#hand .hand-tile").count() == len(view["hand"])
    if variant == "mexican":
        assert page.locator("#board section.train").count() == SEATS + 1
        assert page.locator("#board .hub").count() == 1
        assert page.locator("#scores .target").first.inner_text() == "Partie en 13 manches"
        assert page.locator("#public-info thead").inner_text().split("\t")[1] == "Sur la table"  # R78
    assert page.locator("#public-info tbody tr").count() == 13
    assert "13 dominos" in page.locator("#public-info caption").inner_text()  # R70
    problems = page.evaluate(MEASURE)
    assert not problems, "\n".join(problems)
    assert errors == []
    context.close()
