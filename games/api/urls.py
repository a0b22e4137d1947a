"""The routes of the history API, mounted at /api/ (config/urls.py)."""

from django.urls import path, re_path
from drf_spectacular.views import SpectacularAPIView

from accounts.api import views as players
from games.api import views
from leaderboard.api import daily, ratings

app_name = "api"

urlpatterns = [
    path("matches/", views.MatchListView.as_view(), name="matches"),
    path("matches/<int:pk>/", views.MatchDetailView.as_view(), name="match-detail"),
    path("players/<str:username>/", players.PlayerView.as_view(), name="player"),
    path("players/<str:username>/matches/", players.PlayerMatchesView.as_view(), name="player-matches"),
    path("players/<str:username>/export", players.PlayerExportView.as_view(), name="player-export"),
    path("leaderboards/<str:variant>/", ratings.LeaderboardView.as_view(), name="leaderboard"),
    path("daily/", daily.DailyListView.as_view(), name="daily"),
    path("daily/<str:date>/", daily.DailyDayView.as_view(), name="daily-day"),
    path("daily/<str:date>/deals/<int:number>/", daily.DailyDealView.as_view(), name="daily-deal"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", views.DocsView.as_view(url_name="api:schema"), name="docs"),
    re_path(r"^", views.not_found),
]
