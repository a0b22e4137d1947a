"""The lobby (/salon/): the open public tables, live over /ws/salon/, and opening a table.

Joining, leaving and private tables' invitations are checked through the pages too.
"""

from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.urls import reverse
from django.utils import timezone

from games import services
from games.models import Game, Seat
from games.rules import VARIANTS
from tests.games.conftest import Socket, session_cookie


def open_table(client, **fields):
    data = {"variant": "draw", "seats": 3, "target": "", "public": "on", **fields}
    return client.post(reverse("lobby"), {k: v for k, v in data.items() if v is not None})


def listed(html):
    """The ids of the tables the lobby page lists, in order."""
    return [int(pk) for pk in re.findall(r'<li class="lobby-table" data-table="(\d+)">', html)]


def row(html, pk):
    return re.search(rf'<li class="lobby-table" data-table="{pk}">(.*?)</li>', html, re.S).group(1)


def seats(game):
    return dict(Seat.objects.filter(game=game).values_list("index", "player__username"))


@pytest.fixture
def alice(client, players):
    client.force_login(players[0])
    return players[0]


# The page ---------------------------------------------------------------------------


def test_it_needs_a_login(client, db):
    response = client.get(reverse("lobby"))

    assert response.status_code == 302
    assert response["Location"] == reverse("account_login") + "?next=/salon/"


def test_it_has_the_hooks_of_the_browser_tests(client, alice):
    html = client.get(reverse("lobby")).content.decode()

    assert '<form id="open-table" method="post" action="/salon/">' in html
    assert '<button id="open-table-submit" type="submit">Ouvrir la table</button>' in html
    assert '<ul id="tables" class="tables">' in html
    assert 'src="/static/js/lobby.mjs"' in html


def test_it_lists_open_public_tables_only_newest_first(client, alice, players):
    bob, charlie, dave, eve, frank = players[1:6]
    older = services.open_table(bob, "draw", 3, None, True)
    Game.objects.filter(pk=older.pk).update(created=timezone.now() - timedelta(minutes=1))
    newer = services.open_table(charlie, "family", 6, 200, True)
    private = services.open_table(dave, "draw", 2, None, False)
    started = services.open_table(eve, "block", 2, None, True)
    services.join(started.pk, frank)
    closed = services.open_table(alice, "classic", 2, None, True)  # one live table each (R56)
    services.leave(closed.pk, alice)

    html = client.get(reverse("lobby")).content.decode()

    assert listed(html) == [newer.pk, older.pk]
    assert "Aucune table publique" in html  # the empty-list text is there for the script...
    assert 'id="no-tables" class="no-tables" hidden' in html  # ...hidden while tables are listed
    waiting = html.split('<ul id="tables"', 1)[1].split("</ul>", 1)[0]
    for game in (private, started, closed):
        assert f"/tables/{game.pk}/" not in waiting
    # The match in play is listed apart, to watch; the private one nowhere.
    assert f'data-match="{started.pk}"' in html and f"/tables/{private.pk}/" not in html


def test_a_row_shows_variant_players_host_target_and_a_join_button(client, alice, players):
    game = services.open_table(players[1], "family", 6, 200, True)

    text = row(client.get(reverse("lobby")).content.decode(), game.pk)

    assert f'<a class="variant-name" href="/tables/{game.pk}/">Domino familial</a>' in text
    assert "Joueurs\u00a0: 1 sur 6" in text
    assert "Hôte\u00a0: bob" in text
    assert "Objectif\u00a0: 200 points" in text
    assert f'<form class="join-form" method="post" action="/tables/{game.pk}/rejoindre/">' in text
    assert 'name="csrfmiddlewaretoken"' in text
    assert '<button type="submit" class="join">Rejoindre</button>' in text
    assert f'<a class="view" href="/tables/{game.pk}/">Voir la table</a>' in text
    assert '<span class="seated" hidden>' in text


def test_a_table_one_sits_at_offers_no_join(client, alice):
    game = services.open_table(alice, "draw", 2, None, True)

    text = row(client.get(reverse("lobby")).content.decode(), game.pk)

    assert '<span class="seated">Vous y êtes assis</span>' in text
    assert f'<form class="join-form" method="post" action="/tables/{game.pk}/rejoindre/" hidden>' in text


def test_the_script_gets_what_each_variant_allows(client, alice):
    html = client.get(reverse("lobby")).content.decode()

    page = json.loads(
        re.search(r'<script id="lobby-data" type="application/json">(.*?)</script>', html).group(1)
    )
    assert page["socket"] == "/ws/salon/"
    assert page["me"] == "alice"
    assert page["join_url"] == "/tables/0/rejoindre/"
    assert list(page["variants"]) == list(VARIANTS)
    for key, rules in VARIANTS.items():
        assert page["variants"][key] == {
            "name": page["variants"][key]["name"],
            "min_seats": rules.min_seats,
            "max_seats": rules.max_seats,
            "targets": list(rules.targets),
            "default_target": rules.default_target,
        }
    assert page["variants"]["family"]["name"] == "Domino familial"
    assert (page["variants"]["family"]["min_seats"], page["variants"]["family"]["max_seats"]) == (2, 6)


def test_the_script_s_text_is_french_from_the_template(client, alice):
    html = client.get(reverse("lobby")).content.decode()

    strings = json.loads(
        re.search(r'<script type="application/json" id="lobby-strings">(.*?)</script>', html, re.S).group(1)
    )
    assert strings["players"] == "Joueurs\u00a0: %(taken)s sur %(seats)s"
    assert strings["host"] == "Hôte\u00a0: %(host)s"
    assert strings["target"] == "Objectif\u00a0: %(target)s points"
    assert strings["default_target"] == "celui de la variante (%(target)s)"
    assert strings["reconnecting"] == "Connexion au salon perdue\u00a0: nouvel essai dans %(seconds)s\u00a0s…"


# Opening a table ----------------------------------------------------------------------


def test_opening_a_public_table_takes_the_host_to_seat_0(client, alice):
    response = open_table(client, variant="draw", seats=3, target=50)

    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/tables/{game.pk}/"
    assert (game.variant, game.seats, game.target, game.public, game.status) == ("draw", 3, 50, True, "open")
    assert game.host == alice
    assert seats(game) == {0: "alice"}


def test_without_a_target_the_variant_s_default_is_taken(client, alice):
    open_table(client, variant="classic", seats=2, target="")

    assert Game.objects.get().target == VARIANTS["classic"].default_target == 50


def test_opening_a_private_table(client, alice, players):
    response = open_table(client, variant="family", seats=5, public=None)

    game = Game.objects.get()
    assert response["Location"] == f"/tables/{game.pk}/"
    assert not game.public
    assert seats(game) == {0: "alice"}
    assert client.get(response["Location"]).status_code == 200
    assert game.pk not in listed(client.get(reverse("lobby")).content.decode())


@pytest.mark.parametrize(
    ("fields", "field", "error"),
    [
        (
            {"variant": "classic", "seats": 4},
            "seats",
            "Ce nombre de places n’est pas permis pour cette variante.",
        ),
        (
            {"variant": "partners", "seats": 2},
            "seats",
            "Ce nombre de places n’est pas permis pour cette variante.",
        ),
        (
            {"variant": "draw", "seats": 2, "target": 61},
            "target",
            "Cet objectif n’est pas permis pour cette variante.",
        ),
        ({"variant": "draw", "seats": 9}, "seats", "Sélectionnez un choix valide. 9 n’en fait pas partie."),
        (
            {"variant": "poker", "seats": 2},
            "variant",
            "Sélectionnez un choix valide. poker n’en fait pas partie.",
        ),
    ],
)
def test_bad_seats_or_target_give_a_french_form_error_and_open_nothing(client, alice, fields, field, error):
    response = open_table(client, **fields)

    assert response.status_code == 400
    assert response.context["form"].errors[field] == [error]
    assert error in response.content.decode()
    assert not Game.objects.exists()


# Joining and leaving ------------------------------------------------------------------


def join(client, game, **data):
    return client.post(reverse("join", args=[game.pk]), data)


def test_join_takes_the_next_seat_and_the_last_one_starts_the_match(client, players):
    alice, bob, charlie = players[:3]
    game = services.open_table(alice, "draw", 3, None, True)

    client.force_login(bob)
    response = join(client, game)
    assert response["Location"] == f"/tables/{game.pk}/"
    assert seats(game) == {0: "alice", 1: "bob"}

    client.force_login(charlie)
    join(client, game)
    game.refresh_from_db()
    assert seats(game) == {0: "alice", 1: "bob", 2: "charlie"}
    assert game.status == Game.PLAYING


def test_join_needs_a_post(client, alice, players):
    game = services.open_table(players[1], "draw", 2, None, True)

    assert client.get(reverse("join", args=[game.pk])).status_code == 405
    assert seats(game) == {0: "bob"}


def test_leaving_frees_the_seat_for_the_next_player(client, players):
    alice, bob, charlie = players[:3]
    game = services.open_table(alice, "draw", 3, None, True)
    services.join(game.pk, bob)
    client.force_login(bob)

    response = client.post(reverse("leave", args=[game.pk]))

    assert response["Location"] == reverse("lobby")
    assert seats(game) == {0: "alice"}
    client.force_login(charlie)
    join(client, game)
    assert seats(game) == {0: "alice", 1: "charlie"}


def test_the_host_leaving_closes_the_table(client, players):
    alice, bob = players[:2]
    game = services.open_table(alice, "draw", 3, None, True)
    services.join(game.pk, bob)
    client.force_login(alice)

    response = client.post(reverse("leave", args=[game.pk]))

    game.refresh_from_db()
    assert response["Location"] == reverse("lobby")
    assert game.status == Game.CLOSED
    assert seats(game) == {}
    assert game.pk not in listed(client.get(reverse("lobby")).content.decode())


def test_a_private_table_needs_its_invitation(client, players):
    alice, bob = players[:2]
    game = services.open_table(alice, "draw", 2, None, False)
    client.force_login(bob)
    page = reverse("table", args=[game.pk])

    assert client.get(page).status_code == 404
    assert client.get(page, {"invitation": "pas-la-bonne"}).status_code == 404
    assert client.get(page, {"invitation": game.invitation}).status_code == 200

    assert join(client, game).status_code == 404
    assert join(client, game, invitation="pas-la-bonne").status_code == 404
    assert seats(game) == {0: "alice"}

    response = join(client, game, invitation=game.invitation)
    assert response.status_code == 302
    assert seats(game) == {0: "alice", 1: "bob"}


# The lobby's websocket ------------------------------------------------------------------


async def lobby_socket(user=None):
    cookie = None if user is None else await database_sync_to_async(session_cookie)(user)
    socket = Socket("/ws/salon/", cookie)
    connected, code = await socket.connect()
    assert connected, f"refused with close code {code}"
    return socket


async def table_news(socket, pk):
    """The next ``table`` message about table ``pk``."""
    while True:
        message = await socket.receive_type("table")
        if message["table"]["id"] == pk:
            return message["table"]


aopen = database_sync_to_async(services.open_table)
ajoin = database_sync_to_async(services.join)
aleave = database_sync_to_async(services.leave)


@pytest.mark.django_db(transaction=True)
async def test_the_socket_sends_the_open_public_tables_on_connection(players):
    alice, bob, charlie = players[:3]
    public = await aopen(alice, "draw", 3, None, True)
    await aopen(bob, "draw", 2, None, False)

    socket = await lobby_socket(charlie)
    message = await socket.receive()

    assert message == {
        "type": "tables",
        "tables": [
            {
                "id": public.pk,
                "variant": "draw",
                "seats": 3,
                "taken": 1,
                "target": 100,
                "rounds": False,
                "rated": True,
                "robots": False,
                "host": "alice",
                "players": ["alice"],
                "status": "open",
                "url": f"/tables/{public.pk}/",
            }
        ],
    }
    await socket.close()


@pytest.mark.django_db(transaction=True)
async def test_the_socket_tells_when_a_table_opens_fills_and_starts(players):
    alice, bob, charlie = players[:3]
    socket = await lobby_socket(charlie)
    assert (await socket.receive())["tables"] == []

    game = await aopen(alice, "draw", 3, None, True)
    opened = await table_news(socket, game.pk)
    assert (opened["status"], opened["taken"], opened["players"]) == ("open", 1, ["alice"])

    await ajoin(game.pk, bob)
    filled = await table_news(socket, game.pk)
    assert (filled["status"], filled["taken"], filled["players"]) == ("open", 2, ["alice", "bob"])

    await aleave(game.pk, bob)
    left = await table_news(socket, game.pk)
    assert (left["status"], left["taken"]) == ("open", 1)

    await ajoin(game.pk, bob)
    await table_news(socket, game.pk)
    await ajoin(game.pk, charlie)
    started = await table_news(socket, game.pk)
    assert (started["status"], started["taken"]) == ("playing", 3)
    await socket.close()


@pytest.mark.django_db(transaction=True)
async def test_the_socket_tells_when_a_table_closes(players):
    alice = players[0]
    socket = await lobby_socket(alice)
    await socket.receive()
    game = await aopen(alice, "block", 2, None, True)
    await table_news(socket, game.pk)

    await aleave(game.pk, alice)

    assert (await table_news(socket, game.pk))["status"] == "closed"
    await socket.close()


@pytest.mark.django_db(transaction=True)
async def test_the_socket_says_nothing_of_private_tables(players):
    alice, bob = players[:2]
    socket = await lobby_socket(bob)
    await socket.receive()

    game = await aopen(alice, "draw", 2, None, False)
    await ajoin(game.pk, bob, game.invitation)

    assert await socket.nothing(0.5)
    await socket.close()


@pytest.mark.django_db(transaction=True)
async def test_the_socket_accepts_nothing_but_goes_on(players):
    socket = await lobby_socket(players[0])
    await socket.receive()

    await socket.send({"type": "sync"})
    error = await socket.receive()

    assert (error["type"], error["code"], error["message"]) == (
        "error",
        "unknown_type",
        "Type de message inconnu.",
    )
    game = await aopen(players[1], "draw", 2, None, True)
    assert (await table_news(socket, game.pk))["status"] == "open"
    await socket.close()
