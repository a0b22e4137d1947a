"""/donnes/: how a seed becomes a deal (R12), explained on the page itself, in French and in
English, with a worked example that is the engine's own deal and a program that redoes it."""

from __future__ import annotations

import contextlib
import html
import io
import re

import pytest

from games.rules import ALL_TILES, commitment, deal, get_ruleset, round_seed, tile_str
from games.rules.deal import shuffle

pytestmark = pytest.mark.django_db

SEED, VARIANT, SEATS = "exemple", "draw", 3


def text_of(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", fragment)).strip()


def by_id(page: str, ident: str) -> str:
    match = re.search(rf'<(\w+)[^>]* id="{ident}"[^>]*>(.*?)</\1>', page, re.S)
    assert match, f"no #{ident} on the page"
    return text_of(match.group(2))


def test_the_worked_example_is_the_engines_deal(client):
    page = client.get("/donnes/").content.decode()
    dealt = deal(SEED, get_ruleset(VARIANT), SEATS)
    assert dealt.attempt == 0  # the page says the first attempt is kept
    # The keys' table: every tile in canonical order, its key, its rank once sorted.
    rows = re.findall(
        r'<tr data-tile="([0-6]-[0-6])">\s*<th scope="row">\1</th>\s*<td><code>([0-9a-f]{16})</code></td>'
        r'\s*<td class="number">(\d+)</td>\s*<td>([^<]+)</td>',
        page,
    )
    assert [tile for tile, *_ in rows] == [tile_str(t) for t in ALL_TILES]
    keys = [int(key, 16) for _, key, _, _ in rows]
    ranks = [int(rank) for *_, rank, _ in rows]
    # Sorting the shown keys by hand gives the shown ranks, and the engine's order.
    assert sorted(range(28), key=keys.__getitem__) == sorted(range(28), key=ranks.__getitem__)
    order = [tile_str(t) for t in shuffle(SEED, 0)]
    assert [tile for tile, *_ in sorted(rows, key=lambda row: int(row[2]))] == order
    assert by_id(page, "example-order").split() == order
    # The hands and the stock, and where the table says each tile goes.
    hands = re.findall(r'<li data-seat="(\d)">[^<]*<code class="tiles">([^<]+)</code>', page)
    assert [(int(seat), tiles.split()) for seat, tiles in hands] == [
        (seat, [tile_str(t) for t in hand]) for seat, hand in enumerate(dealt.hands)
    ]
    assert by_id(page, "example-stock").split() == [tile_str(t) for t in dealt.stock]
    seat_of = {tile_str(t): f"la place {seat}" for seat, hand in enumerate(dealt.hands) for t in hand}
    assert {tile: goes.strip() for tile, _, _, goes in rows} == {
        tile_str(t): seat_of.get(tile_str(t), "la pioche") for t in ALL_TILES
    }
    assert by_id(page, "example-commitment") == commitment(SEED)
    assert by_id(page, "example-round-seed") == round_seed(SEED, 1)
    assert "essai 0 est gardée" in by_id(page, "example-kept")


def test_the_program_on_the_page_prints_the_example_as_the_engine_deals_it(client):
    """Its few lines, run as a visitor would copy them, give the engine's deal."""
    page = client.get("/donnes/").content.decode()
    code = by_id(page, "example-code")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "deals.html", "exec"), {})
    dealt = deal(SEED, get_ruleset(VARIANT), SEATS)
    assert out.getvalue().splitlines() == [
        *(str(sorted(hand)) for hand in dealt.hands),
        str(list(dealt.stock)),
        commitment(SEED),
        round_seed(SEED, 1),
    ]


def test_the_program_deals_again_as_the_rules_do(client):
    """Its redeal (five doubles in a hand, R11) is the engine's: a seed the rules deal
    again gives the same deal from the page's program."""
    page = client.get("/donnes/").content.decode()
    names: dict[str, object] = {}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(by_id(page, "example-code"), "deals.html", "exec"), names)
    rules = get_ruleset("draw")
    seed = next(f"s{n}" for n in range(100_000) if deal(f"s{n}", rules, 2).attempt > 0)
    hands, stock = names["deal"](seed, 2, 7, names["five_doubles"])  # type: ignore[operator]
    dealt = deal(seed, rules, 2)
    assert [sorted(hand) for hand in hands] == [list(hand) for hand in dealt.hands]
    assert stock == list(dealt.stock)


def test_the_page_explains_itself_in_french_and_english_and_sends_nowhere_out_of_reach(client):
    french = client.get("/donnes/").content.decode()
    english = client.get("/donnes/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    for page in (french, english):
        assert "docs/record.md" not in page and "record.md" not in page
    assert "Un exemple à refaire" in french and "Triés par clé" in french
    assert '<html lang="en">' in english
    assert "A worked example" in english and "Sorted by key" in english
    assert "Un exemple" not in english and "Triés par clé" not in english
    assert "7 tiles a hand" in english and "the stock" in english
