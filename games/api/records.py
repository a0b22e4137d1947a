"""What the API says of a match, built from its rows (shared by the views and the export).

The record (docs/record.md) holds the rounds that are over only, each with its
seed, hands, stock and every action, forced ones and ``auto`` marks included: it
replays through ``games.rules.replay`` to the results stated beside it.
A round still in play is described by what a spectator sees of it
(``games.rules.view`` for seat None, R6): no hand, no stock, no seed, no drawn tile.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from django.urls import reverse
from django.utils import timezone

from games import access
from games.models import Game
from games.rules import action_record, from_json, get_ruleset, match_record, replay, view

# The statuses the API speaks of: between two rounds, a match is still being played.
STATUS = {
    Game.PLAYING: "playing",
    Game.ROUND_OVER: "playing",
    Game.OVER: "over",
    Game.ABANDONED: "abandoned",
}
# What each API status stands for among the games' statuses.
STATUSES = {"playing": list(Game.LIVE), "over": [Game.OVER], "abandoned": [Game.ABANDONED]}

# Columns read for one match, its seats, its rounds and its moves (values_list order).
GAME_COLUMNS = (
    "pk",
    "variant",
    "seats",
    "target",
    "public",
    "rated",
    "daily",
    "playable_until",
    "status",
    "winner",
    "created",
    "started",
    "finished",
    "voided",
)
COLUMN = {name: index for index, name in enumerate(GAME_COLUMNS)}
SEAT_COLUMNS = ("game_id", "index", "player_id", "player__username", "robot", "score", "won", "level")
ROUND_COLUMNS = ("game_id", "pk", "number", "seed", "commitment", "hands", "stock", "started", "finished")
MOVE_COLUMNS = ("round_id", "seat", "kind", "tile", "end", "open", "auto", "place")
CHANGE_COLUMNS = ("game_id", "player_id", "ordinal_before", "ordinal_after", "provisional_before")


@functools.cache
def _matches_url() -> str:
    return reverse("api:matches")


def match_url(game_id: int) -> str:
    """/api/matches/<id>/ (the same as reverse("api:match-detail"), without its cost per match)."""
    return f"{_matches_url()}{game_id}/"


def secret_deals(game: Sequence[Any], now: datetime | None = None) -> bool:
    """Whether the deals of a match, a GAME_COLUMNS row, are still secret, even those of rounds
    that are over (games.access.daily_secret: a daily attempt's, until its day is over)."""
    return access.daily_secret(game[COLUMN["daily"]], game[COLUMN["playable_until"]], now)


def rating(change: Sequence[Any] | None) -> dict[str, Any] | None:
    """A player's rating before the match and what the match changed, as shown (RatingChange)."""
    if change is None:
        return None
    before, after = round(change[2]), round(change[3])
    return {"before": before, "change": after - before, "provisional": change[4]}


def counts(status: str, voided: datetime | None) -> bool:
    """Whether a match's result counts: it is over, and not voided (by a moderator, or
    because a seat was sanctioned while it was live, R57: it then counts for nobody, as
    an abandoned one, though its record stands)."""
    return status == Game.OVER and voided is None


def players(
    variant: str, seats: Iterable[Sequence[Any]], changes: Iterable[Sequence[Any]] = (), counted: bool = True
) -> list[dict[str, Any]]:
    """The players by seat, from SEAT_COLUMNS rows: name (or robot), side, final score, won
    (None when the match counts for nobody, ``counted`` false), and the rating change
    the match made (CHANGE_COLUMNS rows), once it is rated."""
    rules = get_ruleset(variant)
    by_player = {row[1]: row for row in changes}
    return [
        {
            "seat": index,
            "username": name,
            "robot": robot or None,
            "level": level or None,
            "side": rules.side_of(index),
            "score": score,
            "won": won if counted else None,
            "rating": rating(by_player.get(player_id)) if player_id else None,
        }
        for _game, index, player_id, name, robot, score, won, level in sorted(seats, key=lambda row: row[1])
    ]


def summary(
    game: Sequence[Any], seats: Iterable[Sequence[Any]], changes: Iterable[Sequence[Any]] = ()
) -> dict[str, Any]:
    """A match as lists show it, from a GAME_COLUMNS row, its SEAT_COLUMNS and CHANGE_COLUMNS rows."""
    pk, variant, nseats, target, public, rated, daily, _until, status, winner = game[:10]
    created, started, finished, voided = game[10:14]
    counted = counts(status, voided)
    seats = list(seats)
    return {
        "id": pk,
        "url": match_url(pk),
        "variant": variant,
        "seats": nseats,
        "target": target,
        "public": public,
        "rated": rated,
        "daily": daily,
        # R58: a robot sits at the table (never rated), or it is a daily attempt.
        "robots": any(row[4] for row in seats),
        "status": STATUS.get(status, status),
        "created": local(created),
        "started": local(started),
        "finished": local(finished),
        "winner": winner if counted else None,
        "players": players(variant, seats, changes, counted),
    }


def record(
    game: Sequence[Any],
    rounds: Iterable[Sequence[Any]],
    moves: Iterable[Sequence[Any]],
    *,
    secret: bool = False,
) -> dict[str, Any]:
    """The game record of the match's rounds that are over (ROUND_COLUMNS, MOVE_COLUMNS rows,
    moves in the order played); none while ``secret`` (``secret_deals``)."""
    _pk, variant, nseats, target = game[:4]
    over = [] if secret else [r for r in sorted(rounds, key=lambda r: r[2]) if r[8] is not None]
    return match_record(
        variant,
        nseats,
        target,
        ((round_id, seed, hands, stock) for _g, round_id, _n, seed, _c, hands, stock, _s, _f in over),
        (
            (round_id, action_record(seat, kind, tile, end, open_, auto, place))
            for round_id, seat, kind, tile, end, open_, auto, place in moves
        ),
    )


def detail(
    game: Game,
    seats: Iterable[Sequence[Any]],
    rounds: Sequence[Sequence[Any]],
    moves: Iterable[Sequence[Any]],
    changes: Iterable[Sequence[Any]] = (),
) -> dict[str, Any]:
    """A match as its own page of the API shows it: the summary, every round (with its
    result and seed once it is over), the record, and the round in play as a spectator sees it.

    A daily attempt's deals and seeds stay out until its day is over (R63); the results
    of its rounds that are over, which its player saw, are given."""
    row = [getattr(game, column) for column in GAME_COLUMNS]
    out = summary(row, seats, changes)
    secret = secret_deals(row)
    rec = record(row, rounds, moves)
    results = replay(rec)["rounds"] if rec["rounds"] else []
    out["rounds"] = []
    for (_g, _pk, number, seed, commitment, _h, _s, started, finished), result in zip(
        sorted(rounds, key=lambda r: r[2]), [*results, *([None] * len(rounds))], strict=False
    ):
        over = finished is not None
        out["rounds"].append(
            {
                "number": number,
                "commitment": commitment,
                # R12: a round's seed is shown once it is over, never before.
                "seed": seed if over and not secret else None,
                "started": started,
                "finished": finished,
                "result": result["result"] if over else None,
                "winner": result["winner"] if over else None,
                "points": result["points"] if over else None,
                "pips_left": result["pips_left"] if over else None,
            }
        )
    public = view(from_json(game.state), None) if game.state else None
    out["scores"] = public["scores"] if public else None
    current = public["round"] if public else None
    out["current_round"] = current if current is not None and current["result"] is None else None
    out["record"] = {**rec, "rounds": []} if secret else rec
    return out


def local(value: datetime | None) -> datetime | None:
    """A moment in the site's time zone (Paris), as the serializers write it."""
    return None if value is None else timezone.localtime(value)
