"""The load benchmark's clients (bench.load), without servers: what a seat sends, and
how lost messages are counted. Sockets are stand-ins that record what is sent and
may answer at once, as the server would."""

from collections.abc import Callable
from typing import Any

from bench.load import EchoPair, Phase, Table


class Socket:
    """A websocket stand-in: records each message sent and calls ``answer`` with it."""

    def __init__(self, answer: Callable[[str], None] | None = None) -> None:
        self.sent: list[str] = []
        self.close_code: int | None = None
        self.answer = answer

    async def send(self, text: str) -> None:
        self.sent.append(text)
        if self.answer is not None:
            self.answer(text)


def state(
    version: int,
    turn: int | None = 0,
    legal: list[dict[str, Any]] | None = None,
    full: bool = False,
    status: str = "playing",
) -> dict[str, Any]:
    """A ``state`` message as a seat receives it; ``full``: one sent on connection or sync."""
    message: dict[str, Any] = {
        "type": "state",
        "version": version,
        "table": {"status": status},
        "view": {"round": {"turn": turn}, "legal": legal or []},
    }
    if full:
        message["journal"] = []
    return message


def table(*sockets: Socket) -> Table:
    t = Table(1, "block", ["a", "b"], ["ka", "kb"], [8300, 8301])
    t.sockets = list(sockets) or [Socket(), Socket()]  # type: ignore[list-item]
    t.phase = Phase(0.0, None, None)
    return t


def receive(t: Table, seat: int, *messages: dict[str, Any]) -> None:
    for message in messages:
        t.receive(seat, message, 0.0)


def test_a_relayed_state_that_skips_versions_counts_them_lost() -> None:
    t = table()
    receive(t, 0, state(3, full=True), state(4), state(6))
    assert t.lost == 1
    receive(t, 0, state(9))
    assert t.lost == 3
    assert t.states[0] is not None and t.states[0]["version"] == 9


def test_a_skipped_version_that_arrives_after_all_is_late_not_lost() -> None:
    t = table()
    receive(t, 1, state(3, full=True), state(4), state(6), state(5))
    assert (t.lost, t.late) == (0, 1)
    assert t.states[1] is not None and t.states[1]["version"] == 6


def test_a_full_state_skips_nothing_and_the_relayed_changes_still_count() -> None:
    t = table()
    receive(t, 0, state(3, full=True), state(3), state(4))  # the change relayed twice on connection
    receive(t, 0, state(9, full=True))  # the answer to a sync, ahead of the relays
    receive(t, 0, *(state(v) for v in range(5, 11)))
    assert (t.lost, t.late) == (0, 0)
    receive(t, 0, state(12))
    assert t.lost == 1


def test_a_new_socket_starts_its_versions_at_its_first_state() -> None:
    t = table()
    receive(t, 0, state(3, full=True), state(4))
    t.opened(0)  # reconnected: the changes in between went to the old socket
    assert t.states[0] is None
    receive(t, 0, state(8, full=True), state(9))
    assert t.lost == 0


async def test_the_seat_to_play_waits_for_the_newest_version_then_plays_from_its_own_state() -> None:
    """Seat 1 is to play at version 5 but holds only version 4, where it had no legal
    play: it is resynced, and plays from its own state of version 5."""
    t = table()
    newest = state(5, turn=1, legal=[{"play": "5-6", "end": "left"}])

    def answer(text: str) -> None:
        if text == '{"type":"sync"}':
            t.receive(1, {**newest, "journal": []}, 0.0)

    t.sockets[1] = Socket(answer)  # type: ignore[call-overload]
    receive(t, 0, state(5, turn=1, full=True))
    receive(t, 1, state(4, turn=0, full=True))
    assert t.behind() == [1]
    phase = Phase(0.0, None, None)
    assert await t.catch_up(phase, timeout=0.01)
    assert t.sockets[1].sent == ['{"type":"sync"}']  # type: ignore[union-attr]
    assert phase.resyncs == 1
    message = t.next_message()
    assert message is not None
    assert (message.kind, message.sender, message.token) == ("move", 1, 6)
    assert message.text == '{"type": "play", "version": 5, "tile": "5-6", "end": "left"}'


def test_a_seat_without_a_state_is_behind() -> None:
    t = table()
    receive(t, 0, state(2, full=True))
    assert t.behind() == [1]
    receive(t, 1, state(2, full=True))
    assert t.behind() == []


async def test_a_move_ends_when_every_seat_has_the_new_version() -> None:
    t = table()

    def answer(text: str) -> None:
        receive(t, 0, state(3, turn=1))
        receive(t, 1, state(3, turn=1))

    t.sockets[0] = Socket(answer)  # type: ignore[call-overload]
    receive(t, 0, state(2, turn=0, legal=[{"play": "6-6"}], full=True))
    receive(t, 1, state(2, turn=0, full=True))
    phase = Phase(0.0, None, None)
    assert await t.turn(phase, timeout=5) == 1
    assert len(phase.stats("move").samples) == 1
    assert phase.stats("move").timeouts == 0


async def test_a_refused_move_ends_its_round_trip_at_once_as_an_error() -> None:
    t = table()

    def answer(text: str) -> None:
        receive(t, 0, {"type": "error", "code": "stale_version", "message": "…"})

    t.sockets[0] = Socket(answer)  # type: ignore[call-overload]
    receive(t, 0, state(2, turn=0, legal=[{"play": "6-6"}], full=True))
    receive(t, 1, state(2, turn=0, full=True))
    t.phase = phase = Phase(0.0, None, None)
    assert await t.turn(phase, timeout=60) == 0  # no wait for the timeout
    assert phase.errors == {"stale_version": 1}
    assert phase.stats("move").samples == [] and phase.stats("move").timeouts == 0


async def test_a_move_without_an_answer_is_a_timeout_and_the_seats_are_resynced() -> None:
    t = table()
    receive(t, 0, state(2, turn=0, legal=[{"play": "6-6"}], full=True))
    receive(t, 1, state(2, turn=0, full=True))
    phase = Phase(0.0, None, None)
    assert await t.turn(phase, timeout=0.01) == 0
    assert phase.stats("move").timeouts == 1
    assert t.sockets[0].sent[-1] == t.sockets[1].sent[-1] == '{"type":"sync"}'  # type: ignore[union-attr]
    assert phase.resyncs == 2


def test_an_echo_connection_counts_the_numbers_it_never_got() -> None:
    pair = EchoPair(1, [8300, 8301], payload=4)
    pair.opened(0)
    for n in (1, 2, 4):
        pair.receive(0, {"type": "echo", "n": n}, 0.0)
    assert pair.lost == 1
    pair.count = 10
    pair.opened(1)  # joined after ten were sent: they are not for it
    pair.receive(1, {"type": "echo", "n": 11}, 0.0)
    assert pair.lost == 1


async def test_a_seat_asks_for_its_full_state_once_until_it_comes() -> None:
    t = table()
    receive(t, 0, state(2, full=True))
    phase = Phase(0.0, None, None)
    await t.resync(phase, [0], timeout=10)
    await t.resync(phase, [0], timeout=10)  # still on its way: a saturated server is not asked twice
    assert t.sockets[0].sent == ['{"type":"sync"}']  # type: ignore[union-attr]
    receive(t, 0, state(3, full=True))
    await t.resync(phase, [0], timeout=10)
    assert t.sockets[0].sent == ['{"type":"sync"}'] * 2  # type: ignore[union-attr]
    assert phase.resyncs == 2
