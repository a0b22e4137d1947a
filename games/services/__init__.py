"""Every change to a game goes through here (docs/architecture.md §3).

Each command is one synchronous function and one database transaction: it locks
the game row (``select_for_update``), checks the sender's expected version (a
stale or duplicate command changes nothing), applies the engine, appends the
move log, saves the snapshot and the new version, and commits. Only then are
the seats, the spectators and the lobby told (``transaction.on_commit``), from
what the command holds. Consumers call these functions on a pool of threads
(games.consumers), the clock process (games.clock) and the views directly.

The package, by topic:

- ``core``: the path every command takes (load, check, apply, record, bump),
  who acts for a seat (every command asks it) and the clocks' deadlines;
- ``tables``: opening, joining, leaving, the return match;
- ``play``: a seat's play, the host's next round;
- ``clocks``: what the table does when nobody does, and the watchdog;
- ``presence``: sockets opening and closing;
- ``moderation``: voiding a match, and a match whose player is sanctioned (R57);
- ``robots``: robots at live tables, seated by their host and played by the
  robots' workers (R58).
"""

from .clocks import (
    abandon_if_due,
    act_if_due,
    act_on_claimed,
    autoplay_if_due,
    due_now,
    next_deadline,
    next_round_if_due,
    restart_clock,
    sweep,
)
from .core import (
    MESSAGES,
    NOBODY,
    PLAYER,
    ROBOT,
    TABLE,
    Busy,
    Change,
    ServiceError,
    acting_seat,
    acts_for,
    find_table,
    in_good_standing,
    load_table,
    lock_player,
)
from .moderation import seat_sanctioned, void
from .play import next_round, play
from .presence import connect, disconnect, heartbeat, leave_if_away
from .robots import play_robot, robot_turn, seat_robot, unseat_robot
from .tables import join, leave, live_tables_of, open_attempt, open_table, practice, rematch

__all__ = [
    "MESSAGES",
    "NOBODY",
    "PLAYER",
    "ROBOT",
    "TABLE",
    "Busy",
    "Change",
    "ServiceError",
    "abandon_if_due",
    "act_if_due",
    "act_on_claimed",
    "acting_seat",
    "acts_for",
    "autoplay_if_due",
    "connect",
    "disconnect",
    "due_now",
    "find_table",
    "heartbeat",
    "in_good_standing",
    "join",
    "leave",
    "leave_if_away",
    "live_tables_of",
    "load_table",
    "lock_player",
    "next_deadline",
    "next_round",
    "next_round_if_due",
    "open_attempt",
    "open_table",
    "play",
    "play_robot",
    "practice",
    "rematch",
    "restart_clock",
    "robot_turn",
    "seat_robot",
    "seat_sanctioned",
    "sweep",
    "unseat_robot",
    "void",
]
