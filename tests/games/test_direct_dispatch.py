"""Consumers hand each message straight to its handler (games.consumers.DirectConsumer).

Channels' own consumers first hop to its database thread, to close old connections,
for every message they get, from the socket and from a group alike. The site's
consumers, and the benchmark's echo that measures their floor, do not
(docs/benchmarks.md, "The echo floor, measured again").
"""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import channels.consumer
import pytest
import redis.asyncio
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.testing import WebsocketCommunicator
from django.conf import settings

from bench.echo import EchoConsumer
from games.consumers import DirectConsumer, LobbyConsumer, TableConsumer


class Relay:
    """Sends what its socket says to its group, and what the group relays to its socket."""

    groups = [f"direct-dispatch-{uuid.uuid4().hex}"]

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        await self.channel_layer.group_send(self.groups[0], {"type": "relay", "text": text_data})

    async def relay(self, event: dict[str, Any]) -> None:
        await self.send(text_data=event["text"])


class Direct(Relay, DirectConsumer):
    pass


class Channels(Relay, AsyncWebsocketConsumer):
    pass


async def subscribed(group: str) -> None:
    """Wait until Redis has the group's subscription (``group_add`` returns once its
    SUBSCRIBE is sent, not once Redis has it); at once on the lists layer."""
    layer = settings.CHANNEL_LAYERS["default"]
    if not layer["BACKEND"].endswith("RedisPubSubChannelLayer"):
        return
    channel = f"{layer['CONFIG']['prefix']}__group__{group}"
    client = redis.asyncio.Redis.from_url(layer["CONFIG"]["hosts"][0]["address"])
    try:
        async with asyncio.timeout(5):
            while dict(await client.pubsub_numsub(channel)).get(channel.encode(), 0) < 1:
                await asyncio.sleep(0.01)
    finally:
        await client.aclose()


@pytest.mark.parametrize(("consumer", "hops"), [(Direct, 0), (Channels, 2)])
async def test_a_message_and_its_relay_reach_their_handlers_without_a_hop(
    consumer: type[AsyncWebsocketConsumer], hops: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[None] = []

    async def hop() -> None:
        calls.append(None)

    monkeypatch.setattr(channels.consumer, "aclose_old_connections", hop)
    socket = WebsocketCommunicator(consumer.as_asgi(), "/ws/direct/")
    connected, _ = await socket.connect()
    assert connected
    await subscribed(Relay.groups[0])
    calls.clear()
    await socket.send_to(text_data="bonjour")
    assert await socket.receive_from(timeout=5) == "bonjour"
    # Channels' consumer hopped for the socket's message and for the group's relay.
    assert len(calls) == hops
    await socket.disconnect()


def test_the_sites_consumers_and_the_echo_dispatch_directly() -> None:
    for consumer in (TableConsumer, LobbyConsumer, EchoConsumer):
        assert issubclass(consumer, DirectConsumer)
        assert consumer.dispatch is DirectConsumer.dispatch
