from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("", include("games.urls")),
    path("comptes/", include("allauth.urls")),
    path("", include("accounts.urls")),
    path("", include("leaderboard.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("api/", include("games.api.urls")),
]
