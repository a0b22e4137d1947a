"""A socket's first state is read only once its subscriptions are in place
(docs/architecture.md, "A socket's first state"): from its first state on, a socket
sees every version of its table, even when a change is committed and published
while its SUBSCRIBE is still on its way to Redis.
"""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels_redis.pubsub import RedisSingleShardConnection

from games.models import Game
from tests.games.conftest import Socket, afull_table, connect, game_of, play_first

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("close_sockets")]


class LateSubscriptions:
    """Redis as it may order things under load: a SUBSCRIBE that the channel layer has
    sent lands only after the next PUBLISH to its channel, which another connection
    sent later and which is therefore lost to this process; every SUBSCRIBE sent before
    it on the layer's connection lands with it (one connection's commands keep their
    order). ``group_add`` returns, as it does with Redis, as soon as it has sent its
    SUBSCRIBE."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.in_flight: list[tuple[RedisSingleShardConnection, str]] = []
        self.overtaken = 0
        subscribe, publish = RedisSingleShardConnection.subscribe, RedisSingleShardConnection.publish

        async def sent(shard: RedisSingleShardConnection, channel: str) -> None:
            self.in_flight.append((shard, channel))

        async def published(shard: RedisSingleShardConnection, channel: str, message: Any) -> None:
            await publish(shard, channel, message)
            if any(c == channel for _, c in self.in_flight):
                self.overtaken += 1
                landing, self.in_flight = self.in_flight, []
                for s, c in landing:
                    await subscribe(s, c)

        monkeypatch.setattr(RedisSingleShardConnection, "subscribe", sent)
        monkeypatch.setattr(RedisSingleShardConnection, "publish", published)


async def versions_until(socket: Socket, final: int) -> list[int]:
    """The versions of the states ``socket`` was sent, in order, until it has ``final``."""
    seen = [m["version"] for m in socket.received if m["type"] == "state"]
    while not seen or max(seen) < final:
        message = await socket.receive()
        if message["type"] == "state":
            seen.append(message["version"])
    return seen


async def test_sockets_opened_while_changes_are_committed_see_every_version_from_their_first(
    players, monkeypatch
):
    gid = await afull_table("block", players[:2])
    late = LateSubscriptions(monkeypatch)
    play = database_sync_to_async(lambda: play_first(game_of(gid)))
    # Each socket opens, gets its first state, and a change is committed at once: the
    # seat's group may still be on its way to Redis when the change is published.
    sockets: list[Socket] = []
    for user in (
        players[0],
        players[1],
        players[2],
        players[0],
    ):  # seat 0, seat 1, a spectator, seat 0's second tab
        socket = await connect(gid, user)
        await socket.receive_type("state")
        sockets.append(socket)
        await play()
    await play()  # one more, that every socket gets
    final = (await database_sync_to_async(Game.objects.get)(pk=gid)).version
    assert late.overtaken >= 3, "the subscriptions were overtaken by a publish"
    for index, socket in enumerate(sockets):
        seen = await versions_until(socket, final)
        first = seen[0]
        later = sorted({v for v in seen if v > first})
        assert later == list(range(first + 1, final + 1)), f"socket {index} saw {seen}: it missed a version"
