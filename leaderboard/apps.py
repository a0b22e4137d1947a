from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeaderboardConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "leaderboard"
    verbose_name = _("Classements")

    def ready(self) -> None:
        from games.signals import round_scored
        from leaderboard.services import attempt_scored

        round_scored.connect(attempt_scored, dispatch_uid="leaderboard.attempt_scored")
