"""The daily challenge, rankings and ratings.

Ratings (``leaderboard.ratings``): one ``Rating`` per player and variant, moved
by every rated match; each change is kept as a ``RatingChange`` per (match,
player), with the values before and after, so that a voided match can be undone
exactly.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Rating(models.Model):
    """A player's rating in one variant (the number of seats does not split it).

    ``mu`` and ``sigma`` are openskill's, as the last rated match left them;
    ``ordinal`` and ``provisional`` are what is shown, with the uncertainty grown
    back for the days without play, as of the day ``as_of`` (kept up to date by
    each rated match and by the ``leaderboard.tasks.refresh_ratings`` task).
    """

    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    variant = models.CharField(max_length=20)
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()
    provisional = models.BooleanField(default=True)
    matches = models.PositiveIntegerField(default=0)
    last_played = models.DateTimeField()
    as_of = models.DateField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["player", "variant"], name="rating_once")]
        indexes = [
            # The leaderboard of a variant, established and provisional players apart,
            # best first; the rank of one player (how many are above them).
            models.Index(fields=["variant", "provisional", "-ordinal", "id"], name="rating_board"),
            # The daily refresh: ratings not yet computed for today.
            models.Index(fields=["as_of"], name="rating_as_of"),
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.variant} {self.ordinal:.0f}"

    @property
    def shown(self) -> int:
        return round(self.ordinal)


class RatingChange(models.Model):
    """What one rated match did to one player's rating: everything needed to undo it."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="rating_changes")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    variant = models.CharField(max_length=20)
    # The rating as stored before the match (restored as such by ``unrate``).
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    matches_before = models.PositiveIntegerField()
    last_played_before = models.DateTimeField(null=True, blank=True)  # None: the first match
    # What was shown before the match (idle growth included) and after it.
    ordinal_before = models.FloatField()
    provisional_before = models.BooleanField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    ordinal_after = models.FloatField()
    provisional_after = models.BooleanField()
    at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "player"], name="rating_change_once")]
        indexes = [
            # A player's history in a variant (the profile's chart), and later changes
            # of the players of a voided match (``unrate``).
            models.Index(fields=["player", "variant", "id"], name="rating_change_history"),
        ]
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.game} {self.player}: {self.delta:+d}"

    @property
    def before(self) -> int:
        return round(self.ordinal_before)

    @property
    def after(self) -> int:
        return round(self.ordinal_after)

    @property
    def delta(self) -> int:
        """The change as shown (+14, −9): between the numbers shown before and after."""
        return self.after - self.before
