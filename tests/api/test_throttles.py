"""Rate limits: per user when logged in, per address otherwise, a lower one for the export;
429 with Retry-After. Counted in the Redis cache, shared by every process."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings as django_settings
from django.core.cache import cache

from tests.api.conftest import client_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def rates(settings: Any) -> None:
    settings.REST_FRAMEWORK = {
        **django_settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"user": "5/min", "address": "3/min", "export": "2/min"},
    }


def statuses(client: Any, url: str, n: int, **headers: str) -> list[int]:
    return [client.get(url, **headers).status_code for _ in range(n)]


def test_anonymous_callers_are_counted_per_address(rates):
    client = client_of(None)
    assert statuses(client, "/api/matches/", 4) == [200, 200, 200, 429]
    response = client.get("/api/matches/")
    assert response.status_code == 429 and 0 < int(response["Retry-After"]) <= 60
    assert response.json()["detail"]
    # Another address has its own count.
    assert client.get("/api/matches/", REMOTE_ADDR="192.0.2.7").status_code == 200


def test_players_are_counted_per_user(rates, players):
    alice, bob = players[:2]
    assert statuses(client_of(alice), "/api/matches/", 6) == [200] * 5 + [429]
    # Same address, another user: a count of their own; the address's count is for anonymous calls.
    assert client_of(bob).get("/api/matches/").status_code == 200
    assert client_of(None).get("/api/matches/").status_code == 200


def test_the_export_has_a_lower_rate_of_its_own(rates, players):
    client = client_of(players[0])
    assert statuses(client, "/api/players/alice/export", 3) == [200, 200, 429]
    assert "Retry-After" in client.get("/api/players/alice/export").headers
    assert client.get("/api/matches/").status_code == 200  # the other endpoints still answer


def test_counts_are_kept_in_the_shared_cache(rates):
    client = client_of(None)
    client.get("/api/matches/")
    keys = list(
        cache._cache.get_client().scan_iter(f"{django_settings.CACHES['default']['KEY_PREFIX']}:*throttle*")
    )
    assert keys, "no throttle count in Redis"
