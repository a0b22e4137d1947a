"""Settings of the dominoes site, read from the environment (twelve-factor).

With nothing set, the site runs for development: DEBUG on, SQLite in the
repository root, a local Redis. See the README for every variable.
"""

import os
from pathlib import Path
from typing import Any

import environ
from celery.schedules import crontab
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent

# Used only when SECRET_KEY is unset and DEBUG is on; refused otherwise.
DEVELOPMENT_SECRET_KEY = "django-insecure-development-only-never-use-in-production"


def database_config(url: str | None) -> dict[str, Any]:
    """The default database: SQLite in the repository root, unless a URL is given."""
    if not url:
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": BASE_DIR / "db.sqlite3",
            # A file, not memory, so that the servers the tests start share it
            # (one per test run, so that two runs never share one).
            "TEST": {"NAME": BASE_DIR / f"test-db-{os.getpid()}.sqlite3"},
        }
    return environ.Env.db_url_config(url)


def secret_key(value: str | None, debug: bool) -> str:
    """SECRET_KEY as given; the development key only when DEBUG is on. With DEBUG off the
    key must be a real one: 50 characters or more, not all alike, no ``django-insecure``."""
    if value:
        if not debug and value == DEVELOPMENT_SECRET_KEY:
            raise ImproperlyConfigured("The development SECRET_KEY cannot be used with DEBUG off.")
        if not debug and (len(value) < 50 or len(set(value)) < 5 or value.startswith("django-insecure")):
            raise ImproperlyConfigured(
                "SECRET_KEY must be at least 50 random characters when DEBUG is off: make one with "
                "python -c 'import secrets; print(secrets.token_urlsafe(50))'"
            )
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

# HTTPS (README, Production). With DEBUG off every one of these is on unless turned off:
# `manage.py check --deploy` is then clean. Behind a proxy that ends TLS, PROXY_SSL_HEADER
# names the header it sets (X-Forwarded-Proto), and only such a proxy may set it.
_proxy_header = env.str("PROXY_SSL_HEADER", default="")
SECURE_PROXY_SSL_HEADER = (
    ("HTTP_" + _proxy_header.upper().replace("-", "_"), "https") if _proxy_header else None
)
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=not DEBUG)
# The load balancer asks for /healthz over plain HTTP, from inside.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=0 if DEBUG else 365 * 24 * 3600)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=not DEBUG)
SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=not DEBUG)
SESSION_COOKIE_SECURE = env.bool("SECURE_COOKIES", default=not DEBUG)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE

DATABASES = {"default": database_config(env.str("DATABASE_URL", default=""))}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# One Redis, one database number per use: the channel layer (0) and the cache (1),
# so that clearing the cache never drops a message in flight.
REDIS_URL = env.str("REDIS_URL", default="redis://127.0.0.1:6379").rstrip("/")


def redis_db(url: str, db: int) -> str:
    """REDIS_URL with the database number ``db`` (any number already in the URL is replaced)."""
    base, _, last = url.rpartition("/")
    if base.startswith("redis") and base.endswith(":/"):  # no path: redis://host:port
        return f"{url}/{db}"
    return f"{base}/{db}" if last.isdigit() else f"{url}/{db}"


_REDIS_HOST = {
    "address": redis_db(REDIS_URL, 0),
    # redis-py 8 sets a 5 s socket timeout by default, which breaks the
    # layer's 5 s blocking receive on an idle socket (channels_redis#422):
    # keep it above 5 s (tests/live/test_daphne.py sets it below, to see the trap).
    "socket_timeout": env.float("REDIS_SOCKET_TIMEOUT", default=30),
    "socket_connect_timeout": 5,
    "socket_keepalive": True,
    # The layer takes a connection per operation in flight (a group_add at
    # each handshake, a send per message): redis-py's default of 100 fails
    # with MaxConnectionsError past about 100 sockets opening at once.
    # At least the sockets one process serves, with room to spare.
    "max_connections": env.int("REDIS_MAX_CONNECTIONS", default=2000),
}
# The channel layer: Redis publish/subscribe (a group message is one PUBLISH, which
# each process hands to its own members), or with CHANNEL_LAYER=lists the layer
# that keeps a list per channel and a sorted set per group in Redis (several round
# trips per group message, but a message waits in Redis for a consumer that is
# busy, up to its capacity). Both deliver at most once (docs/protocol.md: versions
# and resync).
if env.str("CHANNEL_LAYER", default="pubsub") == "lists":
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {
                "hosts": [_REDIS_HOST],
                "prefix": env.str("CHANNEL_PREFIX", default="asgi"),
                "capacity": 500,
                "expiry": 60,
            },
        }
    }
else:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [_REDIS_HOST], "prefix": env.str("CHANNEL_PREFIX", default="asgi")},
        }
    }

CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": redis_db(REDIS_URL, 1),
        "KEY_PREFIX": env.str("CACHE_KEY_PREFIX", default="dominos"),
    }
}

INSTALLED_APPS = [
    "daphne",  # first: its runserver replaces Django's, serving ASGI
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "csp",
    "channels",
    "allauth",
    "allauth.account",
    "rest_framework",
    "knox",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI's scripts and styles, served by the site itself
    "accounts",
    "games",
    "leaderboard",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Static files with hashed names, compressed, cached for a year (STORAGES below).
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "csp.middleware.CSPMiddleware",
    "config.middleware.permissions_policy",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "config.language.FrenchFirstLocaleMiddleware",
    # A NUL character in a parameter or a form field: 400 (accounts.middleware).
    "accounts.middleware.refuse_nul",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "accounts.middleware.notices",
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
                "games.context_processors.my_table",
                "games.context_processors.close_codes",
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
STATIC_ROOT = Path(env.str("STATIC_ROOT", default=str(BASE_DIR / "staticfiles")))
# Development serves the files as they are (no collectstatic needed). With DEBUG off they
# come from STATIC_ROOT (`manage.py collectstatic`), with hashed names and compressed
# copies that WhiteNoise serves with a year's Cache-Control.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG

# Content-Security-Policy (django-csp): the site's own scripts, styles, images and
# sockets only; no inline script or style, no other origin.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}
# Browser features the site never uses, refused to it and to anything it embeds.
PERMISSIONS_POLICY = (
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), "
    "microphone=(), payment=(), usb=(), interest-cohort=()"
)

# Errors: with DEBUG off, a server error is logged with its traceback on stderr (which
# systemd's journal keeps) and the visitor sees the site's 500 page.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["stderr"], "level": env.str("LOG_LEVEL", default="WARNING")},
    "loggers": {
        # Django's own handlers show errors on the console with DEBUG on only: here its
        # messages go to the root's handler, DEBUG or not.
        "django": {"handlers": [], "propagate": True},
    },
}

# Accounts (django-allauth): sign up with a username and an e-mail address, log in
# with either. Failed logins are rate-limited by allauth (through the cache above).
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
# Every field of every account form has a length limit (accounts.forms); a new
# username has at most 30 characters (accounts.validators).
ACCOUNT_FORMS = {
    "login": "accounts.forms.LoginForm",
    "signup": "accounts.forms.SignupForm",
    "add_email": "accounts.forms.AddEmailForm",
    "change_password": "accounts.forms.ChangePasswordForm",
    "set_password": "accounts.forms.SetPasswordForm",
    "reset_password": "accounts.forms.ResetPasswordForm",
    "reset_password_from_key": "accounts.forms.ResetPasswordKeyForm",
    "reauthenticate": "accounts.forms.ReauthenticateForm",
}
ACCOUNT_USERNAME_VALIDATORS = "accounts.validators.username_validators"
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email*", "password1*", "password2*"]
# Nobody learns whether an address has an account (allauth's enumeration prevention):
# signing up with a taken address looks like any sign-up, "confirm your address",
# and the mail tells the address's owner that they have an account already; a
# password reset for an unknown address sends a mail saying so. Hence the address is
# confirmed before the first login (the link of the mail logs in), as allauth needs.
ACCOUNT_PREVENT_ENUMERATION = True
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_EMAIL_CONFIRMATION_EXPIRE_DAYS = 3
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Dominos] "
ACCOUNT_LOGOUT_ON_PASSWORD_CHANGE = False
ACCOUNT_RATE_LIMITS = {
    # Five failed attempts per account every five minutes, twenty per address a minute.
    "login_failed": env.str("LOGIN_RATE_LIMIT", default="20/m/ip,5/5m/key"),
}
# Reports one player may make (accounts.reports): so many per second, minute, hour or day.
REPORT_RATE_LIMIT = env.str("REPORT_RATE_LIMIT", default="5/h")
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "lobby"
ACCOUNT_LOGOUT_REDIRECT_URL = "home"

# Mail (the confirmation of an address, a password reset): printed on the console in
# development; in production an SMTP server, EMAIL_URL=smtp+tls://user:password@host:587
# (STARTTLS) or smtp+ssl://user:password@host:465 (TLS from the start), the user and
# password URL-encoded (README.md, configuration); filemail:////a/folder writes each
# mail to a file there (the browser tests read them).
_email = env.email_url("EMAIL_URL", default="consolemail://")
EMAIL_BACKEND = _email["EMAIL_BACKEND"]
EMAIL_HOST = _email.get("EMAIL_HOST") or ""
EMAIL_PORT = _email.get("EMAIL_PORT") or 25
EMAIL_HOST_USER = _email.get("EMAIL_HOST_USER") or ""
EMAIL_HOST_PASSWORD = _email.get("EMAIL_HOST_PASSWORD") or ""
EMAIL_USE_TLS = _email.get("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = _email.get("EMAIL_USE_SSL", False)
EMAIL_FILE_PATH = _email.get("EMAIL_FILE_PATH") or None
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=10)
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="dominos@localhost")

# Live tables: limits on what one websocket connection may send.
WS_MAX_MESSAGE_BYTES = 4096
WS_RATE = env.float("WS_RATE", default=10.0)  # messages a second, on average
WS_BURST = env.int("WS_BURST", default=20)  # messages at once

# Clocks of live tables (RULES R52–R54), in seconds. Tests shorten them.
TURN_SECONDS = env.float("TURN_SECONDS", default=45.0)  # R52: a turn
AWAY_SECONDS = env.float("AWAY_SECONDS", default=5.0)  # R53: the turn of a disconnected seat
ROUND_PAUSE_SECONDS = env.float("ROUND_PAUSE_SECONDS", default=30.0)  # R54: between rounds
# How long a robot takes to play: short, but readable (R58, R61).
ROBOT_SECONDS = env.float("ROBOT_SECONDS", default=1.0)
# Robots at live tables think in the Celery workers of their own queue (ROBOTS_QUEUE,
# games.tasks.robot_turn), never in Daphne or the clock. The expert's search lasts this
# long per move (games.rules.robots.Budget), and at most this many playouts.
ROBOT_EXPERT_SECONDS = env.float("ROBOT_EXPERT_SECONDS", default=1.0)
ROBOT_EXPERT_PLAYOUTS = env.int("ROBOT_EXPERT_PLAYOUTS", default=1_000_000)
# If no worker has played a robot's turn this long after ROBOT_SECONDS (its task was lost
# in a restart), the clock plays it, at the house level for an expert (docs/architecture.md).
ROBOT_FALLBACK_SECONDS = env.float("ROBOT_FALLBACK_SECONDS", default=15.0)
# The seed of the tables "Jouer contre les robots" opens (games.services.tables.practice):
# a browser test's server sets it to know its deals; never read without DEBUG, so that
# a live site always deals from fresh secret seeds (R12).
PRACTICE_SEED = env.str("PRACTICE_SEED", default="") if DEBUG else ""
# Abandonment: a table nobody has joined for this long, a match with no seat connected.
OPEN_TABLE_TIMEOUT_SECONDS = env.float("OPEN_TABLE_TIMEOUT_SECONDS", default=30 * 60.0)
DESERTED_TIMEOUT_SECONDS = env.float("DESERTED_TIMEOUT_SECONDS", default=10 * 60.0)
# Presence: each open table socket renews its row this often; a row not renewed for
# PRESENCE_TIMEOUT_SECONDS belonged to a process that died and is swept.
PRESENCE_HEARTBEAT_SECONDS = env.float("PRESENCE_HEARTBEAT_SECONDS", default=30.0)
# R53: a seat counts as disconnected once it has had no open socket for this long
# (a reload is not leaving).
PRESENCE_GRACE_SECONDS = env.float("PRESENCE_GRACE_SECONDS", default=3.0)
PRESENCE_TIMEOUT_SECONDS = env.float("PRESENCE_TIMEOUT_SECONDS", default=90.0)
# The clock process (games.clock, ``manage.py clock``) acts on the deadlines as they
# pass. It looks at the nearest deadline at least this often, and a command whose
# deadline is nearer than that wakes it through Redis (CLOCK_WAKE_KEY, database 0).
CLOCK_POLL_SECONDS = env.float("CLOCK_POLL_SECONDS", default=1.0)
CLOCK_THREADS = env.int("CLOCK_THREADS", default=4)  # the tables it plays for at once
# Each thread claims this many passed deadlines at a time (their rows locked, those of
# another clock passed over: several clocks share a wave, docs/architecture.md).
CLOCK_BATCH = env.int("CLOCK_BATCH", default=4)
CLOCK_REDIS_URL = redis_db(REDIS_URL, 0)
CLOCK_WAKE_KEY = env.str("CLOCK_WAKE_KEY", default=f"{env.str('CHANNEL_PREFIX', default='asgi')}:clock")
# The Daphne process's garbage collector thresholds (config/asgi.py): Python's default
# is 700, 10, 10.
GC_THRESHOLDS = tuple(env.list("GC_THRESHOLDS", cast=int, default=[50_000, 50, 100]))
# And a full collection every this many seconds, in a thread of its own (0: none): the
# cycles closed sockets leave are freed (config/asgi.py).
GC_FULL_SECONDS = env.float("GC_FULL_SECONDS", default=60.0)
# The services run in this many threads of each Daphne process, each with its own
# database connection (games.consumers): commands of different tables do not wait
# for each other.
SERVICE_THREADS = env.int("SERVICE_THREADS", default=4)
# How often the watchdog runs (games.tasks.sweep): overdue deadlines the clock did not
# act on (it was down), dead sockets, abandoned tables.
SWEEP_SECONDS = env.float("SWEEP_SECONDS", default=5.0)

# Celery (config/celery.py): Redis database 2 as the broker; no results are kept.
CELERY_BROKER_URL = redis_db(REDIS_URL, 2)
CELERY_BROKER_TRANSPORT_OPTIONS = {
    # Every broker key starts with this (tests use one of their own per run).
    "global_keyprefix": env.str("CELERY_KEY_PREFIX", default=""),
    # A timer is redelivered only after this; the watchdog acts long before.
    "visibility_timeout": 3600,
}
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_DEFAULT_QUEUE = env.str("CELERY_QUEUE", default="dominos")
# The robots' turns at live tables go to a queue of their own, consumed by the Procfile's
# ``robots`` worker: a second of search never holds up the other tasks.
ROBOTS_QUEUE = env.str("ROBOTS_QUEUE", default="robots")
# A worker that consumes only that queue (games.tasks.robots_worker) runs this many
# searches at once, at this CPU niceness (0–19, higher yields more): the live tables
# come first, the robots think with what CPU is left (docs/benchmarks.md, "Robots beside
# live tables").
ROBOTS_CONCURRENCY = env.int("ROBOTS_CONCURRENCY", default=2)
ROBOTS_NICE = env.int("ROBOTS_NICE", default=10)
CELERY_TASK_ROUTES = {"games.tasks.robot_turn": {"queue": ROBOTS_QUEUE}}
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = TIME_ZONE
# Periodic tasks (celery beat). A crontab entry, in Paris time, is one more line here.
CELERY_BEAT_SCHEDULE: dict[str, dict[str, Any]] = {
    "sweep": {
        "task": "games.tasks.sweep",
        "schedule": SWEEP_SECONDS,
        # A sweep nobody ran in time is dropped: the next one does its work.
        "options": {"expires": SWEEP_SECONDS},
    },
    # R60: the new day's challenge at midnight, Paris time (CELERY_TIMEZONE).
    "daily-challenge": {
        "task": "leaderboard.tasks.new_day",
        "schedule": crontab(minute=0, hour=0),
    },
    # If the site was down at midnight, the day's challenge is drawn within a minute.
    "daily-watch": {
        "task": "leaderboard.tasks.watch",
        "schedule": 60.0,
        "options": {"expires": 60.0},
    },
    # Suspensions whose end has passed: their players may log in again (and use the API).
    "end-suspensions": {
        "task": "accounts.tasks.end_suspensions",
        "schedule": 60.0,
        "options": {"expires": 60.0},
    },
}

# The history API (/api/, games/api, accounts/api): read-only Django REST framework.
# Pages of the site use their session; scripts send a personal token
# (django-rest-knox, "Authorization: Bearer <token>"), created on the profile page.
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "knox.auth.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_SCHEMA_CLASS": "games.api.schema.AutoSchema",
    # Per user when logged in, per address otherwise; counted in the Redis cache.
    "DEFAULT_THROTTLE_CLASSES": ["games.api.throttles.UserThrottle", "games.api.throttles.AddressThrottle"],
    "DEFAULT_THROTTLE_RATES": {
        "user": env.str("API_RATE_USER", default="600/min"),
        "address": env.str("API_RATE_ADDRESS", default="120/min"),
        # The export streams every match of a player: a few a minute at most.
        "export": env.str("API_RATE_EXPORT", default="5/min"),
    },
    "NUM_PROXIES": env.int("NUM_PROXIES", default=0),
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}
REST_KNOX = {
    "AUTH_HEADER_PREFIX": "Bearer",
    # Personal tokens last until their owner revokes them.
    "TOKEN_TTL": None,
    "AUTO_REFRESH": False,
}
KNOX_TOKEN_MODEL = "accounts.ApiToken"
# knox's migrations create its own token table even when the model is swapped for ours
# (which then blocks flushing the users on PostgreSQL): it has no other model, so none run.
MIGRATION_MODULES = {"knox": None}
API_TOKENS_PER_USER = 20
SPECTACULAR_SETTINGS = {
    # In the language of the request: the schema's own texts are French, with English in locale/en.
    "TITLE": _("Dominos — API de l’historique"),
    "DESCRIPTION": _(
        "L’historique, en lecture seule, des parties du site, de ses joueurs, des défis du jour et "
        "des classements. L’enregistrement (record) d’une partie se rejoue tel quel avec "
        "python -m games.rules replay ; comment une graine devient une donne, et comment la "
        "vérifier : /donnes/."
    ),
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SCHEMA_PATH_PREFIX": "/api/",
    "COMPONENT_SPLIT_REQUEST": True,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # No badge fetched from validator.swagger.io: the page loads nothing from another host.
    "SWAGGER_UI_SETTINGS": {"deepLinking": True, "validatorUrl": None},
}

# Ratings (leaderboard.ratings). A player is provisional ("?") while their openskill
# sigma is above this (about ten rated matches, from 8.33 at the start); sigma grows
# back by this much a day without play (in quadrature), up to its starting value.
RATING_PROVISIONAL_SIGMA = env.float("RATING_PROVISIONAL_SIGMA", default=6.4)
RATING_IDLE_SIGMA_PER_DAY = env.float("RATING_IDLE_SIGMA_PER_DAY", default=0.25)
CELERY_BEAT_SCHEDULE["ratings"] = {
    # Matches whose rating task was lost (a broker away when they ended), every minute.
    "task": "leaderboard.tasks.rate_pending",
    "schedule": 60.0,
    "options": {"expires": 60.0},
}
CELERY_BEAT_SCHEDULE["refresh-ratings"] = {
    # What is shown, with the uncertainty grown back for a day without play: past
    # midnight, Paris time (again every hour, should one be missed).
    "task": "leaderboard.tasks.refresh_ratings",
    "schedule": crontab(minute=1),
}
