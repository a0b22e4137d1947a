"""Hostile input at the table's websocket, and sockets that end badly.

Each test here reproduces a defect found by a hostile test of the site: a message
that crashed the consumer, a type taken for another, an invitation that was a
server error, a flood answered late, a consumer whose heartbeat outlived it.
"""

from __future__ import annotations

import asyncio
import threading

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from games import services
from games.models import Connection, Game
from tests.games.conftest import Socket, afull_table, connect, socket_of, state
from tests.games.test_consumers import play_of, presence, refused, seated, snapshot, state_once_refilled

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("close_sockets")]


# Invitations --------------------------------------------------------------------------


def test_an_invitation_outside_ascii_is_not_found_on_the_page_and_the_join_form(players):
    game = services.open_table(players[0], "block", 2, None, False)
    client = Client()
    client.force_login(players[1])
    for token in ("é", "%C3%A9", "ü" * 22, "\u00e9" + game.invitation[1:]):
        assert client.get(f"/tables/{game.pk}/", {"invitation": token}).status_code == 404
        assert client.post(f"/tables/{game.pk}/rejoindre/", {"invitation": token}).status_code == 404
    assert not game.seat_set.filter(player=players[1]).exists()
    assert not game.invites("é") and not game.invites("") and not game.invites(None)
    assert game.invites(game.invitation)


async def test_an_invitation_outside_ascii_is_not_found_on_the_websocket(players):
    gid = await afull_table("block", players[:2], public=False)
    socket = await socket_of(f"/ws/tables/{gid}/?invitation=%C3%A9", players[2])
    assert await socket.close_code() == 4404
    raw = await socket_of(f"/ws/tables/{gid}/?invitation=\u00e9\u00e9", players[2])
    assert await raw.close_code() == 4404


# Messages that are no command -------------------------------------------------------


async def test_nested_arrays_and_unhashable_types_are_errors_and_the_socket_goes_on(players):
    gid, sockets, states, turn = await seated(players)
    me = sockets[turn]
    before = await snapshot(gid)
    deep = "[" * 1400 + "]" * 1400  # under the size limit; deep enough to exhaust the decoder
    assert len(deep) < 4096
    await refused(me, deep, "bad_json")
    for kind in ([], {}, 7, None, True, ["play"]):
        await refused(me, {"type": kind}, "unknown_type")
    assert await snapshot(gid) == before
    await me.send({"type": "sync"})
    assert (await state(me))["version"] == before[0]
    await me.send(play_of(states[turn]))
    assert (await state(me))["version"] == before[0] + 1


async def test_types_are_exact_a_float_or_a_bool_is_no_integer(players):
    gid, sockets, states, turn = await seated(players)
    me = sockets[turn]
    good = play_of(states[turn])
    before = await snapshot(gid)
    cases = [
        {**good, "game": float(gid)},
        {**good, "game": str(gid)},
        {**good, "game": True},
        {**good, "version": float(good["version"])},
        {**good, "version": True if good["version"] == 1 else False},
        {**good, "seat": float(turn)},
        {**good, "seat": bool(turn)},
        {**good, "tile": [1, 2]},
        {**good, "end": 1},
        {**good, "open": "3"},
        {**good, "open": 3.0},
        {"type": "sync", "game": float(gid)},
        {"type": "next_round", "version": None},
    ]
    for message in cases:
        await refused(me, message, "bad_message")
    assert await snapshot(gid) == before
    await me.send({**good, "game": gid, "seat": turn})
    assert (await state(me))["version"] == before[0] + 1


# A flood, however busy the process ---------------------------------------------------


async def test_a_flood_is_cut_on_arrival_while_a_command_is_still_at_work(players, settings, monkeypatch):
    """The first command holds the database (a busy server); the flood behind it is
    refused at once, not after the commands ahead of it."""
    settings.WS_RATE, settings.WS_BURST = 10.0, 20
    gid, sockets, states, turn = await seated(players)
    waiting = sockets[1 - turn]
    before = await snapshot(gid)
    release = threading.Event()
    real_play = services.play

    def busy_play(*args, **kwargs):
        assert release.wait(30)
        return real_play(*args, **kwargs)

    monkeypatch.setattr(services, "play", busy_play)
    command = {"type": "play", "version": before[0], "tile": "0-0"}
    try:
        for _ in range(100):
            await waiting.send(command)
        # Every message past the burst (and what refills meanwhile) is refused while the
        # first is still held: before the fix, nothing came back until it was done.
        codes = [(await waiting.receive_type("error", timeout=5))["code"] for _ in range(70)]
        assert set(codes) == {"rate_limited"}
    finally:
        release.set()
    # The commands admitted are answered once the database is free; nothing changed.
    rest = [(await waiting.receive_type("error"))["code"] for _ in range(30)]
    assert rest.count("not_your_turn") >= 20 and set(rest) <= {"not_your_turn", "rate_limited"}
    assert await snapshot(gid) == before
    await waiting.nothing(0.3)
    assert (await state_once_refilled(waiting))["version"] == before[0]


# A consumer that ends badly ----------------------------------------------------------


async def test_a_consumer_that_ends_on_an_exception_stops_its_heartbeat_and_leaves(
    players, settings, monkeypatch
):
    settings.PRESENCE_HEARTBEAT_SECONDS = 0.1
    settings.PRESENCE_GRACE_SECONDS = 0  # the seat counts away at once (the grace: test_presence_rules)
    gid, sockets, states, turn = await seated(players)
    me, other = sockets[turn], sockets[1 - turn]
    await presence(other, [True, True])
    beats = []
    real_heartbeat = services.heartbeat

    def counted(channel):
        beats.append(channel)
        return real_heartbeat(channel)

    monkeypatch.setattr(services, "heartbeat", counted)

    def broken(*args, **kwargs):
        raise RuntimeError("a defect in a service")

    monkeypatch.setattr(services, "play", broken)
    await me.send(play_of(states[turn]))
    with pytest.raises(RuntimeError, match="a defect in a service"):
        while True:  # what the socket was sent before it ended, then the exception
            await me.communicator.receive_output(timeout=5)
    me.closed = True
    # The seat is shown disconnected at once, and its row is gone.
    connected = [True, True]
    connected[turn] = False
    await presence(other, connected)
    assert await database_sync_to_async(Connection.objects.filter(game_id=gid, seat=turn).count)() == 0
    # Its heartbeat stopped: no beat from the dead socket's channel any more.
    mine = await database_sync_to_async(
        lambda: set(Connection.objects.filter(game_id=gid).values_list("channel", flat=True))
    )()
    dead = [channel for channel in beats if channel not in mine]
    # While the living socket beats three times more, the dead one does not beat once.
    alive = len(beats) - len(dead)
    limit = asyncio.get_running_loop().time() + 5
    while len([c for c in beats if c in mine]) < alive + 3:
        assert asyncio.get_running_loop().time() < limit, "the living socket stopped beating"
        await asyncio.sleep(0.05)
    assert [channel for channel in beats if channel not in mine] == dead


async def test_a_consumer_cancelled_by_the_server_removes_its_presence(players, settings):
    """Daphne cancels an application that outlives its socket: that too is an end."""
    settings.PRESENCE_HEARTBEAT_SECONDS = 0.1
    settings.PRESENCE_GRACE_SECONDS = 0  # the row goes at once (the grace: test_presence_rules)
    gid = await afull_table("block", players[:2])
    socket = await connect(gid, players[0])
    await state(socket)
    assert await database_sync_to_async(Connection.objects.filter(game_id=gid).count)() == 1
    socket.communicator.future.cancel()
    with pytest.raises(asyncio.CancelledError):
        await socket.communicator.future
    socket.closed = True
    assert await database_sync_to_async(Connection.objects.filter(game_id=gid).count)() == 0
    game = await database_sync_to_async(Game.objects.get)(pk=gid)
    assert game.deserted is not None  # nobody connected: the table counts toward abandonment


# Origins -----------------------------------------------------------------------------


async def test_the_origin_must_match_scheme_host_and_port(players, settings):
    gid = await afull_table("block", players[:2])
    host = [(b"host", b"testserver:8000")]
    for origin in (
        "http://testserver:8001",  # another port of the same host
        "https://testserver:8000",  # the other scheme
        "http://testserver",  # the default port, 80
        "http://evil.example:8000",
        "null",
        "http://testserver:8000x",
    ):
        with pytest.raises(AssertionError, match="refused"):
            await connect(gid, players[0], origin=origin, headers=host)
    assert await connect(gid, players[0], origin="http://testserver:8000", headers=host)
    # Over TLS (the scope's scheme, or the proxy's header with SECURE_PROXY_SSL_HEADER).
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    tls = [(b"host", b"testserver"), (b"x-forwarded-proto", b"https")]
    assert await connect(gid, players[0], origin="https://testserver", headers=tls)
    with pytest.raises(AssertionError, match="refused"):
        await connect(gid, players[0], origin="http://testserver", headers=tls)


async def test_an_origin_of_csrf_trusted_origins_is_accepted_and_only_that_one(players, settings):
    gid = await afull_table("block", players[:2])
    settings.CSRF_TRUSTED_ORIGINS = ["https://play.example", "https://*.dominos.example"]
    host = [(b"host", b"testserver")]
    assert await connect(gid, players[0], origin="https://play.example", headers=host)
    assert await connect(gid, players[0], origin="https://fr.dominos.example", headers=host)
    for origin in ("http://play.example", "https://play.example:8443", "https://play.example.evil"):
        with pytest.raises(AssertionError, match="refused"):
            await connect(gid, players[0], origin=origin, headers=host)


async def test_a_socket_without_origin_is_refused(players):
    gid = await afull_table("block", players[:2])
    socket = Socket(f"/ws/tables/{gid}/", origin="")
    socket.communicator.scope["headers"] = [
        h for h in socket.communicator.scope["headers"] if h[0] != b"origin"
    ]
    connected, _ = await socket.connect()
    assert not connected
