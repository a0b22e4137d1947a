"""The table's websocket (docs/protocol.md): who may connect, what each is sent, hostile input.

Every refusal is an ``error`` naming the problem; the game is left as it was and
the connection goes on (a ``sync`` still answers afterwards).
"""

from __future__ import annotations

import asyncio

import pytest
from channels.db import database_sync_to_async

from games import services
from games.consumers import PRESENCE_LOST
from games.models import Connection, Game
from tests.games.conftest import Socket, afull_table, connect, socket_of, state

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("close_sockets")]


@database_sync_to_async
def snapshot(gid: int) -> tuple[int, object, int]:
    game = Game.objects.get(pk=gid)
    return game.version, game.state, game.moves.count()


async def state_once_refilled(socket: Socket, timeout: float = 5) -> dict:
    """Ask for the state until the rate limit lets the request through, as its bucket
    refills (WS_RATE a second): the connection stays open all along."""
    limit = asyncio.get_running_loop().time() + timeout
    while True:
        await socket.send({"type": "sync"})
        message = await socket.receive()
        while message["type"] not in ("state", "error"):  # presence, say
            message = await socket.receive()
        if message["type"] == "state":
            return message
        assert message["code"] == "rate_limited", message
        assert asyncio.get_running_loop().time() < limit, "the rate limit never let a message through"
        await asyncio.sleep(0.05)


async def seated(players, variant="block", n=2):
    """A started table with its seats connected; the socket of the seat to play first."""
    gid = await afull_table(variant, players[:n])
    sockets = [await connect(gid, user) for user in players[:n]]
    states = [await state(s) for s in sockets]
    turn = states[0]["view"]["round"]["turn"]
    return gid, sockets, states, turn


def play_of(st: dict) -> dict:
    legal = st["view"]["legal"][0]
    message = {"type": "play", "version": st["version"], "tile": legal["play"]}
    if legal.get("end"):
        message["end"] = legal["end"]
    return message


async def presence(socket: Socket, connected: list[bool]) -> dict:
    """The next presence message, after any older ones, that shows ``connected``."""
    while True:
        news = await socket.receive_type("presence")
        if [p["connected"] for p in news["players"]] == connected:
            return news


async def refused(socket: Socket, message, code: str) -> dict:
    await socket.send(message)
    answer = await socket.receive_type("error")
    assert answer["code"] == code, answer
    assert answer["message"]
    return answer


# Connecting -------------------------------------------------------------------------


async def test_a_visitor_who_is_not_logged_in_is_refused(players):
    gid = await afull_table("block", players[:2])
    socket = Socket(f"/ws/tables/{gid}/")
    assert await socket.close_code() == 4401


async def test_another_origin_is_refused(players):
    gid = await afull_table("block", players[:2])
    with pytest.raises(AssertionError, match="refused"):
        await connect(gid, players[0], origin="http://evil.example")


async def test_a_private_table_is_for_its_seats_only_and_a_missing_one_is_the_same(players):
    gid = await afull_table("block", players[:2], public=False)
    for game_id in (gid, gid + 1000):
        socket = await socket_of(f"/ws/tables/{game_id}/", players[2])
        assert await socket.close_code() == 4404
    mine = await connect(gid, players[1])
    assert (await state(mine))["view"]["seat"] == 1
    # With the invitation link one may watch it (before joining, say).
    invitation = await database_sync_to_async(lambda: Game.objects.get(pk=gid).invitation)()
    guest = await socket_of(f"/ws/tables/{gid}/?invitation={invitation}", players[2])
    assert (await guest.connect())[0]
    watching = await state(guest)
    assert watching["view"]["seat"] is None and watching["view"]["hand"] is None


async def test_a_spectator_of_a_public_table_sees_what_r6_gives_seat_none(players):
    gid, sockets, states, turn = await seated(players)
    watcher = await connect(gid, players[3])
    first = await state(watcher)
    assert first["view"]["seat"] is None and first["view"]["hand"] is None and first["view"]["legal"] == []
    assert first["version"] == states[0]["version"]
    await sockets[turn].send(play_of(states[turn]))
    after = await state(watcher)
    assert after["version"] == first["version"] + 1 and after["view"]["hand"] is None
    await refused(watcher, {"type": "play", "version": after["version"], "tile": "0-0"}, "not_seated")


async def test_presence_is_told_to_the_table_when_a_seat_connects_and_leaves(players, settings):
    settings.PRESENCE_GRACE_SECONDS = 0  # leaving counts at once here; the grace is tested apart
    gid, sockets, states, turn = await seated(players)
    assert [p["connected"] for p in states[1]["table"]["players"]] == [True, True]
    await presence(sockets[0], [True, True])
    await sockets[1].close()
    news = await presence(sockets[0], [True, False])
    assert news["version"] == states[0]["version"]
    again = await connect(gid, players[1])
    assert (await state(again))["view"]["hand"] == states[1]["view"]["hand"]
    await presence(sockets[0], [True, True])


async def test_a_player_with_two_tabs_stays_connected_until_both_close(players, settings):
    settings.PRESENCE_GRACE_SECONDS = 0  # leaving counts at once here; the grace is tested apart
    gid, sockets, states, turn = await seated(players)
    await presence(sockets[0], [True, True])
    second_tab = await connect(gid, players[1])
    await state(second_tab)
    await sockets[1].close()
    assert await sockets[0].nothing(0.5)  # still connected: no news
    await second_tab.close()
    await presence(sockets[0], [True, False])


# Playing ----------------------------------------------------------------------------


async def test_a_play_reaches_every_seat_with_its_own_view(players):
    gid, sockets, states, turn = await seated(players, "draw", 3)
    await sockets[turn].send(play_of(states[turn]))
    news = [await state(s) for s in sockets]
    assert {n["version"] for n in news} == {states[0]["version"] + 1}
    for seat, n in enumerate(news):
        assert n["view"]["seat"] == seat
        assert n["events"][0]["type"] == "play" and n["events"][0]["seat"] == turn
    assert news[turn]["view"]["hand"] != states[turn]["view"]["hand"]


async def test_a_reconnecting_client_gets_its_full_view(players):
    gid, sockets, states, turn = await seated(players)
    away = 1 - turn
    await sockets[away].close()
    await sockets[turn].send(play_of(states[turn]))  # played while the other seat was away
    await state(sockets[turn])
    back = await connect(gid, players[away])
    full = await state(back)
    version, _state, _moves = await snapshot(gid)
    assert full["version"] == version == states[away]["version"] + 1
    assert full["events"] == [] and full["view"]["seat"] == away and full["view"]["hand"]


async def test_the_same_play_sent_twice_is_applied_once_and_the_copy_resynchronises(players):
    gid, sockets, states, turn = await seated(players)
    message = play_of(states[turn])
    await sockets[turn].send(message)
    await sockets[turn].send(message)
    # The copy's error may come before or after the play's news: both come, in any order.
    errors: list[dict] = []
    news: list[dict] = []
    while len(errors) + len(news) < 3:
        answer = await sockets[turn].receive()
        {"error": errors, "state": news}.get(answer["type"], []).append(answer)
    assert [e["code"] for e in errors] == ["stale_version"]
    assert [n["version"] for n in news] == [message["version"] + 1] * 2
    assert await sockets[turn].nothing()
    version, _s, _moves = await snapshot(gid)
    assert version == message["version"] + 1


async def test_the_host_starts_the_next_round_and_sees_the_seed_of_the_last(players):
    gid, sockets, states, turn = await seated(players)
    latest = states
    while latest[0]["view"]["status"] == "playing":
        turn = latest[0]["view"]["round"]["turn"]
        await sockets[turn].send(play_of(latest[turn]))
        latest = [await state(s) for s in sockets]
    # The first round of SEED's deal does not reach the target: the match goes on.
    assert latest[0]["view"]["status"] == "round_over"
    rounds = latest[1]["table"]["rounds"]
    assert rounds[0]["seed"] and rounds[0]["commitment"]
    assert latest[1]["view"]["round"]["hands"] is not None  # R54: every hand shown
    await refused(sockets[1], {"type": "next_round", "version": latest[1]["version"]}, "not_host")
    await sockets[0].send({"type": "next_round", "version": latest[0]["version"]})
    news = [await state(s) for s in sockets]
    assert news[0]["view"]["round"]["number"] == 2
    assert news[0]["table"]["rounds"][1]["seed"] is None and news[0]["table"]["rounds"][1]["commitment"]


# Hostile input ----------------------------------------------------------------------


async def test_hostile_messages_are_refused_and_change_nothing(players):
    gid, sockets, states, turn = await seated(players)
    me, other = sockets[turn], sockets[1 - turn]
    version = states[turn]["version"]
    good = play_of(states[turn])
    before = await snapshot(gid)
    cases = [
        ("{not json", "bad_json"),
        ("[1, 2, 3]", "bad_message"),
        ('"play"', "bad_message"),
        ({"type": "resign"}, "unknown_type"),
        ({"no": "type"}, "unknown_type"),
        ({"type": "play", "tile": good["tile"]}, "bad_message"),  # no version
        ({**good, "cheat": True}, "bad_message"),
        ({**good, "game": gid + 1}, "wrong_game"),
        ({**good, "seat": 1 - turn}, "not_your_seat"),
        ({**good, "version": version - 1}, "stale_version"),
        ({**good, "version": "latest"}, "bad_message"),
        ({**good, "tile": 7}, "bad_message"),
        ({**good, "tile": "7-7"}, "bad_tile"),
        ({**good, "end": "middle"}, "bad_end"),
        ("x" * 5000, "too_large"),
    ]
    for message, code in cases:
        await refused(me, message, code)
    other_hand = states[1 - turn]["view"]["hand"]
    await refused(other, {"type": "play", "version": version, "tile": other_hand[0]}, "not_your_turn")
    await me.communicator.send_to(bytes_data=b"\x00\x01")
    assert (await me.receive_type("error"))["code"] == "bad_message"
    assert await snapshot(gid) == before
    # The connection and the game go on: the legal play is still accepted.
    await me.send(good)
    assert (await state(me))["version"] == version + 1


async def test_a_flood_is_cut_by_the_rate_limit_and_changes_nothing(players, settings):
    settings.WS_RATE, settings.WS_BURST = 10.0, 20
    gid, sockets, states, turn = await seated(players)
    waiting = sockets[1 - turn]
    before = await snapshot(gid)
    for _ in range(60):
        await waiting.send({"type": "play", "version": states[0]["version"], "tile": "0-0"})
    codes = [(await waiting.receive_type("error"))["code"] for _ in range(60)]
    assert codes.count("rate_limited") >= 60 - 20 - 5  # the burst, and what refills meanwhile
    assert set(codes) <= {"rate_limited", "not_your_turn"}
    assert await snapshot(gid) == before
    assert (await state_once_refilled(waiting))["version"] == before[0]


async def test_errors_speak_the_language_of_the_page(players):
    gid = await afull_table("block", players[:2])
    socket = await socket_of(
        f"/ws/tables/{gid}/", players[0], headers=[(b"accept-language", b"en-GB,en;q=0.8")]
    )
    assert (await socket.connect())[0]
    await state(socket)
    await socket.send({"type": "dance"})
    error = await socket.receive_type("error")
    assert error["code"] == "unknown_type" and error["message"] != "Type de message inconnu."
    french = await connect(gid, players[1])
    await state(french)
    await french.send({"type": "dance"})
    assert (await french.receive_type("error"))["message"] == "Type de message inconnu."


async def test_a_game_move_by_a_service_reaches_sockets_with_the_game_version(players):
    gid, sockets, states, turn = await seated(players)
    game = await database_sync_to_async(Game.objects.get)(pk=gid)
    user = players[turn]
    st = states[turn]
    legal = st["view"]["legal"][0]
    move = {"play": legal["play"], **({"end": legal["end"]} if legal.get("end") else {})}
    await database_sync_to_async(services.play)(gid, user, move, game.version)
    for s in sockets:
        news = await state(s)
        assert news["version"] == game.version + 1 and news["events"][0]["tile"] == legal["play"]


async def test_r53_a_socket_renews_its_presence_and_is_closed_if_it_was_swept(players, settings):
    settings.PRESENCE_HEARTBEAT_SECONDS = 0.2
    gid = await afull_table("draw", players[:2])
    socket = await connect(gid, players[0])
    await state(socket)
    conn = await database_sync_to_async(Connection.objects.get)(game_id=gid)
    first_seen = conn.seen
    limit = asyncio.get_running_loop().time() + 5
    while conn.seen <= first_seen and asyncio.get_running_loop().time() < limit:
        await asyncio.sleep(0.05)
        await database_sync_to_async(conn.refresh_from_db)()
    assert conn.seen > first_seen  # its heartbeat renews it
    # The row is swept (as if the heartbeat had stopped): the page is told to reconnect.
    await database_sync_to_async(services.disconnect)(conn.channel, grace=False)
    output = await socket.communicator.receive_output(timeout=2)
    while output["type"] != "websocket.close":
        output = await socket.communicator.receive_output(timeout=2)
    assert output["code"] == PRESENCE_LOST


async def test_r53_every_seat_sees_who_left_and_the_shortened_clock(players, settings):
    settings.TURN_SECONDS, settings.AWAY_SECONDS = 45, 5
    settings.PRESENCE_GRACE_SECONDS = 0  # leaving counts at once here; the grace is tested apart
    gid, sockets, states, turn = await seated(players, "draw")
    await sockets[turn].send(play_of(states[turn]))  # the next turn begins with both connected
    states = [await socket.receive_type("state") for socket in sockets]
    turn = states[0]["view"]["round"]["turn"]
    assert turn is not None  # SEED's first play does not end the round
    clock = states[0]["table"]["clock"]
    assert clock["kind"] == "turn" and clock["seat"] == turn and 40_000 < clock["remaining_ms"] <= 45_000
    await sockets[turn].close()
    other = sockets[1 - turn]
    presence = await other.receive_type("presence")
    assert presence["players"][turn]["connected"] is False
    assert presence["clock"]["seat"] == turn and presence["clock"]["remaining_ms"] <= 5000
    assert presence["version"] == states[0]["version"]
    await other.close()


async def test_a_play_made_by_the_table_reaches_every_seat_marked_auto(players):
    gid, sockets, states, turn = await seated(players, "draw")

    @database_sync_to_async
    def time_out() -> None:
        game = Game.objects.get(pk=gid)
        Game.objects.filter(pk=gid).update(deadline=game.created)
        assert services.autoplay_if_due(gid, game.version) is not None

    await time_out()
    for socket in sockets:
        message = await socket.receive_type("state")
        assert message["events"][0]["type"] == "play" and message["events"][0]["auto"] is True
        assert message["events"][0]["seat"] == turn
        await socket.close()
