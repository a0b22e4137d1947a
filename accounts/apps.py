from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "accounts"
    # allauth's own app is "Comptes" (the e-mail addresses): this one is moderation's.
    verbose_name = _("Modération")

    def ready(self) -> None:
        from accounts import signals  # noqa: F401 (connects the receivers)
