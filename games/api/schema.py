"""The OpenAPI schema (drf-spectacular): every operation also documents its errors."""

from __future__ import annotations

from typing import Any

from drf_spectacular import openapi
from drf_spectacular.utils import OpenApiResponse

from games.api.serializers import ErrorSerializer

VALIDATION = {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}}


class AutoSchema(openapi.AutoSchema):
    def _get_response_bodies(self, direction: Any = "response") -> dict[str, Any]:
        responses = super()._get_response_bodies(direction)
        errors: dict[str, Any] = {
            "400": OpenApiResponse(VALIDATION, "A parameter is not valid; each one says why."),
            "401": OpenApiResponse(ErrorSerializer, "A token that is not (or no longer) valid."),
            "404": OpenApiResponse(ErrorSerializer, "No such thing, or not one the caller may see."),
            "429": OpenApiResponse(ErrorSerializer, "Too many requests: see the Retry-After header."),
        }
        for code, response in errors.items():
            if code not in responses:
                responses[code] = self._get_response_for_code(response, code, direction=direction)
        return responses
