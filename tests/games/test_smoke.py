import pytest

from tests.games.conftest import afull_table, connect, state

pytestmark = pytest.mark.django_db(transaction=True)


async def test_two_seats_play(players):
    alice, bob = players[:2]
    gid = await afull_table("block", [alice, bob])
    a = await connect(gid, alice)
    b = await connect(gid, bob)
    sa = await state(a)
    sb = await state(b)
    assert sa["view"]["round"]["turn"] == sb["view"]["round"]["turn"] == 1  # SEED: alice opened
    sock, st = b, sb
    legal = st["view"]["legal"][0]
    await sock.send(
        {
            "type": "play",
            "version": st["version"],
            "tile": legal["play"],
            **({"end": legal["end"]} if legal.get("end") else {}),
        }
    )
    new_a = await state(a)
    new_b = await state(b)
    assert new_a["version"] == sa["version"] + 1 == new_b["version"]
    await a.close()
    await b.close()
