"""Fixtures shared by the whole suite (pytest-django provides client, settings, db).

The suite talks to the real Redis (channel layer, cache). Each run uses key
prefixes of its own, so that two runs, or a running site, never see each other's
groups; the cache (login rate limits) is emptied before each test.
"""

import os
import uuid

import pytest

RUN = f"test-{uuid.uuid4().hex[:8]}"


def pytest_configure(config: pytest.Config) -> None:
    # Set for this process and for the servers the tests start (they read the environment).
    os.environ["CHANNEL_PREFIX"] = f"asgi-{RUN}"
    os.environ["CACHE_KEY_PREFIX"] = RUN
    from django.conf import settings

    settings.CHANNEL_LAYERS["default"]["CONFIG"]["prefix"] = os.environ["CHANNEL_PREFIX"]
    settings.CACHES["default"]["KEY_PREFIX"] = RUN
    # Users are made by the hundred: a fast hash (the servers started by tests keep theirs).
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _empty_cache() -> None:
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(autouse=True)
def _fresh_channel_layer() -> None:
    """Each test runs in an event loop of its own: a layer (and its Redis pools) per test."""
    from channels.layers import channel_layers

    channel_layers.backends.clear()
