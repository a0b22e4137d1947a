from django.urls import path

from leaderboard import views

urlpatterns = [
    path("defi/", views.day, name="daily"),
    path("defi/jouer/", views.start, name="daily_start"),
    path("defi/jours/", views.days, name="daily_days"),
    path("defi/<str:day>/", views.day, name="daily_day"),
    path("defi/<str:day>/classement/", views.ranking, name="daily_ranking"),
    path("defi/<str:day>/donnes/<int:number>/", views.traveller, name="daily_traveller"),
    path("defi/<str:day>/donnes/<int:number>/<str:username>/", views.played_round, name="daily_round"),
]
