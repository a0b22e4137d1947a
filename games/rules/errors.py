"""The one error the engine raises."""

from __future__ import annotations


class RuleError(ValueError):
    """An action, a state or a record the rules refuse.

    ``code`` is a short stable identifier (``not_your_turn``, ``tile_not_in_hand``,
    ...) for programs; ``message`` says what is wrong, for people.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __str__(self) -> str:
        return self.message
