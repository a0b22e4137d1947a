"""Every change to a game goes through here (DESIGN.md §3).

Each command is one synchronous function and one database transaction: it locks
the game row (``select_for_update``), checks the sender's expected version (a
stale or duplicate command changes nothing), applies the engine, appends the
move log, saves the snapshot and the new version, and commits. Only then are
the seats, the spectators and the lobby told (``transaction.on_commit``), from
what the command holds. Consumers call these functions on a pool of threads
(games.consumers), the clock process (games.clock) and the views directly.

The package, by topic:

- ``core``: the path every command takes (load, check, apply, record, bump),
  who acts for a seat and the clocks' deadlines;
- ``tables``: opening, joining, leaving, the return match;
- ``play``: a seat's play, the host's next round;
- ``clocks``: what the table does when nobody does, and the watchdog;
- ``presence``: sockets opening and closing;
- ``moderation``: voiding a match.
"""

from .clocks import (
    abandon_if_due,
    act_if_due,
    autoplay_if_due,
    due_now,
    next_deadline,
    next_round_if_due,
    restart_clock,
    sweep,
)
from .core import MESSAGES, PLAYER, ROBOT, TABLE, Busy, Change, ServiceError, acts_for, find_table, load_table
from .moderation import void
from .play import next_round, play
from .presence import connect, disconnect, heartbeat, leave_if_away
from .tables import join, leave, live_tables_of, open_attempt, open_table, rematch

__all__ = [
    "MESSAGES",
    "PLAYER",
    "ROBOT",
    "TABLE",
    "Busy",
    "Change",
    "ServiceError",
    "abandon_if_due",
    "act_if_due",
    "acts_for",
    "autoplay_if_due",
    "connect",
    "disconnect",
    "due_now",
    "find_table",
    "heartbeat",
    "join",
    "leave",
    "leave_if_away",
    "live_tables_of",
    "load_table",
    "next_deadline",
    "next_round",
    "next_round_if_due",
    "open_attempt",
    "open_table",
    "play",
    "rematch",
    "restart_clock",
    "sweep",
    "void",
]
