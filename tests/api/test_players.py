"""/api/players/<name>/, its matches and the NDJSON export."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.db import connection, connections
from django.test.utils import CaptureQueriesContext

from accounts.views import variant_stats
from games.api import export
from tests.api.conftest import client_of
from tests.conftest import ROOT

pytestmark = pytest.mark.django_db


def export_lines(user: Any, name: str, query: str = "") -> list[dict[str, Any]]:
    response = client_of(user).get(f"/api/players/{name}/export{query}")
    assert response.status_code == 200, response.content
    assert response.streaming and response["Content-Type"] == "application/x-ndjson"
    body = b"".join(response.streaming_content).decode()
    assert body.endswith("\n") or body == ""
    return [json.loads(line) for line in body.splitlines()]


def test_player_profile(games, players):
    data = client_of(None).get("/api/players/alice/").json()
    alice = players[0]
    assert data["username"] == "alice"
    assert data["url"] == "/api/players/alice/"
    assert data["matches"] == "/api/players/alice/matches/"
    assert data["export"] == "/api/players/alice/export"
    assert data["statistics"] == [
        {k: row[k] for k in ("variant", "played", "won", "points")} for row in variant_stats(alice)
    ]
    assert {row["variant"]: row["played"] for row in data["statistics"]} == {"draw": 2, "family": 1}


def test_unknown_players_are_404(games):
    client = client_of(None)
    for name in ("nobody", "a b", "x" * 200, "%00"):
        for suffix in ("", "matches/", "export"):
            response = client.get(f"/api/players/{name}/{suffix}")
            assert response.status_code == 404, (name, suffix)
            assert response["Content-Type"] == "application/json"


def test_player_matches_are_those_the_caller_may_see(games, players):
    g = {k: v.pk for k, v in games.items()}
    alice, bob, charlie = players[:3]

    def listed(user: Any, name: str, query: str = "") -> list[int]:
        return [
            row["id"] for row in client_of(user).get(f"/api/players/{name}/matches/{query}").json()["results"]
        ]

    assert listed(alice, "alice") == [g["family"], g["private"], g["public"]]
    assert listed(bob, "alice") == [g["family"], g["private"], g["public"]]
    assert listed(charlie, "alice") == [g["family"], g["public"]]
    assert listed(None, "alice") == [g["family"], g["public"]]
    assert listed(None, "charlie") == [g["family"], g["live"]]
    assert listed(None, "charlie", "?player=dave") == [g["family"]]
    assert listed(None, "charlie", "?variant=draw&status=playing") == [g["live"]]
    assert listed(charlie, "alice", "?player=alice") == [g["family"], g["public"]]


def test_export_holds_every_match_of_the_player_as_records(games, players):
    g = {k: v for k, v in games.items()}
    alice, charlie = players[0], players[2]
    lines = export_lines(alice, "alice")
    assert [line["id"] for line in lines] == [g["family"].pk, g["private"].pk, g["public"].pk]
    for line in lines:
        game = g[next(k for k, v in g.items() if v.pk == line["id"])]
        # Each line is the match's record, as the server keeps it, with its summary beside it.
        record = game.record()
        assert {k: line[k] for k in record} == record
        summary = client_of(alice).get(f"/api/matches/{game.pk}/").json()
        assert {k: line[k] for k in summary if k not in ("rounds", "record", "scores", "current_round")} == {
            k: v for k, v in summary.items() if k not in ("rounds", "record", "scores", "current_round")
        }
    # Others see only the public ones; the filters are those of the lists.
    assert [line["id"] for line in export_lines(charlie, "alice")] == [g["family"].pk, g["public"].pk]
    assert [line["id"] for line in export_lines(None, "alice", "?variant=draw")] == [g["public"].pk]
    assert export_lines(None, "alice", "?since=2999-01-01") == []
    response = client_of(None).get("/api/players/alice/export?status=nonsense")
    assert response.status_code == 400 and "status" in response.json()


def test_an_exported_line_replays_on_the_command_line(games, players):
    line = export_lines(players[0], "alice")[-1]
    done = subprocess.run(
        [sys.executable, "-m", "games.rules", "replay", "-"],
        input=json.dumps(line),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    result = json.loads(done.stdout)
    assert result["scores"] == [p["score"] for p in line["players"]]
    assert result["winner"] == line["winner"]


def test_export_streams_a_chunk_at_a_time(games, players, monkeypatch):
    """The first lines come before the later matches are read: each chunk is read, written
    and sent before the next one, in a bounded number of queries."""
    monkeypatch.setattr(export, "FIRST_CHUNK", 1)
    monkeypatch.setattr(export, "CHUNK", 1)
    response = client_of(players[2]).get("/api/players/charlie/export")  # two matches
    chunks = iter(response.streaming_content)
    counts = []
    while True:
        with CaptureQueriesContext(connection) as queries:
            chunk = next(chunks, None)
        if chunk is None:
            break
        counts.append(len(queries))
        assert chunk.count(b"\n") == 1 and json.loads(chunk)["id"]
    # The matches' cursor (read by its own chunks), then seats, rounds and moves of each chunk.
    assert len(counts) == 2
    assert all(count <= 5 for count in counts), counts


@pytest.mark.django_db(transaction=True)
async def test_export_is_streamed_under_asgi(games, players):
    """Under ASGI (Daphne) the export is an asynchronous stream: Django would otherwise read
    a plain iterator to its end before sending its first byte."""
    from django.test import AsyncClient

    response = await AsyncClient().get("/api/players/charlie/export")
    assert response.status_code == 200 and response.is_async
    lines = [
        json.loads(line)
        for chunk in [c async for c in response.streaming_content]
        for line in chunk.splitlines()
    ]
    assert [line["id"] for line in lines] == [games[k].pk for k in ("family", "live")]
    # The view ran on the thread of sync_to_async: its database connection is closed there.
    await sync_to_async(connections.close_all)()
