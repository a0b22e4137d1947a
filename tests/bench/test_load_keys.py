"""bench.load's cleanup: the run's keys in the broker's and the channel layer's Redis
databases are removed, whatever database number REDIS_URL names."""

import secrets
from typing import Any

import redis

from bench.load import remove_redis_keys
from config.settings import redis_db


def test_the_runs_keys_are_removed_when_redis_url_names_a_database(settings: Any) -> None:
    settings.REDIS_URL = redis_db(settings.REDIS_URL, 9)
    tag = f"bench-test-{secrets.token_hex(4)}"
    env = {"CELERY_KEY_PREFIX": f"{tag}:", "CHANNEL_PREFIX": tag}
    broker = redis.Redis.from_url(redis_db(settings.REDIS_URL, 2))
    layer = redis.Redis.from_url(redis_db(settings.REDIS_URL, 0))
    others = f"other-{tag}"
    try:
        broker.set(f"{tag}:unacked", 1)
        layer.set(f"{tag}:group", 1)
        layer.set(others, 1)  # another run's: kept
        assert remove_redis_keys(env) == 2
        assert broker.exists(f"{tag}:unacked") == layer.exists(f"{tag}:group") == 0
        assert layer.exists(others) == 1
    finally:
        layer.delete(others, f"{tag}:group")
        broker.delete(f"{tag}:unacked")
        broker.close()
        layer.close()
