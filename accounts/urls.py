from django.urls import path

from accounts import tokens, views

urlpatterns = [
    path("joueurs/<str:username>/", views.profile, name="profile"),
]

urlpatterns += [
    path("comptes/jetons/", tokens.create, name="token_create"),
    path("comptes/jetons/<str:key>/revoquer/", tokens.revoke, name="token_revoke"),
]
