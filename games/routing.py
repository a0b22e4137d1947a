from django.urls import path

from games import consumers

websocket_urlpatterns = [
    path("ws/tables/<int:game_id>/", consumers.TableConsumer.as_asgi()),
    path("ws/salon/", consumers.LobbyConsumer.as_asgi()),
]
