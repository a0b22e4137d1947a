"""The page's language: French, unless the visitor chose English or asks for it first.

Django's ``LocaleMiddleware`` takes the first language of ``Accept-Language`` that
the site has: a browser asking for German, then English, would be served English on
a French site. Here a visitor gets English only by choosing it with the language
switch (its cookie) or by putting English first in ``Accept-Language``; everyone
else gets French (``LANGUAGE_CODE``).
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django.middleware.locale import LocaleMiddleware
from django.utils import translation
from django.utils.translation.trans_real import parse_accept_lang_header


def supported(code: str | None) -> str | None:
    if not code:
        return None
    try:
        return translation.get_supported_language_variant(code)
    except LookupError:
        return None


def chosen_language(cookie: str | None, accept_language: str) -> str:
    """The switch's choice, else the visitor's first preference if the site has it, else French."""
    language = supported(cookie)
    if language:
        return language
    preferences = parse_accept_lang_header(accept_language[:1000])
    first = next((code for code, _quality in preferences if code != "*"), None)
    return supported(first) or settings.LANGUAGE_CODE


class FrenchFirstLocaleMiddleware(LocaleMiddleware):
    def process_request(self, request: HttpRequest) -> None:
        language = chosen_language(
            request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME), request.headers.get("accept-language", "")
        )
        translation.activate(language)
        request.LANGUAGE_CODE = translation.get_language()
