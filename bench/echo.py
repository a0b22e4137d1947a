"""The floor of the load benchmark: a bare Channels echo through the site's Redis layer.

A connection to ``/ws/echo/<pair>/`` joins the group ``echo.<pair>``; every text
message it receives is sent with ``group_send`` to that group, through the same
channels_redis layer (settings.CHANNEL_LAYERS) as the live tables, and each
member of the group sends it back to its client on receipt (``relay``, as the
table consumer does), its handlers called as the site's are
(``games.consumers.DirectConsumer``). That is the path of a move from a seat to
every seat of its table, minus the database, the rules engine and the per-seat
views: what a move's round trip cannot go below on the same machine, through the
same Daphne and the same Redis. Served by bench.asgi only, never by the site.
"""

from __future__ import annotations

from typing import Any

from django.urls import path

from games.consumers import DirectConsumer


class EchoConsumer(DirectConsumer):
    async def connect(self) -> None:
        self.group = f"echo.{self.scope['url_route']['kwargs']['pair']}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if text_data is not None:
            await self.channel_layer.group_send(self.group, {"type": "relay", "text": text_data})

    async def relay(self, event: dict[str, Any]) -> None:
        await self.send(text_data=event["text"])


websocket_urlpatterns = [path("ws/echo/<int:pair>/", EchoConsumer.as_asgi())]
