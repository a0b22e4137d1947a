"""The project's layout and settings: apps, ASGI entry point, environment."""

import os
from pathlib import Path

import pytest
from channels.routing import ProtocolTypeRouter
from django.apps import apps
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command
from django.db import connection
from django.utils import translation

from config import settings as config_settings


@pytest.mark.parametrize(
    ("app", "verbose_name"),
    [("accounts", "Modération"), ("games", "Parties"), ("leaderboard", "Classements")],
)
def test_the_three_apps_are_installed(app, verbose_name):
    assert apps.is_installed(app)
    with translation.override("fr"):
        assert str(apps.get_app_config(app).verbose_name) == verbose_name


def test_daphne_comes_first_and_channels_is_installed():
    assert settings.INSTALLED_APPS[0] == "daphne"
    assert "channels" in settings.INSTALLED_APPS


def test_the_asgi_application_routes_http():
    from config.asgi import application

    assert settings.ASGI_APPLICATION == "config.asgi.application"
    assert isinstance(application, ProtocolTypeRouter)
    assert "http" in application.application_mapping


def test_the_site_speaks_french_first():
    assert settings.LANGUAGE_CODE == "fr"
    assert [code for code, _ in settings.LANGUAGES] == ["fr", "en"]
    assert settings.TIME_ZONE == "Europe/Paris"
    assert settings.USE_TZ


def test_without_database_url_the_database_is_sqlite_in_the_repository():
    for unset in (None, ""):
        config = config_settings.database_config(unset)

        assert config["ENGINE"] == "django.db.backends.sqlite3"
        assert Path(config["NAME"]) == Path(__file__).resolve().parents[2] / "db.sqlite3"


def test_database_url_selects_postgresql():
    config = config_settings.database_config("postgres://postgres@127.0.0.1:5432/test")

    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert (config["NAME"], config["USER"], config["HOST"], config["PORT"]) == (
        "test",
        "postgres",
        "127.0.0.1",
        5432,
    )


def test_the_development_secret_key_is_refused_without_debug():
    assert config_settings.secret_key("", debug=True) == config_settings.DEVELOPMENT_SECRET_KEY
    real = "s3cret-from-the-environment-" + "k3Yq9Zx2" * 4  # 50 characters or more
    assert config_settings.secret_key(real, debug=False) == real
    with pytest.raises(ImproperlyConfigured):
        config_settings.secret_key("", debug=False)
    with pytest.raises(ImproperlyConfigured):
        config_settings.secret_key(config_settings.DEVELOPMENT_SECRET_KEY, debug=False)


def test_redis_url_comes_from_the_environment_with_a_local_default():
    assert settings.REDIS_URL == os.environ.get("REDIS_URL", "redis://127.0.0.1:6379")


@pytest.mark.django_db
def test_the_database_answers_and_no_migration_is_missing():
    expected = "postgresql" if os.environ.get("DATABASE_URL", "").startswith("postgres") else "sqlite"
    assert connection.vendor == expected
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        assert cursor.fetchone() == (1,)
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)
