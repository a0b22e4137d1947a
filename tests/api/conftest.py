"""Matches for the tests of the history API, played through the services."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from games import services
from games.models import Game
from games.rules import VARIANTS
from leaderboard.ratings import rate_match
from tests.games.conftest import SEED, full_table, game_of, play_first


def step(game: Game) -> None:
    """The seat to play plays: a player their first legal tile, a robot its choice."""
    if services.acts_for(game, game.turn) == services.ROBOT:
        # The robot's turn, its delay over (the worker's timer would do this).
        Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(seconds=1))
        assert services.autoplay_if_due(game.pk, game.version) is not None
    else:
        play_first(game)


def play_out(game_id: int, rounds: int | None = None) -> Game:
    """Play the match at ``game_id`` through the services: to its end, or until ``rounds``
    rounds are over and the next one is dealt (then a round is in play)."""
    done = 0
    while True:
        game = game_of(game_id)
        if game.status == Game.OVER:
            return game
        if game.status == Game.ROUND_OVER:
            done += 1
            if rounds is not None and done > rounds:
                return game
            services.next_round(game.pk, game.seat_set.get(index=0).player, game.version)
        elif game.status == Game.PLAYING:
            if rounds is not None and done >= rounds and game.rounds.count() > rounds:
                return game
            step(game)
        else:
            raise AssertionError(f"unexpected status {game.status}")


def match(
    variant: str, users: list[Any], *, public: bool = True, rounds: int | None = None, seed: str = SEED
) -> Game:
    """A match of ``variant`` between ``users`` at the variant's lowest target, dealt from ``seed``:
    played to its end, or with ``rounds`` rounds over and the next one in play."""
    game_id = full_table(variant, users, min(VARIANTS[variant].targets), public, seed=seed)
    game = play_out(game_id, rounds)
    rate_match(game.pk)  # what the worker's task does once a rated match is over
    return game


def attempt(user: Any, *, rounds: int | None = None, hours: float = 12, seed: str = "api day") -> Game:
    """A daily attempt of ``user`` against two robots (draw), its day ending in ``hours``:
    played to its end (five rounds), or with ``rounds`` rounds over and the next in play."""
    game = services.open_attempt(user, "draw", 3, seed, timezone.now() + timedelta(hours=hours))
    return play_out(game.pk, rounds)


def client_of(user: Any | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def games(players: list[Any]) -> dict[str, Game]:
    """alice, bob, charlie, dave: finished, private and in-progress matches.

    - ``public``: alice and bob, draw, over;
    - ``private``: alice and bob, a private table, over;
    - ``live``: bob and charlie, draw, a round over and the second one in play;
    - ``family``: alice, charlie, dave, family, over;
    - ``fresh``: dave and eve, all_fives, its first round in play.

    A player sits at one live table at a time (R56): ``live`` is opened before
    ``family`` (the ids keep that order) and charlie joins it once ``family`` is over.
    """
    alice, bob, charlie, dave, eve = players[:5]
    public = match("draw", [alice, bob], seed="api public")
    private = match("draw", [alice, bob], public=False, seed="api private")
    live = services.open_table(bob, "draw", 2, min(VARIANTS["draw"].targets), True, seed="api live")
    family = match("family", [alice, charlie, dave], seed="api family")
    services.join(live.pk, charlie)
    live = play_out(live.pk, 1)
    fresh = match("all_fives", [dave, eve], rounds=0, seed="api fresh")
    return {"public": public, "private": private, "live": live, "family": family, "fresh": fresh}
