""" "Revanche" keeps every option the host chose: each one, and a new one as soon as it exists."""

from __future__ import annotations

import inspect
from typing import Any

import pytest

from games import services
from games.forms import ALL_SEATS, ROBOT_SEATS, OpenTableForm
from games.models import Game
from games.services.tables import OPTIONS
from tests.games.conftest import SEED

pytestmark = pytest.mark.django_db

# For each option, tables where it is not what a table gets without it (the default of
# the model, or of ``open_table``): a rated public match, a rated private one, and so on.
CASES: dict[str, list[dict[str, Any]]] = {
    "variant": [{"variant": "block", "seats": 2, "target": 100, "public": True, "rated": True}],
    "seats": [{"variant": "draw", "seats": 3, "target": 100, "public": True, "rated": True}],
    "target": [{"variant": "draw", "seats": 2, "target": 50, "public": True, "rated": True}],
    "public": [{"variant": "draw", "seats": 2, "target": 100, "public": False, "rated": False}],
    "rated": [
        {"variant": "draw", "seats": 2, "target": 100, "public": True, "rated": True},
        {"variant": "draw", "seats": 2, "target": 100, "public": False, "rated": True},
        {"variant": "draw", "seats": 2, "target": 100, "public": True, "rated": False},
    ],
}


def test_the_options_are_what_the_host_chooses():
    """Every argument of ``open_table`` but the host, the seed and the robots (a return match
    seats them again: tests/games/test_robot_seats.py), every field of the form but the
    robots' level (the form's second button, "Jouer contre les robots", R58) and each
    seat's robot (``robots``, R58)."""
    arguments = list(inspect.signature(services.open_table).parameters)
    assert [name for name in arguments if name not in ("user", "seed", "robots")] == list(OPTIONS)
    assert set(OpenTableForm.base_fields) == {*OPTIONS, "level"}
    robots = {f"robot_{index}" for index in ROBOT_SEATS}  # each seat's robot but the host's
    assert set(OpenTableForm().fields) == {*OPTIONS, "level", *robots}
    assert list(ROBOT_SEATS) == list(range(1, max(ALL_SEATS)))


@pytest.mark.parametrize("option", OPTIONS)
def test_the_return_match_copies_each_option(players, option):
    for case in CASES[option]:
        seated = players[: case["seats"]]
        old = services.open_table(seated[0], seed=SEED, **case)
        for player in seated[1:]:
            services.join(old.pk, player, old.invitation)
        Game.objects.filter(pk=old.pk).update(status=Game.OVER)
        new = services.rematch(old.pk, seated[1])
        new.refresh_from_db()
        assert {name: getattr(new, name) for name in OPTIONS} == case, option
        assert getattr(new, option) == case[option]
        # Closed, so that the next case's tables may seat the same players (R56).
        Game.objects.filter(pk=new.pk).update(status=Game.CLOSED)
