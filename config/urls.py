from django.contrib import admin
from django.urls import include, path

from config import views

urlpatterns = [
    path("", include("games.urls")),
    path("comptes/", include("allauth.urls")),
    path("", include("accounts.urls")),
    path("", include("leaderboard.urls")),
    path("", include("leaderboard.rating_urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("healthz", views.healthz, name="healthz"),
    # Before the admin's own: its login is the site's (rate-limited) one.
    path("admin/login/", views.admin_login, name="admin_login"),
    path("admin/", admin.site.urls),
    path("api/", include("games.api.urls")),
]
