"""The variants as the site presents them: name and rules summary, in French first.

Seats, tiles dealt and targets are read from the engine's rulesets
(`games.rules.VARIANTS`), so the page cannot disagree with the rules played.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.rules import VARIANTS, family

# Names from docs/rules.md §3 ("name on the site").
NAMES: dict[str, Promise] = {
    "draw": _("Domino avec pioche"),
    "block": _("Domino sans pioche"),
    "partners": _("Domino en équipe"),
    "family": _("Domino familial"),
    "classic": _("Domino classique"),
    "all_fives": _("Cinq partout"),
    "fives_threes": _("Cinq-trois"),
    "chinois": _("Domino chinois"),
    "mexican": _("Train mexicain"),
    "triominos": _("Triominos"),
}

# What is not shown beside the summary (seats, tiles dealt, targets): what is left after
# the deal, what a seat with no tile that fits does, how a round scores, how the match ends.
SUMMARIES: dict[str, Promise] = {
    "draw": _(
        "Les dominos qui ne sont pas distribués forment la pioche. Qui n’a aucun domino qui "
        "convient pioche jusqu’à en tirer un qui convient et le pose aussitôt ; si la pioche est "
        "vide, il passe. Le premier à poser son dernier domino marque les points restés dans "
        "toutes les autres mains ; si le jeu est bloqué, la main la plus légère l’emporte et "
        "marque les points des autres."
    ),
    "block": _(
        "Les dominos qui ne sont pas distribués sont mis de côté et ne servent pas. Qui n’a "
        "aucun domino qui convient passe. Le premier à poser son dernier domino marque les "
        "points restés dans toutes les autres mains ; si le jeu est bloqué, la main la plus "
        "légère l’emporte et marque les points des autres."
    ),
    "partners": _(
        "Deux équipes de deux, les partenaires assis face à face ; tous les dominos sont "
        "distribués. Qui n’a aucun domino qui convient passe. Quand un joueur pose son dernier "
        "domino, son équipe marque les points des deux mains adverses ; si le jeu est bloqué, "
        "l’équipe qui a le moins de points en main marque le total de l’autre équipe."
    ),
    "family": _(
        "Le blanc est joker : un côté blanc s’accorde avec n’importe quel chiffre. Qui n’a "
        "aucun domino qui convient pioche un seul domino, le pose s’il convient, sinon passe. "
        "À la fin de chaque manche, chacun marque les points restés dans sa main ; la partie "
        "s’arrête quand un joueur atteint l’objectif, et le plus petit total gagne."
    ),
    "classic": _(
        "Les dominos qui ne sont pas distribués forment la pioche, et le plus gros double ouvre "
        "chaque manche. Qui n’a aucun domino qui convient pioche jusqu’à en tirer un qui "
        "convient et le pose aussitôt. En fin de manche, la main la plus légère marque la "
        "différence entre les points des deux mains, soit tous les points adverses si elle a "
        "posé son dernier domino."
    ),
    "all_fives": _(
        "Se joue comme le domino classique, mais le premier double posé s’ouvre sur ses quatre "
        "côtés. Après chaque pose, si la somme des bouts ouverts est un multiple de 5, le joueur "
        "la marque. En fin de manche, la différence entre les deux mains, arrondie au multiple "
        "de 5 le plus proche, va à la main la plus légère ; la partie s’arrête dès qu’un joueur "
        "atteint l’objectif, même en pleine manche."
    ),
    "fives_threes": _(
        "Se joue comme le domino classique, sans le décompte des mains en fin de manche. Après "
        "chaque pose, la somme des deux bouts rapporte un point par multiple de 3 et un point "
        "par multiple de 5 (15 rapporte 8), et poser son dernier domino rapporte un point de "
        "plus. L’objectif doit être atteint exactement : une pose qui le dépasserait ne marque "
        "rien, et la partie s’arrête dès qu’il est atteint."
    ),
    "chinois": _(
        "Le domino familial joué avec le double-douze : 91 dominos, du double blanc au double douze. Le plus "
        "gros double ouvre chaque manche et le blanc est joker. Qui n’a aucun domino qui "
        "convient pioche un seul domino, le pose s’il convient, sinon passe. À la fin de chaque "
        "manche, chacun marque les points restés dans sa main ; la partie s’arrête quand un "
        "joueur atteint l’objectif, et le plus petit total gagne."
    ),
    "mexican": _(
        "Se joue avec un jeu double-douze : chaque manche part d’un double posé au centre, le "
        "12-12, puis le 11-11, et ainsi de suite. Chacun fait partir son train du centre, un "
        "train mexicain est à tous, et l’on ne joue sur le train d’un autre que s’il porte son "
        "marqueur ; qui ne peut pas jouer pioche un domino, le pose s’il convient, sinon passe "
        "et pose son marqueur. Un double posé doit être couvert avant toute autre pose. Chacun "
        "marque les points restés dans sa main, et après la dernière manche le plus petit total "
        "gagne."
    ),
    "triominos": _(
        "Des tuiles triangulaires, un chiffre de 0 à 5 à chaque coin, se posent sur une grille "
        "de triangles : chaque coin partagé doit porter le même chiffre. Chaque pose rapporte la "
        "somme de ses chiffres, plus 40 pour un pont, 50 pour un hexagone ou 60 pour deux ; qui "
        "ne peut pas jouer pioche jusqu’à trois tuiles (−5 chacune) puis passe (−10). Qui pose sa "
        "dernière tuile marque 25 et les points des autres mains, et le plus haut total l’emporte."
    ),
}


@dataclass(frozen=True)
class HandSize:
    """Tiles dealt to each seat when `min_seats` to `max_seats` seats play."""

    tiles: int
    min_seats: int
    max_seats: int


@dataclass(frozen=True)
class Variant:
    """A variant on the site: the engine's ruleset (seats, targets…), with its name and summary."""

    ruleset: Any  # the family's ruleset (docs/architecture.md §1: the fields every ruleset has)
    name: Promise
    summary: Promise

    @property
    def id(self) -> str:
        return self.ruleset.id

    @property
    def pieces(self) -> str:
        """What the variant's pieces are called (its family's ``PIECES``): ``dominoes``, or
        ``tiles`` for Triominos."""
        return str(family(self.id).PIECES)

    @property
    def hand_sizes(self) -> list[HandSize]:
        """Tiles dealt per seat, grouping the numbers of seats that are dealt alike."""
        groups: list[HandSize] = []
        for seats in range(self.ruleset.min_seats, self.ruleset.max_seats + 1):
            tiles = self.ruleset.hand_size(seats)
            if groups and groups[-1].tiles == tiles:
                groups[-1] = HandSize(tiles, groups[-1].min_seats, seats)
            else:
                groups.append(HandSize(tiles, seats, seats))
        return groups


def variants() -> list[Variant]:
    """Every variant the engine plays, in the order of docs/rules.md §3."""
    return [Variant(ruleset, NAMES[key], SUMMARIES[key]) for key, ruleset in VARIANTS.items()]
