"""The registry of game families (docs/architecture.md §1, "the game protocol").

Each family is a module exposing the protocol's names (``line_family`` for the line
games; a family of its own for each other set). ``family(variant)`` finds the
family of a variant; the package's top-level names (games/rules/__init__.py)
delegate to it, and the rest of the site calls only those.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from . import line_family, trains, triominos
from .common import lookup

FAMILIES: tuple[ModuleType, ...] = (line_family, trains, triominos)
"""Every family, in the order their variants are listed on the site."""

BY_VARIANT: dict[str, ModuleType] = {variant: f for f in FAMILIES for variant in f.VARIANTS}

VARIANTS: dict[str, Any] = {variant: f.VARIANTS[variant] for f in FAMILIES for variant in f.VARIANTS}
"""Every variant's ruleset, whatever its family."""


def family(variant: object) -> ModuleType:
    """The family that plays ``variant``; RuleError ``bad_variant`` for an unknown one."""
    return lookup(BY_VARIANT, variant)


def family_of(match: Any) -> ModuleType:
    """The family of a match (any family's ``Match``: it has a ``variant``)."""
    return family(match.variant)


def get_ruleset(variant: object) -> Any:
    """The ruleset of ``variant``, whatever its family; RuleError ``bad_variant`` if unknown."""
    return family(variant).VARIANTS[variant]
