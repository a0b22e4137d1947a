from django.urls import path

from accounts import views

urlpatterns = [
    path("joueurs/<str:username>/", views.profile, name="profile"),
    path("joueurs/<str:username>/signaler/", views.report, name="report"),
]
