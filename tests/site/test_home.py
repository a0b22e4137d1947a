"""The home page lists every variant the engine plays, in French first, in English on request."""

import re

import pytest
from django.conf import settings
from django.urls import reverse

from games.catalog import NAMES, SUMMARIES, variants
from games.rules import VARIANTS

FRENCH_NAMES = {
    "draw": "Domino avec pioche",
    "block": "Domino sans pioche",
    "partners": "Domino en équipe",
    "family": "Domino familial",
    "classic": "Domino classique",
    "all_fives": "Cinq partout",
    "fives_threes": "Cinq-trois",
    "chinois": "Domino chinois",
    "mexican": "Train mexicain",
    "triominos": "Triominos",
}

ENGLISH_NAMES = {
    "draw": "Draw dominoes",
    "block": "Block dominoes",
    "partners": "Partnership dominoes",
    "family": "Family dominoes",
    "classic": "Classic dominoes",
    "all_fives": "All fives",
    "fives_threes": "Fives and threes",
    "chinois": "Chinese dominoes",
    "mexican": "Mexican Train",
    "triominos": "Triominos",
}


def text(html: str) -> str:
    """The page's text, tags dropped and spaces collapsed (no-break spaces kept: French typography)."""
    return re.sub(r"[ \t\r\n]+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def sections(html: str) -> dict[str, str]:
    """The text of each variant's article, by variant id."""
    found = re.findall(r'<article class="variant" id="variant-(\w+)">(.*?)</article>', html, re.S)
    return {variant: text(body) for variant, body in found}


def field(section: str, label: str, next_label: str | None) -> str:
    """The text between a label and the next one (or the end of the section)."""
    end = rf" {re.escape(next_label)}" if next_label else r"$"
    match = re.search(rf"{re.escape(label)} (.*?){end}", section)
    assert match, f"{label!r} not in {section!r}"
    return match.group(1)


def test_it_answers_in_french(client):
    response = client.get(reverse("home"))

    assert response.status_code == 200
    assert response["Content-Language"] == "fr"
    html = response.content.decode()
    assert html.startswith("<!DOCTYPE html>")
    assert '<html lang="fr">' in html
    assert "Jouer aux dominos en ligne" in html


def test_it_lists_every_variant_in_the_order_of_the_rules(client):
    html = client.get("/").content.decode()

    found = sections(html)
    assert list(found) == list(VARIANTS) == list(FRENCH_NAMES)
    for variant, name in FRENCH_NAMES.items():
        assert found[variant].startswith(name + " "), found[variant]


@pytest.mark.parametrize(
    ("variant", "seats", "hands", "targets"),
    [
        ("draw", "2 à 4", "7", "50 ou 100 points (100 par défaut)"),
        ("block", "2 à 4", "7", "50 ou 100 points (100 par défaut)"),
        (
            "partners",
            "4, en deux équipes",
            "7",
            "50, 100, 150, 200, 250, 300, 350, 400, 450 ou 500 points (100 par défaut)",
        ),
        ("family", "2 à 6", "7 (2 joueurs), 6 (3 ou 4 joueurs), 4 (5 ou 6 joueurs)", "100 ou 200 points"),
        ("classic", "2", "7", "50, 100 ou 150 points (50 par défaut)"),
        ("all_fives", "2", "7", "100, 150, 200 ou 250 points (150 par défaut)"),
        ("fives_threes", "2", "7", "61 points, à atteindre exactement"),
        (
            "chinois",
            "2 à 8",
            "12 (2 à 4 joueurs), 10 (5 ou 6 joueurs), 8 (7 ou 8 joueurs)",
            "100, 200 ou 300 points (200 par défaut)",
        ),
        (
            "mexican",
            "2 à 8",
            "15 (2 à 4 joueurs), 12 (5 ou 6 joueurs), 10 (7 ou 8 joueurs)",
            "13 ou 5 manches (13 par défaut)",
        ),
        (
            "triominos",
            "2 à 6",
            "9 (2 joueurs), 7 (3 ou 4 joueurs), 6 (5 ou 6 joueurs)",
            "200, 400 ou 500 points (400 par défaut)",
        ),
    ],
)
def test_it_shows_seats_tiles_and_targets_of_each_variant(client, variant, seats, hands, targets):
    """docs/rules.md §3: seats, tiles each and targets of every variant."""
    section = sections(client.get("/").content.decode())[variant]
    pieces = "Tuiles par joueur" if variant == "triominos" else "Dominos par joueur"

    assert field(section, "Joueurs", pieces) == seats
    assert field(section, pieces, "Objectif") == hands
    assert field(section, "Objectif", None).startswith(targets)


def test_it_shows_each_rules_summary(client):
    found = sections(client.get("/").content.decode())

    for variant in VARIANTS:
        assert str(SUMMARIES[variant]) in found[variant]
    assert "pioche un seul domino" in found["family"]  # R21
    assert "un point par multiple de 3 et un point par multiple de 5" in found["fives_threes"]  # R35


def test_french_punctuation_never_starts_a_line(client):
    """A no-break space, not a plain one, stands before ; : ! and ? in the French text."""
    html = client.get("/").content.decode()

    assert not re.search(r" [;:!?]", text(html))
    assert "\u202f;" in html


def test_it_links_the_stylesheet(client):
    html = client.get("/").content.decode()

    assert 'href="/static/css/site.css"' in html
    assert 'name="viewport"' in html


def test_it_speaks_english_with_the_language_cookie(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"

    response = client.get("/")

    assert response["Content-Language"] == "en"
    html = response.content.decode()
    assert '<html lang="en">' in html
    found = sections(html)
    for variant, name in ENGLISH_NAMES.items():
        assert found[variant].startswith(name + " "), found[variant]
    assert field(found["draw"], "Players", "Dominoes per player") == "2 to 4"
    assert field(found["fives_threes"], "Target", None).startswith("61 points, to be reached exactly")
    assert "Domino avec pioche" not in html


def test_it_speaks_english_to_a_browser_asking_for_it(client):
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.9").content.decode()

    assert '<html lang="en">' in html
    assert "Play dominoes online" in html


def test_the_language_switch_sets_english_then_french(client):
    home = client.get("/").content.decode()
    assert 'action="/i18n/setlang/"' in home
    assert '<option value="en" lang="en">English</option>' in home

    response = client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert response.status_code == 302
    assert response["Location"] == "/"
    assert "Draw dominoes" in client.get("/").content.decode()

    client.post(reverse("set_language"), {"language": "fr", "next": "/"})
    assert "Domino avec pioche" in client.get("/").content.decode()


def test_the_catalog_covers_every_variant_of_the_engine():
    assert set(NAMES) == set(SUMMARIES) == set(VARIANTS)
    assert [variant.id for variant in variants()] == list(VARIANTS)
    for variant in variants():
        sentences = re.findall(r"[.!?](?:\s|$)", str(variant.summary))
        assert 2 <= len(sentences) <= 4, variant.id


def test_every_french_text_has_an_english_translation():
    po = (settings.BASE_DIR / "locale" / "en" / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    entries = po.split("\n\n")[1:]  # after the header

    assert entries
    for entry in entries:
        assert "#, fuzzy" not in entry, entry
        msgstrs = re.findall(r'^msgstr(?:\[\d\])? ((?:".*"\n?)+)', entry + "\n", re.M)
        assert msgstrs, entry
        for msgstr in msgstrs:
            assert "".join(re.findall(r'"(.*)"', msgstr)), entry
