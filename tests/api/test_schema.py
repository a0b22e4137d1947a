"""The API against its own OpenAPI schema (schemathesis, inside the suite).

Generated requests to every operation: no server error, and every answer (200,
400, 404, 429, the NDJSON export) conforms to the schema. The schema is loaded at
module level from the WSGI application (schemathesis.pytest.from_fixture fails
with pytest 9.2); NDJSON answers are read by a deserializer of our own, without
which schemathesis would skip them and report them as passing.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.conf import settings as django_settings
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import negative_data_rejection, positive_data_acceptance

from accounts.tokens import create_token
from config.wsgi import application

pytestmark = pytest.mark.django_db

EXPORT = "application/x-ndjson"
read: list[str] = []  # the media types deserialized by ndjson(), so that a test can see it ran


@schemathesis.deserializer(EXPORT)
def ndjson(ctx: Any, response: Any) -> list[Any]:
    read.append(EXPORT)
    return [json.loads(line) for line in response.content.decode().splitlines() if line]


schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)


@pytest.fixture(autouse=True)
def wsgi_in_the_test(settings: Any) -> Iterator[None]:
    """schemathesis calls the WSGI application, as http://localhost, in the test's own thread
    and transaction. As Django's test client does, the request's end must not close the
    test's database connection."""
    settings.ALLOWED_HOSTS = ["localhost", "testserver"]
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def data(games: Any, settings: Any) -> dict[str, Any]:
    """The matches of tests/api/conftest.py; rates high enough for the generated requests."""
    settings.REST_FRAMEWORK = {
        **django_settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"user": "100000/min", "address": "100000/min", "export": "100000/min"},
    }
    return games


@schema.parametrize()
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
def test_generated_requests_conform(case: Any, data: Any) -> None:
    # Every check but the two about which input is accepted: the API is lenient with some
    # input the schema calls invalid (an empty parameter is no filter, as forms send them),
    # and strict where OpenAPI cannot say it (result needs player; no 30 February).
    case.call_and_validate(excluded_checks=[negative_data_rejection, positive_data_acceptance])


def operation(path: str) -> Any:
    return schema[path]["GET"]


def test_real_answers_conform(data: Any, players: Any) -> None:
    """Answers about matches and players that exist (generated ones are mostly 404)."""
    read.clear()
    cases = [
        operation("/api/matches/").Case(query={"player": ["alice", "bob"], "page_size": 2}),
        operation("/api/matches/").Case(query={"status": "playing"}),
        operation("/api/players/{username}/").Case(path_parameters={"username": "alice"}),
        operation("/api/players/{username}/matches/").Case(path_parameters={"username": "charlie"}),
        operation("/api/players/{username}/export").Case(path_parameters={"username": "charlie"}),
        operation("/api/leaderboards/{variant}/").Case(path_parameters={"variant": "draw"}),
        operation("/api/matches/").Case(query={"since": "hier"}),  # 400
        operation("/api/players/{username}/").Case(path_parameters={"username": "nobody"}),  # 404
    ]
    cases += [operation("/api/matches/{id}/").Case(path_parameters={"id": game.pk}) for game in data.values()]
    statuses = [case.call_and_validate().status_code for case in cases]
    assert statuses == [200] * 6 + [400, 404] + [200 if game.public else 404 for game in data.values()]
    assert read == [EXPORT]  # the export's lines were read and checked, not skipped
    # A private match, with a token: the same shape.
    _token, secret = create_token(players[0], "un script")
    private = operation("/api/matches/{id}/").Case(path_parameters={"id": data["private"].pk})
    assert private.call_and_validate(headers={"Authorization": f"Bearer {secret}"}).status_code == 200
    assert private.call_and_validate().status_code == 404


def test_429_conforms(games: Any, settings: Any) -> None:
    settings.REST_FRAMEWORK = {
        **django_settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"user": "1/min", "address": "3/min", "export": "1/min"},
    }
    # The export's own rate, then the address's (the export's calls count for it too).
    for path, params in (("/api/players/{username}/export", {"username": "alice"}), ("/api/matches/", {})):
        case = operation(path).Case(path_parameters=params)
        assert case.call_and_validate().status_code == 200
        response = case.call_and_validate()
        headers = {name.lower(): value for name, value in response.headers.items()}
        assert response.status_code == 429 and int(headers["retry-after"][0]) > 0
