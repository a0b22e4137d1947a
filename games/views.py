from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games.catalog import variants


def home(request: HttpRequest) -> HttpResponse:
    """The home page: every variant the site plays, with its rules in brief."""
    return render(request, "home.html", {"variants": variants()})
