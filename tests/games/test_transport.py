"""A process's own event loop (games.transport): the clock hands its messages over and goes
on; they reach the group in the order they were handed over, and ``drain`` waits for them.
Real Redis, through the site's channel layer."""

from __future__ import annotations

import asyncio
import collections
import threading
from collections.abc import Iterator

import pytest
from channels.layers import get_channel_layer

from games import transport
from tests.timers.conftest import wait_for

GROUP = "handover.test"


@pytest.fixture
def own_loop(monkeypatch: pytest.MonkeyPatch) -> Iterator[type]:
    """This test's process sends from a loop of its own, handing over, as the clock does;
    the loop is stopped after."""
    own = transport._OwnLoop
    monkeypatch.setattr(own, "loop", None)
    monkeypatch.setattr(own, "pid", 0)
    monkeypatch.setattr(own, "wanted", False)
    monkeypatch.setattr(own, "hand_over", False)
    monkeypatch.setattr(own, "pending", collections.deque())
    transport.use_own_loop(hand_over=True)
    yield own
    if own.loop is not None:
        own.loop.call_soon_threadsafe(own.loop.stop)


def held(loop: asyncio.AbstractEventLoop) -> threading.Event:
    """Hold ``loop`` (a callback that blocks it) until the returned event is set."""
    release, holding = threading.Event(), threading.Event()

    def hold() -> None:
        holding.set()
        release.wait(30)

    loop.call_soon_threadsafe(hold)
    assert holding.wait(10)
    return release


async def received(channel: str, count: int) -> list[str]:
    layer = get_channel_layer()
    return [(await asyncio.wait_for(layer.receive(channel), 10))["text"] for _ in range(count)]


async def test_handed_over_messages_go_out_in_order_while_the_sender_goes_on(own_loop):
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add(GROUP, channel)
    texts = [f"message {i}" for i in range(50)]

    def hand_over() -> bool:
        release = held(own_loop.get())
        for text in texts:  # the loop is held: a sender that waited would wait here
            transport.send((GROUP, text))
        unsent = not any(future.done() for future in own_loop.pending)
        release.set()
        return unsent

    assert await asyncio.to_thread(hand_over)  # every send returned before any was out
    assert await asyncio.to_thread(transport.drain)
    assert await received(channel, len(texts)) == texts
    assert all(future.done() for future in own_loop.pending)


async def test_past_the_bound_a_sender_waits_for_the_oldest(own_loop, monkeypatch):
    monkeypatch.setattr(transport, "HANDED_OVER_AT_MOST", 3)
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add(GROUP, channel)
    release = await asyncio.to_thread(held, own_loop.get())
    sender = threading.Thread(target=lambda: [transport.send((GROUP, str(i))) for i in range(5)])
    sender.start()
    await asyncio.to_thread(wait_for, lambda: len(own_loop.pending) == 4, 10)
    await asyncio.to_thread(sender.join, 0.5)
    assert sender.is_alive() and len(own_loop.pending) == 4  # the fifth waits for the first
    release.set()
    await asyncio.to_thread(sender.join, 10)
    assert not sender.is_alive()
    assert await asyncio.to_thread(transport.drain)
    assert await received(channel, 5) == ["0", "1", "2", "3", "4"]


def test_without_hand_over_a_sender_waits_until_sent(own_loop, monkeypatch):
    """The worker's way: its task returns once its messages are out."""
    monkeypatch.setattr(own_loop, "hand_over", False)
    release = held(own_loop.get())
    sender = threading.Thread(target=lambda: transport.send((GROUP, "waits")))
    sender.start()
    sender.join(0.5)
    assert sender.is_alive() and not own_loop.pending
    release.set()
    sender.join(10)
    assert not sender.is_alive()
