"""What the pages and the messages show of a table: its read models (docs/protocol.md).

A command hands what it did (``Change``) to ``send_on_commit``; once it has
committed, each message that change calls for is built here from what the command
holds, without reading the database again: every seat's state and the
spectators' (each as much as it may know, R6), the table's presence, and the
lobby's row of the table. Each message is built once for its group and encoded
once; no secret enters the table's public group. The pages' own reads (a state on
connection, the lobby, the matches in play) read the table through the commands'
loader, without the lock (games.sql). How the messages travel is
games.transport's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone

from games import access, sql
from games.journal import journal
from games.models import Game
from games.rules import from_json, get_ruleset, view, view_events
from games.transport import LOBBY, encode, seat_group, send, table_group


@dataclass(frozen=True)
class Change:
    """What a command did, as its messages need it: the game as the command left it
    (this version's, with its seats and spectators), the engine's state and the events.

    ``states``: every seat and the spectators get the new version's state; ``lobby``:
    the lobby gets the table's row; ``presence``: the table gets who is connected now.
    """

    game: Game
    match: Any = None
    events: list[dict[str, Any]] = field(default_factory=list)
    states: bool = True
    lobby: bool = False
    presence: bool = False

    @property
    def game_id(self) -> int:
        return int(self.game.pk)

    @property
    def version(self) -> int:
        return int(self.game.version)


def send_on_commit(change: Change) -> None:
    """Send what ``change`` calls for once the command's transaction has committed."""
    transaction.on_commit(lambda: send_change(change))


def send_change(change: Change) -> None:
    """Build and send the messages of a committed change (see ``Change``)."""
    if change.states:
        states_changed(change)
    if change.presence:
        send((table_group(change.game_id), encode(presence_message(change.game))))
    if change.lobby:
        lobby_changed(change.game_id)


def read(game_id: int) -> Game:
    """The table as a page reads it: the commands' loader, without the lock."""
    game = sql.read_table(game_id, lock=False)
    if game is None:
        raise Game.DoesNotExist(f"no game {game_id}")
    return game


def table_info(game: Game) -> dict[str, Any]:
    """What everyone at the table may know of it besides the match: players, presence, rounds.

    Built from the table as read by the loader (its seats and spectators), with no
    query; the return match is looked for once the match is over.
    """
    assert game.seating is not None and game.spectators is not None, "a table read with its seats"
    seats = {s.index: s for s in game.seating}
    # A daily attempt's round seeds are the day's secret until the day is over (R63).
    secret = access.deals_secret(game)
    rematch, rematch_status = None, None
    if game.status == Game.OVER:
        found = Game.objects.filter(rematch_of=game).values_list("pk", "status").first()
        if found is not None:
            rematch, rematch_status = found
    return {
        "id": game.pk,
        "variant": game.variant,
        "seats": game.seats,
        "target": game.target,
        "public": game.public,
        "status": game.status,
        "players": [
            None
            if i not in seats
            else {"seat": i, "name": seats[i].name, "connected": seats[i].present, "robot": seats[i].robot}
            for i in range(game.seats)
        ],
        "daily": game.daily,
        "clock": clock(game),
        # How many watch the table (their sockets: a spectator with two tabs counts twice).
        "spectators": game.spectators,
        # The return match of this one, once a player has asked for it ("Revanche").
        "rematch": rematch,
        # Its status: once it has ended, the page links to it instead of offering to join it.
        "rematch_status": rematch_status,
        # R12: a round's commitment from its start, its seed once it is over.
        "rounds": [
            {
                "number": entry["number"],
                "commitment": entry["commitment"],
                "seed": None if secret else entry["seed"],
            }
            for entry in game.commitments
        ],
    }


def clock(game: Game) -> dict[str, Any] | None:
    """What the table waits for and how long it still waits (R52–R54), or None.

    The time left is counted on the server when the message is built; a page counts
    down from it on its own clock, so neither clock needs to agree with the other.
    """
    if game.deadline is None or game.status not in Game.LIVE:
        return None
    # R56: while no seat is connected the table waits, its clock stopped at what was left.
    stopped = game.deserted is not None
    left = max(0, round((game.deadline - (game.deserted or timezone.now())).total_seconds() * 1000))
    if game.status == Game.ROUND_OVER:
        out: dict[str, Any] = {"kind": "pause", "seat": None, "remaining_ms": left}
    else:
        out = {"kind": "turn", "seat": game.turn, "remaining_ms": left}
    if stopped:
        out["stopped"] = True
    return out


def snapshot(game: Game, events: list[dict[str, Any]], match: Any = None) -> dict[str, Any]:
    """What the messages of one version are built from: the game as its command left it."""
    return {
        "state": game.state,
        "match": match,
        "version": game.version,
        "table": table_info(game),
        "events": events,
        "shown": game.knowledge if game.knowledge and game.state else None,
    }


def state_message(snap: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """The full view of ``seat`` (None: a spectator), with the events that led to it."""
    match = snap.get("match")
    if match is None and snap["state"]:
        match = snap["match"] = from_json(snap["state"])
    seen = view(match, seat, shown=snap.get("shown")) if match else None
    return {
        "type": "state",
        "version": snap["version"],
        "events": view_events(snap["events"], seat),
        "table": snap["table"],
        "view": seen,
    }


def current_state(game_id: int, seat: int | None) -> dict[str, Any]:
    """The full view of ``seat`` now, with the match's journal as the seat may read it:
    sent on connection and on request (``sync``)."""
    game = read(game_id)
    message = state_message(snapshot(game, []), seat)
    message["journal"] = journal(game, seat)
    return message


def states_changed(change: Change) -> None:
    """Tell every seat and the spectators what changed, each as much as it may know.

    Each message is built and encoded once, for its group. The spectators' is not built
    when the command counted none under the game's lock: one who comes after the commit
    reads the state as it then is (``current_state``), this change included.
    """
    snap = snapshot(change.game, change.events, change.match)
    seats: list[int | None] = list(range(change.game.seats))
    if change.game.spectators != 0:
        seats.append(None)
    send(*((seat_group(change.game_id, seat), encode(state_message(snap, seat))) for seat in seats))


def presence_message(game: Game) -> dict[str, Any]:
    """Who is at the table, its clock and how many watch it (public news)."""
    info = table_info(game)
    return {
        "type": "presence",
        "version": game.version,
        "players": info["players"],
        "clock": info["clock"],
        "spectators": info["spectators"],
    }


def lobby_entry(game: Game) -> dict[str, Any]:
    seats = list(game.seat_set.all())  # in seat order (Seat.Meta)
    names = [seat.name for seat in seats]
    return {
        "id": game.pk,
        "variant": game.variant,
        "seats": game.seats,
        "taken": len(names),
        "target": game.target,
        # Train mexicain's match is a number of rounds (R71), every other a target of points.
        "rounds": get_ruleset(game.variant).target_is_rounds,
        "rated": game.rated,
        # R58: a robot sits at the table; it is then never rated.
        "robots": any(seat.robot for seat in seats),
        "host": game.host.username,
        "players": names,
        "status": game.status,
        "url": game.get_absolute_url(),
    }


def lobby_tables() -> list[dict[str, Any]]:
    """The open public tables, newest first."""
    games = (
        access.public_games()
        .filter(status=Game.OPEN, rematch_of__isnull=True)
        .select_related("host")
        .prefetch_related("seat_set__player")
        .order_by("-created", "-pk")
    )
    return [lobby_entry(game) for game in games[:200]]


def matches_in_play(limit: int = 100) -> list[dict[str, Any]]:
    """The public matches in play, to watch: most watched first, then newest."""
    games = (
        access.public_games()
        .filter(status__in=Game.LIVE, daily=False)
        .annotate(watching=Count("connections", filter=Q(connections__seat__isnull=True)))
        .prefetch_related("seat_set__player")
        .order_by("-watching", "-started", "-pk")[:limit]
    )
    return [
        {
            "id": game.pk,
            "variant": game.variant,
            "players": [seat.name for seat in game.seat_set.all()],  # a robot's too (R58)
            "spectators": game.watching,
            "url": game.get_absolute_url(),
        }
        for game in games
    ]


def lobby_changed(game_id: int) -> None:
    """Send the lobby the table's row as it now is (a fresh read: its host and names)."""
    game = Game.objects.select_related("host").filter(pk=game_id).first()
    if (
        game is None or not access.everyone_sees(game) or game.rematch_of_id is not None
    ):  # a return match is its players' own
        return
    send((LOBBY, encode({"type": "table", "table": lobby_entry(game)})))
