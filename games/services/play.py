"""A seat's commands during the match: a play, and the host's next round (R54)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from games.models import Game
from games.rules import RuleError, apply, family, parse_action

from .core import (
    Change,
    ServiceError,
    acting_seat,
    bump,
    check_not_ended,
    check_version,
    deal_next,
    load_table,
    record,
)


def play(game_id: int, user: AbstractBaseUser, move: dict[str, Any], version: object) -> Change:
    """A seat's play: ``move`` is ``{"play", ...}`` with where it goes (``"end"``, ``"open"``,
    ``"train"``, ``"at"``, ``"turn"``: docs/protocol.md), read by the game (``parse_action``)."""
    with transaction.atomic():
        game = load_table(game_id)
        seat = acting_seat(game, user)  # its seats' sanctions come with the locked read
        if game.status == Game.OPEN:
            raise ServiceError("not_started")
        check_not_ended(game)
        check_version(game, version)
        before = game.match
        try:
            action = parse_action(game.variant, {"seat": seat, **move})
            match, events = apply(before, action)
        except RuleError as e:
            raise ServiceError(e.code, e.message, family(game.variant).PIECES) from None
        record(game, before, match, events)
        return bump(game, events, match=match)


def next_round(game_id: int, user: AbstractBaseUser, version: object) -> Change:
    """Deal the next round once the last one is over (R54): the host's button."""
    with transaction.atomic():
        game = load_table(game_id)
        seat = acting_seat(game, user)
        if seat != 0:
            raise ServiceError("not_host")
        check_not_ended(game)
        check_version(game, version)
        if game.status != Game.ROUND_OVER:
            raise ServiceError("not_between_rounds")
        game.status = Game.PLAYING
        match, events = deal_next(game, game.match)
        return bump(game, events, match=match)
