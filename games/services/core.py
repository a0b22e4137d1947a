"""The path every command takes: lock, check, apply, record, bump (docs/architecture.md §3).

A command reads its game once: ``load_table`` locks the game row and reads it
with its seats (their players' names and whether each is connected) and its
spectators in one query. What ``record`` needs besides (the round under way, the
last move's number, what the round has shown so far) is kept on the game row, so
that a play is that read, one write of its moves and of the game (on PostgreSQL
one statement, games.sql.save_game) and the commit. The messages are built
after the commit, from what the command holds (``Change``), without reading the
database again.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
from dataclasses import replace
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games import signals, sql
from games.models import Game, Move, Round, SeatInfo
from games.readmodels import Change, send_on_commit
from games.rules import (
    OVER,
    PLAYING,
    ROUND_OVER,
    Match,
    commitment,
    deal_round,
    event_action,
    from_json,
    get_ruleset,
    knowledge_advance,
    knowledge_fresh,
    round_seed,
    to_json,
    view,
    written_deal,
)
from leaderboard import ratings

log = logging.getLogger(__name__)

# What a player is told, in French first, for each refusal. The engine's own codes
# (RuleError) are named here too, so that no English text reaches a page.
MESSAGES = {
    "not_found": _("Cette table n’existe pas."),
    "closed": _("Cette table est fermée."),
    "abandoned": _("Cette partie a été abandonnée."),
    "full": _("Toutes les places de cette table sont prises."),
    "already_seated": _("Vous êtes déjà assis à cette table."),
    "not_seated": _("Vous n’êtes pas assis à cette table."),
    "sanctioned": _("Votre compte est suspendu ou banni : vous ne pouvez plus jouer."),
    "started": _("La partie a déjà commencé."),
    "not_started": _("La partie n’a pas encore commencé."),
    "not_host": _("Seul l’hôte de la table peut faire cela."),
    "not_between_rounds": _("La manche n’est pas terminée."),
    "stale_version": _("Votre vue de la table n’était plus à jour : la voici à nouveau."),
    "bad_variant": _("Cette variante n’existe pas."),
    "bad_seats": _("Ce nombre de places n’est pas permis pour cette variante."),
    "bad_target": _("Cet objectif n’est pas permis pour cette variante."),
    "not_your_turn": _("Ce n’est pas votre tour."),
    "tile_not_in_hand": _("Ce domino n’est pas dans votre main."),
    "does_not_fit": _("Ce domino ne convient à aucun bout."),
    "bad_end": _("Ce domino ne convient pas à ce bout."),
    "end_required": _("Ce domino convient à plusieurs bouts : dites lequel."),
    "open_required": _("Dites quel chiffre reste ouvert."),
    "bad_open": _("Ce chiffre ne peut pas rester ouvert."),
    "must_play": _("Ce coup n’est pas permis."),
    "cannot_draw": _("Ce coup n’est pas permis."),
    "bad_tile": _("Ce domino n’existe pas."),
    "bad_action": _("Ce coup est mal formé."),
    "fits_nowhere": _("Cette tuile ne se pose nulle part sur le plateau."),
    "cell_taken": _("Cette case porte déjà une tuile."),
    "not_touching": _("Une tuile se pose contre un côté d’une tuile déjà posée."),
    "corner_mismatch": _(
        "Posée ainsi, la tuile ne montre pas le même chiffre que ses voisines à chaque coin."
    ),
    "placement_needed": _("Cette tuile se pose de plusieurs façons : dites où et dans quel sens."),
    "bad_at": _("Cette case n’existe pas."),
    "bad_turn": _("Ce sens de pose n’existe pas."),
    "match_over": _("La partie est terminée."),
    "no_round": _("Aucune manche n’est en cours."),
    "day_over": _("Le jour de ce défi est passé : la tentative ne peut plus être jouée."),
    "not_over": _("La partie n’est pas terminée."),
    "bad_level": _("Ce niveau de robot n’existe pas."),
    "bad_seat": _("Cette place n’existe pas à cette table."),
    "seat_taken": _("Cette place est déjà prise."),
    "not_a_robot": _("Aucun robot n’est assis à cette place."),
    "robots_unrated": _("Une partie contre des robots n’est jamais classée."),
    "busy": _(
        "Vous êtes déjà assis à une autre table : finissez-y la partie, ou quittez-la avant qu’elle commence."
    ),
}


# Where a game's pieces are not dominoes (Triominos: "tuiles", R80), the messages that
# name them, by what the game's family calls its pieces (its ``PIECES``, games.rules.families).
PIECE_MESSAGES = {
    "tiles": {
        "tile_not_in_hand": _("Cette tuile n’est pas dans votre main."),
        "bad_tile": _("Cette tuile n’existe pas."),
    },
}


class ServiceError(Exception):
    """A refused command. Nothing was changed; ``code`` names the problem for programs.
    ``pieces``: what the pieces of the game the command was for are called, where the
    words differ."""

    def __init__(self, code: str, detail: str = "", pieces: str = "") -> None:
        self.code = code
        self.detail = detail
        self.pieces = pieces
        super().__init__(f"{code}: {detail}" if detail else code)

    @property
    def message(self) -> str:
        text = PIECE_MESSAGES.get(self.pieces, {}).get(self.code) or MESSAGES.get(self.code)
        return str(text or self.detail or self.code)


class Busy(ServiceError):
    """R56: the player already sits at a live table, ``game`` (a link back to it is due)."""

    def __init__(self, game: Game) -> None:
        super().__init__("busy", f"seated at table {game.pk}")
        self.game = game


# Reading and locking -----------------------------------------------------------


def write_lock(game_id: int) -> None:
    """SQLite has no row locks: there a command takes the database's write lock before
    reading anything (a write that changes nothing), so that two commands at once wait
    for each other instead of one failing half-way with "database is locked"."""
    if not connection.features.has_select_for_update:
        Game.objects.filter(pk=game_id).update(version=F("version"))


def find_table(game_id: int, *, lock: bool = True) -> Game | None:
    """The table: the game read with its seats and spectators, in one query; None if
    there is no such game. Every command reads its game so, first (``lock``: its row
    locked until the transaction ends, see ``write_lock``); the pages' read models
    read it so too, without the lock.

    The seats (``game.seating``) come with their players' names, whether each player
    may play and whether each seat is connected; ``game.spectators`` counts the
    spectators' sockets. Only the game's row is locked, by a statement of its own
    before the read, so that the read sees all that the lock's last holder committed
    (games.sql). The presence read so is the command's to trust: sockets come and go
    through commands that take the same lock (games.services.presence), and a command
    that changes the seats or the sockets keeps the table it holds as it leaves it
    (``take_seat``, ``free_seat``, ``socket_opened``, ``socket_forgotten``). The
    statements are built once (games.sql).
    """
    if lock:
        write_lock(game_id)
    return sql.read_table(game_id, lock=lock)


def load_table(game_id: int, *, lock: bool = True) -> Game:
    """The table, as ``find_table`` reads it; refused as ``not_found`` if there is none."""
    game = find_table(game_id, lock=lock)
    if game is None:
        raise ServiceError("not_found")
    return game


def seats_of(game: Game) -> list[SeatInfo]:
    """The seats of a table read by ``find_table``."""
    assert game.seating is not None, "a table is read with find_table"
    return game.seating


def take_seat(game: Game, seat: SeatInfo) -> None:
    """A seat was taken at the table the command holds."""
    game.seating = sorted([*seats_of(game), seat], key=lambda s: s.index)


def free_seat(game: Game, index: int | None = None) -> None:
    """Seat ``index`` was freed at the table the command holds (None: every seat)."""
    game.seating = [s for s in seats_of(game) if index is not None and s.index != index]


def socket_opened(game: Game, seat: int | None) -> None:
    """A socket of ``seat`` (None: a spectator's) was recorded at the table the command holds."""
    if seat is None:
        game.spectators = (game.spectators or 0) + 1
    else:
        game.seating = [replace(s, present=True) if s.index == seat else s for s in seats_of(game)]


def socket_forgotten(game: Game, seat: int | None, others: bool) -> None:
    """A socket of ``seat`` was forgotten at the table the command holds; ``others``:
    whether the seat has another socket still (open, or in its grace)."""
    if seat is None:
        game.spectators = max(0, (game.spectators or 0) - 1)
    else:
        game.seating = [replace(s, present=others) if s.index == seat else s for s in seats_of(game)]


def check_version(game: Game, version: object) -> None:
    if type(version) is not int or version != game.version:
        raise ServiceError("stale_version", f"the table is at version {game.version}, not {version!r}")


def check_not_ended(game: Game) -> None:
    """Refuse any command at a table that has ended, saying how it ended."""
    if game.status == Game.CLOSED:
        raise ServiceError("closed")
    if game.status == Game.ABANDONED:
        raise ServiceError("abandoned")
    if game.status == Game.OVER:
        raise ServiceError("match_over")
    if game.daily and game.day_over():  # R63: an attempt is played on its day only
        raise ServiceError("day_over")


def seat_index(game: Game, user: AbstractBaseUser | None) -> int | None:
    """The seat ``user`` holds at the table, or None."""
    if user is None or user.pk is None:
        return None
    return next((s.index for s in seats_of(game) if s.player_id == user.pk), None)


def seat_of(game: Game, user: AbstractBaseUser) -> int:
    index = seat_index(game, user)
    if index is None:
        raise ServiceError("not_seated")
    return index


def connected(game: Game, seat: int | None) -> bool:
    """Whether ``seat`` has a socket open (or in its grace, R53)."""
    if seat is None:
        return False
    return any(s.index == seat and s.present for s in seats_of(game))


def anyone_here(game: Game, present: int | None) -> bool:
    """Whether any seat is connected (``present``: a seat whose player is acting now)."""
    if present is not None:
        return True
    return any(s.present for s in seats_of(game))


# Who acts for a seat -----------------------------------------------------------
#
# The one place that says who acts on a turn: the seat's player; a robot
# (games.rules.robots) on its seat's view, after ROBOT_SECONDS; the table for the
# player when their clock runs out (R52, R53). A robot's turn runs on the same
# clock as a player's (the deadline on the game, acted on by the clock), so that
# it survives a restart like any other: at a daily attempt the clock plays the
# house robot when its deadline passes; at a live table (R58) a worker of the
# robots' queue thinks and plays it (games.services.robots), and the deadline,
# ROBOT_FALLBACK_SECONDS later, is there in case its task was lost.
#
# Every command of a seated player asks it, inside its transaction, from the rows
# it locked (``acting_seat``): a sanctioned player is refused there, whether or not
# the sanction's closing of their sockets reached them (docs/protocol.md). The
# commands of a player not yet seated ask the player's own locked row
# (``lock_player``).

PLAYER = "player"
ROBOT = "robot"
# The player may no longer play (suspended or banned, accounts.sanctions): the table
# plays for the seat at once, at every turn (R52, R57), so that the others can finish.
TABLE = "table"
# Nobody plays the seat: a sanctioned player's daily attempt, which the table does not
# play out for them (that would rank it); it stands as it is (R63).
NOBODY = "nobody"


def acts_for(game: Game, seat: int) -> str:
    """Who plays ``seat``'s turns: ``PLAYER`` (or the table for them when their clock runs
    out), ``ROBOT``; for a sanctioned player, ``TABLE`` at once at a table, ``NOBODY`` at
    their daily attempt."""
    info = next((s for s in seats_of(game) if s.index == seat), None)
    robot, active = (info.robot, info.active) if info is not None else (False, True)
    if game.daily:  # an attempt's robots; its player's attempt waits for them (R56, R63)
        if robot:
            return ROBOT
        return NOBODY if active is False else PLAYER
    if robot:  # where its host seated it (R58)
        return ROBOT
    return TABLE if active is False else PLAYER


def acting_seat(game: Game, user: AbstractBaseUser, by: str = PLAYER) -> int:
    """The seat ``user`` holds at ``game`` (locked), if ``by`` acts for it now.

    ``by`` is ``PLAYER`` for a player's own command: refused ``not_seated`` if they hold
    no seat, ``sanctioned`` if they were suspended or banned since (``acts_for``).
    ``TABLE`` is the sanction acting for them (accounts.sanctions): refused
    ``not_seated`` unless the player is sanctioned.
    """
    seat = seat_of(game, user)
    who = acts_for(game, seat)
    if who != by:
        raise ServiceError("sanctioned" if by == PLAYER and who in (TABLE, NOBODY) else "not_seated")
    return seat


def lock_player(user: AbstractBaseUser) -> None:
    """Lock the player's row until the transaction ends (on SQLite, take the write lock,
    as ``write_lock``) and refuse ``sanctioned`` if their account is no longer active:
    the check of a command by a player who holds no seat yet (opening, joining)."""
    users = get_user_model().objects.filter(pk=user.pk)
    if connection.features.has_select_for_update:
        users = users.select_for_update()
    else:
        users.update(id=F("id"))
    if not users.filter(is_active=True).exists():
        raise ServiceError("sanctioned")


def in_good_standing(user_id: int) -> bool:
    """Whether the account may still act (it is active: neither suspended nor banned)."""
    return get_user_model().objects.filter(pk=user_id, is_active=True).exists()


# Clocks (R52–R54) ---------------------------------------------------------------
#
# The deadline is stored on the game: the database, not a timer, says when the
# table acts. The clock process (games.clock) acts on the deadlines that have
# passed, at the version it finds; a command acts only if that same version is
# still waiting and the deadline has passed, so a late or repeated call is
# harmless.


def turn_seconds(game: Game, present: int | None) -> float | None:
    """How long the seat to play has, or None while the table waits for its player."""
    turn = game.turn
    assert turn is not None
    who = acts_for(game, turn)
    if who == TABLE:
        return 0.0
    if who == NOBODY:  # a sanctioned player's attempt stands as it is
        return None
    if who == ROBOT:
        if not game.daily:  # a worker plays it; the clock only if its task is lost (R58)
            return settings.ROBOT_SECONDS + settings.ROBOT_FALLBACK_SECONDS
        if not anyone_here(game, present):  # R56: robots wait for the player
            return None
        return settings.ROBOT_SECONDS
    here = turn == present or connected(game, turn)
    if game.daily and not here:  # R56, R63: an attempt waits for its player
        return None
    return settings.TURN_SECONDS if here else settings.AWAY_SECONDS  # R52, R53


def start_clock(game: Game, present: int | None = None) -> None:
    """Set the deadline of what the table now waits for."""
    now = timezone.now()
    game.deadline = None
    if game.daily and game.day_over():
        pass  # R63: the attempt stands as it is
    elif game.status == Game.PLAYING:
        seconds = turn_seconds(game, present)
        if seconds is not None:
            game.deadline = now + timedelta(seconds=seconds)
    elif game.status == Game.ROUND_OVER and (not game.daily or anyone_here(game, present)):
        game.deadline = now + timedelta(seconds=settings.ROUND_PAUSE_SECONDS)  # R54
    if game.deadline is not None:
        clock_changed(game)
        if game.status == Game.PLAYING:
            robot_turn_on_commit(game)


def robot_seed(game: Game) -> str:
    """The seed of a robot's random choices at ``game`` (the beginner's, the expert's): from
    the table's seed where it has one (a test's known deals), else from its number. The
    table's seed is hashed first: the rounds' seeds come from it, and a robot sees only
    its seat's view (R6). The robots mix in the position they see, so two turns differ
    (games.rules.robots)."""
    if not game.seed:
        return f"table {game.pk}"
    return hashlib.sha256(f"robots/{game.seed}".encode()).hexdigest()


def robot_view(game: Game, match: Match, seat: int) -> dict[str, Any]:
    """What a robot a host seated (R58) sees: its seat's view, as its player would (R6),
    with what the round has shown (the knowledge fold kept on the game, whatever the game's
    family keeps there), as the seats' own views have it (games.readmodels)."""
    return view(match, seat, shown=game.knowledge or None)


def robot_turn_on_commit(game: Game) -> None:
    """If the turn under way is a robot's at a live table (R58), send its task to the
    robots' workers after the commit, with the game's version (games.services.robots)."""
    turn = game.turn
    if game.daily or turn is None or acts_for(game, turn) != ROBOT:
        return
    game_id, version = game.pk, game.version
    transaction.on_commit(lambda: _send_robot_turn(game_id, version))


def _send_robot_turn(game_id: int, version: int) -> None:
    from config.celery import app  # config imports this package's app: import it when used

    try:
        app.send_task(
            "games.tasks.robot_turn",
            args=(game_id, version),
            countdown=settings.ROBOT_SECONDS,
            queue=settings.ROBOTS_QUEUE,
        )
    except Exception:  # the broker is down: the turn's deadline is the fallback
        log.exception("could not send the robot's turn of table %s", game_id)


def clock_changed(game: Game) -> None:
    """A deadline was set: the clock process is told after the commit when it is sooner
    than its next look (games.clock); else it finds it there."""
    deadline = game.deadline
    if deadline is not None and deadline - timezone.now() < timedelta(seconds=settings.CLOCK_POLL_SECONDS):
        transaction.on_commit(_wake_clock)


def _wake_clock() -> None:
    from games import clock  # the clock imports the services: import it when used

    clock.wake()


# The change -------------------------------------------------------------------


def bump(
    game: Game,
    events: list[dict[str, Any]],
    *,
    match: Match | None = None,
    lobby: bool = False,
    present: int | None = None,
) -> Change:
    """Save a change under a new version, set the clock, and send its messages after commit.

    ``match``: the engine's state now, when the command has it (else read from the
    game's). ``present``: a seat whose player is acting now, so is there even before
    their socket.
    """
    game.version += 1
    start_clock(game, present)
    sql.save_game(game)
    if match is None and game.state:
        match = from_json(game.state)
    change = Change(game, match, events, lobby=lobby)
    send_on_commit(change)
    return change


def presence_changed(game: Game) -> None:
    """Who is at the table (or its clock) changed, not its version: the table is told after
    the commit, from the table the command holds."""
    send_on_commit(Change(game, states=False, presence=True))


def deal_next(game: Game, match: Match) -> tuple[Match, list[dict[str, Any]]]:
    """Deal the next round and log its forced actions; returns the state and events.

    Its seed (R12) is ``round_seed(game.seed, n)`` when the game has a seed (a daily
    attempt, a test), else a fresh one from a cryptographically secure source.
    """
    number = match.round.number + 1 if match.round is not None else 1
    seed = round_seed(game.seed, number) if game.seed else secrets.token_hex(32)
    hands, stock = written_deal(game.variant, game.seats, seed, number)
    match, events = deal_round(match, seed)
    assert match.round is not None
    sealed = commitment(seed)
    game.current_round = Round.objects.create(
        game=game,
        number=match.round.number,
        seed=seed,
        commitment=sealed,
        hands=hands,
        stock=stock,
    )
    game.commitments = [*game.commitments, {"number": number, "commitment": sealed, "seed": None}]
    game.knowledge = knowledge_fresh(game.variant, game.seats)
    record(game, None, match, events)
    return match, events


def record(game: Game, before: Match | None, match: Match, events: list[dict[str, Any]]) -> None:
    """Append the actions of ``events`` to the log and save the new state.

    ``before``: the state the events were applied to (None for a deal), whose line
    the round's knowledge goes on from.
    """
    round_id = game.current_round_id
    assert round_id is not None
    seq = game.seq
    moves, actions = [], []
    for event in events:
        action = event_action(game.variant, event)
        if action is None:
            continue
        actions.append(action)
        seq += 1
        moves.append(
            Move.of(
                action,
                game=game,
                round_id=round_id,
                seq=seq,
                version=game.version + 1,
                forced=bool(event.get("forced")),
                auto=bool(event.get("auto")),
            )
        )
    sql.add_moves(game, moves)  # written with the game, by bump's save_game
    game.seq = seq
    known = game.knowledge or knowledge_fresh(game.variant, game.seats)
    game.knowledge = knowledge_advance(game.variant, known, before, actions)
    game.state = to_json(match)
    game.turn = match.round.turn if match.status == PLAYING and match.round is not None else None
    if match.status in (ROUND_OVER, OVER):
        _round_over(game, round_id)
    if match.status == ROUND_OVER:
        game.status = Game.ROUND_OVER
    elif match.status == OVER:
        finish(game, match)
    elif match.status == PLAYING:
        game.status = Game.PLAYING
    if match.status in (ROUND_OVER, OVER):
        signals.round_scored.send(sender=Game, game=game, match=match)


def _round_over(game: Game, round_id: int) -> None:
    """R12: the round is over; its seed may now be shown beside its commitment."""
    Round.objects.filter(pk=round_id).update(finished=timezone.now())
    seed = Round.objects.filter(pk=round_id).values_list("seed", flat=True).get()
    game.commitments = [*game.commitments[:-1], {**game.commitments[-1], "seed": seed}]


def finish(game: Game, match: Match) -> None:
    rules = get_ruleset(game.variant)
    game.status = Game.OVER
    game.finished = timezone.now()
    winner = match.winner
    game.winner = list(winner) if isinstance(winner, tuple) else winner
    winners = set(winner) if isinstance(winner, tuple) else {winner}
    for seat in game.seat_set.all():  # robots' seats too: the record of the match
        side = rules.side_of(seat.index)
        seat.score = match.scores[side]
        seat.won = side in winners
        seat.save(update_fields=["score", "won"])
    # After the commit, so that a slow rating never delays this play. A voided match
    # (a moderator's, or a seat sanctioned while it was live, R57) is never rated.
    if game.rated and game.voided is None:
        ratings.rate_after_commit(game.pk)
