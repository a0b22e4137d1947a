from django.urls import path

from leaderboard import rating_views

urlpatterns = [
    path("classements/", rating_views.leaderboard, name="leaderboards"),
    path("classements/<str:variant>/", rating_views.leaderboard, name="leaderboard"),
    path("tables/<int:pk>/classement/", rating_views.match_ratings, name="match_ratings"),
]
