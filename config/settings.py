"""Settings of the dominoes site, read from the environment (twelve-factor).

With nothing set, the site runs for development: DEBUG on, SQLite in the
repository root, a local Redis. See the README for every variable.
"""

from pathlib import Path
from typing import Any

import environ
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent

# Used only when SECRET_KEY is unset and DEBUG is on; refused otherwise.
DEVELOPMENT_SECRET_KEY = "django-insecure-development-only-never-use-in-production"


def database_config(url: str | None) -> dict[str, Any]:
    """The default database: SQLite in the repository root, unless a URL is given."""
    if not url:
        return {"ENGINE": "django.db.backends.sqlite3", "NAME": BASE_DIR / "db.sqlite3"}
    return environ.Env.db_url_config(url)


def secret_key(value: str | None, debug: bool) -> str:
    """SECRET_KEY as given; the development key only when DEBUG is on."""
    if value:
        if not debug and value == DEVELOPMENT_SECRET_KEY:
            raise ImproperlyConfigured("The development SECRET_KEY cannot be used with DEBUG off.")
        return value
    if not debug:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    return DEVELOPMENT_SECRET_KEY


env = environ.Env()

DEBUG = env.bool("DEBUG", default=True)
SECRET_KEY = secret_key(env.str("SECRET_KEY", default=""), DEBUG)
# Empty with DEBUG on: Django then accepts localhost, 127.0.0.1 and [::1].
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=[])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

DATABASES = {"default": database_config(env.str("DATABASE_URL", default=""))}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# For the channel layer, Celery and the cache, when they come; nothing uses it yet.
REDIS_URL = env.str("REDIS_URL", default="redis://127.0.0.1:6379")

INSTALLED_APPS = [
    "daphne",  # first: its runserver replaces Django's, serving ASGI
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "accounts",
    "games",
    "leaderboard",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.debug",
                "django.template.context_processors.i18n",
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# French first; English through gettext (locale/en).
LANGUAGE_CODE = "fr"
LANGUAGES = [
    ("fr", _("Français")),
    ("en", _("Anglais")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Paris"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
