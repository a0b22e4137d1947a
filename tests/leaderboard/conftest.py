"""Helpers for the leaderboard's tests: finished matches for the rating tests, made as
the services leave them; daily challenge attempts played through the services."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from django.utils import timezone

from games import services
from games.models import Game, Seat
from games.rules import Action
from leaderboard.models import DailyAttempt, DailyChallenge, paris_today


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
    the result of each seat's side, as ``games.services.core.finish`` records them."""
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


# The seed of the tests' day: known deals, every time.
DAY_SEED = "the seed of the day"


def todays(variant: str = "draw", seats: int = 3, seed: str = DAY_SEED) -> DailyChallenge:
    """Today's challenge, with a known seed (what beat would have drawn, but known).

    A worker's watchdog (in the tests that run one) may have drawn the day already:
    its draw is replaced by this one."""
    challenge, _ = DailyChallenge.objects.update_or_create(
        date=paris_today(), defaults={"variant": variant, "seats": seats, "seed": seed}
    )
    return challenge


def first_legal(legal: list[Action]) -> Action:
    return legal[0]


def last_legal(legal: list[Action]) -> Action:
    return legal[-1]


def step(game: Game, choose: Callable[[list[Action]], Action] = first_legal) -> None:
    """One step of an attempt: the player plays ``choose``'s pick on their turn, a robot
    plays when its delay is over, the player deals the next round between rounds."""
    if game.status == Game.ROUND_OVER:
        services.next_round(game.pk, game.host, game.version)
        return
    assert game.status == Game.PLAYING
    if game.turn == 0:
        action = choose(list(game.match.round.legal))
        move = {k: v for k, v in action.to_dict(True).items() if k != "seat"}
        services.play(game.pk, game.host, move, game.version)
    else:  # the robot's delay is over
        Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(seconds=1))
        assert services.autoplay_if_due(game.pk, game.version) is not None


def play(
    attempt: DailyAttempt,
    choose: Callable[[list[Action]], Action] = first_legal,
    rounds: int | None = None,
    on_step: Callable[[], Any] | None = None,
) -> Game:
    """Play the attempt to its end (or until ``rounds`` rounds are over)."""
    while True:
        game = Game.objects.get(pk=attempt.game_id)
        if game.status == Game.OVER:
            return game
        if rounds is not None and game.status == Game.ROUND_OVER and game.rounds.count() >= rounds:
            return game
        step(game, choose)
        if on_step is not None:
            on_step()
