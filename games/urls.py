from django.urls import path

from games import views

urlpatterns = [
    path("", views.home, name="home"),
    path("salon/", views.lobby, name="lobby"),
    path("tables/<int:pk>/", views.table, name="table"),
    path("tables/<int:pk>/rejoindre/", views.join, name="join"),
    path("tables/<int:pk>/quitter/", views.leave, name="leave"),
    path("tables/<int:pk>/revanche/", views.rematch, name="rematch"),
    path("tables/<int:pk>/robots/", views.seat_robot, name="seat_robot"),
    path("tables/<int:pk>/robots/<int:seat>/retirer/", views.unseat_robot, name="unseat_robot"),
    path("tables/<int:pk>/revoir/", views.replay, name="replay"),
    path("donnes/", views.deals, name="deals"),
]
