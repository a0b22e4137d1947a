"""Players: registration, profiles, bans and personal API tokens."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _
from knox.models import AbstractAuthToken


class ApiToken(AbstractAuthToken):
    """A personal token of the history API (django-rest-knox's, with the name its owner gave it).

    Only a hash of the token is stored (``digest``) with its first characters
    (``token_key``, shown in the list so that its owner can tell tokens apart); the
    token itself is shown once, when it is created. Revoking deletes the row: the
    next request with it gets 401.
    """

    name = models.CharField(_("nom"), max_length=60)

    class Meta:
        verbose_name = _("jeton d’API")
        verbose_name_plural = _("jetons d’API")
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.user} · {self.name} ({self.token_key}…)"
