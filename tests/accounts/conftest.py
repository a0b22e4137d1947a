"""The players of tests/games (alice, bob, charlie, dave, eve), for the account pages."""

from tests.games.conftest import PASSWORD, players  # noqa: F401
