"""The export's rounds written by PostgreSQL (``export.ROUNDS_SQL``) are the record's
builder's (``games.rules.record.match_record`` through ``api.records.record``), as JSON,
on every variant: every round, forced actions, wild blanks' ``open`` and the table's
``auto`` marks included (docs/record.md)."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from games import services
from games.api import export
from games.models import Game
from games.rules import VARIANTS
from tests.api.conftest import match, play_out

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the export's SQL path runs on PostgreSQL only"
)


def played(variant: str, users: list) -> Game:
    """A match of ``variant`` played to its end, its first turn played by the table (auto)."""
    game = match(variant, users[: max(2, VARIANTS[variant].min_seats)], rounds=0)
    services.connect(game.pk, users[0], "tab-0")  # R56: with nobody there the table waits
    game.refresh_from_db()
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert services.autoplay_if_due(game.pk, game.version) is not None
    return play_out(game.pk)


@pytest.mark.django_db
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_exports_sql_writes_the_rounds_as_the_builder_does(variant, players):
    game = played(variant, players)
    by_sql = export._written_rounds([game.pk])[game.pk]
    by_builder = export._rounds([game.pk])[game.pk]
    assert len(by_sql) == game.rounds.count() >= 1
    assert [json.loads(r) for r in by_sql] == [json.loads(r) for r in by_builder]
    actions = [a for r in by_sql for a in json.loads(r)["actions"]]
    assert any(a.get("auto") for a in actions)
    if VARIANTS[variant].wild_blanks:
        assert any("open" in a for a in actions)
