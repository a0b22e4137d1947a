"""The OpenAPI schema (drf-spectacular): every operation also documents its errors."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular import openapi
from drf_spectacular.utils import OpenApiResponse

from games.api.serializers import ErrorSerializer

VALIDATION = {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}}


class AutoSchema(openapi.AutoSchema):
    def _get_response_bodies(self, direction: Any = "response") -> dict[str, Any]:
        responses = super()._get_response_bodies(direction)
        errors: dict[str, Any] = {
            "400": OpenApiResponse(VALIDATION, _("Un paramètre n’est pas valable ; chacun dit pourquoi.")),
            "401": OpenApiResponse(ErrorSerializer, _("Un jeton qui n’est pas (ou plus) valable.")),
            "404": OpenApiResponse(ErrorSerializer, _("Rien de tel, ou rien que l’appelant puisse voir.")),
            "429": OpenApiResponse(ErrorSerializer, _("Trop de requêtes : voir l’en-tête Retry-After.")),
        }
        for code, response in errors.items():
            if code not in responses:
                responses[code] = self._get_response_for_code(response, code, direction=direction)
        return responses
