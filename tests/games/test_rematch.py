""" "Revanche": the same players, a new table with the same options, seats rotated."""

from __future__ import annotations

import pytest

from games import readmodels, services
from games.models import Game
from games.services import ServiceError
from tests.games.conftest import full_table

pytestmark = pytest.mark.django_db


def finished(players, variant="draw", public=True) -> Game:
    game_id = full_table(variant, players, public=public)
    Game.objects.filter(pk=game_id).update(status=Game.OVER)
    return Game.objects.get(pk=game_id)


def test_the_return_match_has_the_same_options_and_every_player_one_seat_on(players):
    alice, bob, charlie = players[:3]
    old = finished([alice, bob, charlie])
    new = services.rematch(old.pk, bob)
    assert (new.variant, new.seats, new.target, new.public) == (
        old.variant,
        old.seats,
        old.target,
        old.public,
    )
    assert new.rematch_of_id == old.pk and new.host == charlie  # charlie was at seat 2: now seat 0
    assert list(new.seat_set.values_list("index", "player__username")) == [(2, "bob")]
    assert readmodels.current_state(old.pk, 0)["table"]["rematch"] == new.pk
    assert services.rematch(old.pk, bob).pk == new.pk  # asking twice changes nothing
    services.rematch(old.pk, charlie)
    services.rematch(old.pk, alice)
    new.refresh_from_db()
    assert new.status == Game.PLAYING
    assert list(new.seat_set.values_list("index", "player__username")) == [
        (0, "charlie"),
        (1, "alice"),
        (2, "bob"),
    ]


def test_only_its_players_sit_at_a_return_match_and_it_is_not_in_the_lobby(players):
    alice, bob, dave = players[0], players[1], players[3]
    old = finished([alice, bob])
    new = services.rematch(old.pk, alice)
    with pytest.raises(ServiceError) as refused:
        services.join(new.pk, dave)
    assert refused.value.code == "full"
    assert new.pk not in [entry["id"] for entry in readmodels.lobby_tables()]
    with pytest.raises(ServiceError) as refused:
        services.rematch(old.pk, dave)
    assert refused.value.code == "not_seated"


def test_a_match_not_over_has_no_return_match(players):
    game_id = full_table("draw", players[:2])
    with pytest.raises(ServiceError) as refused:
        services.rematch(game_id, players[0])
    assert refused.value.code == "not_over"


def test_the_button_posts_and_leads_to_the_new_table(client, players):
    old = finished(players[:2])
    client.force_login(players[0])
    assert 'id="rematch-form"' in client.get(f"/tables/{old.pk}/").content.decode()
    response = client.post(f"/tables/{old.pk}/revanche/")
    new = Game.objects.get(rematch_of=old)
    assert response.status_code == 302 and response["Location"] == f"/tables/{new.pk}/"
