"""R6 and R12 over every channel: no seat is sent a tile it may not know.

Whole matches of every variant are played over websockets with every seat and a
spectator connected. Every message each connection received is then checked
against the truth kept on the server (the deals and the move log): a seat may
know its own dealt tiles, the tiles it drew, the tiles played, and every hand
once the round is over; a spectator only the tiles played and the hands shown at
the end. Nobody is sent the stock (or the tiles set aside), nor a round's seed
before the round is over. The pages a player can fetch mid-round are checked the
same way.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from games.models import Game, Round
from games.rules import VARIANTS
from tests.games.conftest import Socket, afull_table, connect

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("close_sockets")]

# A tile of either set of dominoes (R1, R70): numbers 0 to 12, written without a leading zero.
TILE = re.compile(r"\b(1[0-2]|[0-9])-(1[0-2]|[0-9])\b")
TRIOMINO = re.compile(r"(?<![\d-])([0-5])-([0-5])-([0-5])(?![\d-])")
"""A Triominos tile (R80), written with its three numbers."""


def tiles_in(text: str, pattern: re.Pattern[str] = TILE) -> set[str]:
    return {"-".join(sorted(m, key=int)) for m in pattern.findall(text)}


def norm(tiles: list[str]) -> set[str]:
    return {"-".join(sorted(t.split("-"), key=int)) for t in tiles}


class Truth:
    """The server's record of a finished match: what each seat could know at each version."""

    def __init__(self, game_id: int) -> None:
        game = Game.objects.get(pk=game_id)
        self.rounds = {r.number: r for r in Round.objects.filter(game=game)}
        self.moves = list(game.moves.select_related("round").order_by("seq"))

    def forbidden(self, seat: int | None, number: int, version: int, over: bool) -> set[str]:
        rnd = self.rounds[number]
        hidden = set().union(*(norm(h) for h in rnd.hands)) | norm(rnd.stock)
        moves = [m for m in self.moves if m.round_id == rnd.pk and m.version <= version]
        known = {m.tile for m in moves if m.kind == "play"}
        if over:  # R6: every hand is shown at the end of the round; the stock is not
            known |= set().union(*(norm(h) for h in rnd.hands)) | {m.tile for m in moves if m.kind == "draw"}
        elif seat is not None:
            known |= norm(rnd.hands[seat]) | {m.tile for m in moves if m.kind == "draw" and m.seat == seat}
        return hidden - norm(sorted(known))

    def seeds_hidden(self, number: int, over: bool) -> set[str]:
        """Seeds that may not be shown: every round's after this one, and this one's until it is over."""
        return {r.seed for n, r in self.rounds.items() if n > number or (n == number and not over)}


async def drain(socket: Socket, version: int) -> dict[str, Any]:
    """Receive until the state at ``version``; return it."""
    while True:
        message = await socket.receive()
        assert message["type"] != "error", message
        if message["type"] == "state" and message["version"] >= version:
            return message


def page_texts(game_id: int, users: list[Any]) -> dict[Any, str]:
    out = {}
    for user in users:
        client = Client()
        client.force_login(user)
        out[user] = "".join(
            client.get(url).content.decode()
            for url in (f"/tables/{game_id}/", "/salon/", "/", f"/joueurs/{user.username}/")
        )
        out[user] = without_rules(out[user])
    return out


def without_rules(html: str) -> str:
    """A page without the rules' summaries of the home page: they name tiles of the sets
    ("de 0-0 à 12-12", "le 12-12, puis le 11-11"), no hand of anyone."""
    return re.sub(r'<article class="variant".*?</article>', "", html, flags=re.S)


@pytest.mark.parametrize("variant", list(VARIANTS))
async def test_r6_no_message_or_page_shows_a_tile_its_reader_may_not_know(players, variant, settings):
    settings.WS_RATE = settings.WS_BURST = 1000  # the robots play faster than people may
    rules = VARIANTS[variant]
    seats, watcher = players[: min(rules.max_seats, len(players) - 1)], players[-1]
    gid = await afull_table(variant, seats, min(rules.targets))
    sockets = [await connect(gid, user) for user in seats]
    spectator = await connect(gid, watcher)
    everyone = [*sockets, spectator]
    states = [await s.receive_type("state") for s in everyone]
    pages_checked = False
    while True:
        view = states[-1]["view"]  # the spectator's
        version = states[-1]["version"]
        if view["status"] == "over":
            break
        if view["status"] == "round_over":
            await sockets[0].send({"type": "next_round", "version": version})
        else:
            turn = view["round"]["turn"]
            mine = states[turn]
            assert mine["version"] == version
            legal = mine["view"]["legal"][0]
            message = {"type": "play", "version": version, "tile": legal["play"]}
            if legal.get("end") is not None:
                message["end"] = legal["end"]
                if rules.wild_blanks:
                    message["open"] = legal["open"]
            for key in ("train", "at", "turn"):  # where the play goes: mexican, Triominos (R88)
                if key in legal:
                    message[key] = legal[key]
            await sockets[turn].send(message)
            # A tile on the table: the line's, a train's (mexican) or the board's (Triominos).
            laid = (
                view["round"].get("line") is not None
                or bool(view["round"].get("board"))
                or any(train["tiles"] for train in view["round"].get("trains") or [])
            )
            if not pages_checked and laid:
                pages = await database_sync_to_async(page_texts)(gid, [*seats, watcher])
                pages_checked, pages_version = True, version
        states = [await drain(s, version + 1) for s in everyone]
    for s in everyone:
        await s.close()

    truth = await database_sync_to_async(Truth)(gid)
    # The tiles to look for: those of the set dealt (two numbers, or three in Triominos).
    pattern = TRIOMINO if truth.rounds[1].hands[0][0].count("-") == 2 else TILE
    checked = 0
    for seat, socket in [*enumerate(sockets), (None, spectator)]:
        number, over = 1, False
        for message in socket.received:
            text = json.dumps(message)
            if message["type"] == "state" and message["view"] is not None:
                rnd = message["view"]["round"]
                number, over = rnd["number"], rnd["result"] is not None
                assert message["view"]["seat"] == seat
                if seat is None:
                    assert message["view"]["hand"] is None and message["view"]["legal"] == []
            version = message.get("version", 0)
            leaked = tiles_in(text, pattern) & truth.forbidden(seat, number, version, over)
            assert not leaked, f"seat {seat} was sent {leaked} in {message['type']} v{version}"
            for seed in truth.seeds_hidden(number, over):
                assert seed not in text, f"seat {seat} was sent a seed too early"
            checked += 1
    assert checked > 50

    # The pages each user could fetch during the first round show nothing more.
    assert pages_checked
    for index, user in enumerate([*seats, watcher]):
        seat = index if index < len(seats) else None
        leaked = tiles_in(pages[user], pattern) & truth.forbidden(seat, 1, pages_version, False)
        assert not leaked, f"{user} could fetch {leaked}"
        assert truth.rounds[1].seed not in pages[user]
