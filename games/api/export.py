"""The export: every match of a query, one JSON record a line (NDJSON), streamed.

The matches are read over a server-side cursor (``QuerySet.iterator``), a chunk at
a time; each chunk's seats, rounds and moves are read in three queries and written
out before the next chunk is read, so the memory used does not grow with the
number of matches, and the first lines go out at once. Each line is a game record
(docs/record.md: its variant, seats, target and the rounds that are over, each with
its seed) that ``python -m games.rules replay`` takes as it is, with the match's
summary beside it (id, players, status, dates), keys the record format ignores.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from itertools import islice
from typing import Any

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.db.models import QuerySet
from django.http import HttpRequest, StreamingHttpResponse
from django.utils import timezone
from rest_framework.utils.encoders import JSONEncoder

from games.api.records import GAME_COLUMNS, MOVE_COLUMNS, ROUND_COLUMNS, record, secret_deals, summary
from games.api.views import changes_of, grouped, seats_of
from games.models import Game, Move, Round

CONTENT_TYPE = "application/x-ndjson"
# The first chunk is small, so that the first lines come at once; then larger ones.
FIRST_CHUNK = 20
CHUNK = 200

encoder = JSONEncoder(ensure_ascii=False, separators=(",", ":"))


def _chunks(rows: Iterator[Any]) -> Iterator[list[Any]]:
    size = FIRST_CHUNK
    while chunk := list(islice(rows, size)):
        yield chunk
        size = CHUNK


def lines(games: QuerySet[Game]) -> Iterator[bytes]:
    """The NDJSON of ``games``, newest first, a chunk of lines at a time."""
    rows = games.order_by("-id").values_list(*GAME_COLUMNS).iterator(chunk_size=CHUNK)
    now = timezone.now()
    written = _written_rounds if connection.vendor == "postgresql" else _rounds
    for chunk in _chunks(rows):
        ids = [row[0] for row in chunk]
        seats, changes = seats_of(ids), changes_of(ids)
        rounds = written([row[0] for row in chunk if not secret_deals(row, now)])
        out = []
        for row in chunk:
            # The summary and the record's keys, the rounds (already JSON) put in last.
            line = encoder.encode(
                {**summary(row, seats.get(row[0], []), changes.get(row[0], [])), **record(row, [], [])}
            )
            assert line.endswith(',"rounds":[]}')
            out.append(f"{line[:-2]}{','.join(rounds.get(row[0], []))}]}}")
        yield ("\n".join(out) + "\n").encode()


def _rounds(ids: list[int]) -> dict[int, list[str]]:
    """The record's rounds that are over, of each match, in JSON (built here from the rows)."""
    rounds = grouped(
        Round.objects.filter(game_id__in=ids, finished__isnull=False).values_list(*ROUND_COLUMNS)
    )
    over = [row[1] for group in rounds.values() for row in group]
    moves = grouped(
        Move.objects.filter(round_id__in=over).order_by("seq").values_list("game_id", *MOVE_COLUMNS)
    )
    return {
        pk: [
            encoder.encode(rnd)
            for rnd in record((pk, None, None, None), group, [m[1:] for m in moves.get(pk, [])])["rounds"]
        ]
        for pk, group in rounds.items()
    }


# The same rounds written by PostgreSQL, as text, each action as Move.action() writes it
# (tiles and ends are the engine's own words: nothing in them needs escaping; a play's
# ``place`` is stored JSON, its keys put in as they are). Text put
# together in the database is much quicker than the same loop in Python, or than
# PostgreSQL's JSON functions.
ROUNDS_SQL = """
SELECT r.game_id, '{"seed":' || to_json(r.seed)::text || ',"hands":' || r.hands::text
    || ',"stock":' || r.stock::text || ',"actions":[' || coalesce(a.actions, '') || ']}'
FROM games_round r
LEFT JOIN (
    SELECT m.round_id, string_agg(
        '{"seat":' || m.seat
        || CASE m.kind
            WHEN 'play' THEN ',"play":"' || m.tile || '"'
                || CASE WHEN m."end" <> '' THEN ',"end":"' || m."end" || '"' ELSE '' END
                || CASE WHEN m."open" IS NOT NULL THEN ',"open":' || m."open" ELSE '' END
                || CASE WHEN m.place IS NOT NULL
                    THEN ',' || substr(m.place::text, 2, length(m.place::text) - 2) ELSE '' END
            WHEN 'draw' THEN ',"draw":"' || m.tile || '"'
            ELSE ',"pass":true'
        END
        || CASE WHEN m.auto THEN ',"auto":true' ELSE '' END || '}',
        ',' ORDER BY m.seq) AS actions
    FROM games_move m WHERE m.game_id = ANY(%s)
    GROUP BY m.round_id
) a ON a.round_id = r.id
WHERE r.game_id = ANY(%s) AND r.finished IS NOT NULL
ORDER BY r.game_id, r.number
"""


def _written_rounds(ids: list[int]) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    if not ids:
        return out
    with connection.cursor() as cursor:
        cursor.execute(ROUNDS_SQL, [ids, ids])
        for game_id, text in cursor.fetchall():
            out.setdefault(game_id, []).append(text)
    return out


async def _async_lines(source: Iterator[bytes]) -> AsyncIterator[bytes]:
    """``source`` read on the request's own thread (its database connection and cursor)."""
    step = sync_to_async(next, thread_sensitive=True)
    try:
        while (chunk := await step(source, None)) is not None:
            yield chunk
    finally:
        await sync_to_async(source.close, thread_sensitive=True)()  # type: ignore[attr-defined]


def response(request: HttpRequest, games: QuerySet[Game], filename: str) -> StreamingHttpResponse:
    """The streamed export of ``games``: an async stream under ASGI (Daphne), else a plain one.

    Django would read a plain iterator to its end before sending anything under ASGI.
    """
    source = lines(games)
    content: Any = _async_lines(source) if isinstance(request, ASGIRequest) else source
    out = StreamingHttpResponse(content, content_type=CONTENT_TYPE)
    out["Content-Disposition"] = f'attachment; filename="{filename}"'
    out["X-Accel-Buffering"] = "no"  # a proxy in front passes the lines on as they come
    return out
