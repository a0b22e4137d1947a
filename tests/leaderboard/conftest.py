"""Finished matches for the rating tests, made as the services leave them."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils import timezone

from games import services
from games.models import Game, Seat


def finished(
    variant: str,
    players: list[Any],
    scores: list[int],
    won: list[bool],
    *,
    rated: bool = True,
    status: str = Game.OVER,
    public: bool = True,
    at: datetime | None = None,
) -> Game:
    """A match of ``variant`` over, its seats in the order of ``players``, with the score and
    the result of each seat's side, as ``services._finish`` records them."""
    game = Game.objects.create(
        host=players[0],
        variant=variant,
        seats=len(players),
        public=public,
        rated=rated,
        status=status,
        finished=at or timezone.now(),
    )
    for index, (player, score, win) in enumerate(zip(players, scores, won, strict=True)):
        Seat.objects.create(game=game, index=index, player=player, score=score, won=win)
    return game


def play_out(game_id: int) -> Game:
    """Play a started match to its end through the services: the first legal tile at every
    turn, the host dealing the next round at once."""
    from tests.games.conftest import game_of, play_first

    while (game := game_of(game_id)).status != Game.OVER:
        if game.status == Game.PLAYING:
            play_first(game)
        elif game.status == Game.ROUND_OVER:
            services.next_round(game_id, game.seat_set.get(index=0).player, game.version)
        else:
            raise AssertionError(f"the match is {game.status}")
    return game


def start(variant: str, players: list[Any], target: int | None = None, **options: Any) -> int:
    """A table of ``variant`` opened by the first player, every seat taken: the match starts."""
    game = services.open_table(players[0], variant, len(players), target, **{"public": True, **options})
    for user in players[1:]:
        services.join(game.pk, user, game.invitation)
    return game.pk
