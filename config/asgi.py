"""ASGI entry point: `daphne config.asgi:application`.

Each protocol has its own route: HTTP goes to Django; the websocket route
(live tables) is added beside it when the consumers exist.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

# Set Django up before importing anything that touches models (consumers, routing).
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter  # noqa: E402
from django.conf import settings  # noqa: E402

http_app = django_asgi_app
if settings.DEBUG:
    # Development: Daphne serves static files itself, as `runserver` would.
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

    http_app = ASGIStaticFilesHandler(django_asgi_app)

application = ProtocolTypeRouter(
    {
        "http": http_app,
        # "websocket": AllowedHostsOriginValidator(
        #     AuthMiddlewareStack(URLRouter(games.routing.websocket_urlpatterns))
        # ),
    }
)
