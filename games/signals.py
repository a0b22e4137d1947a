"""What the services tell other apps, inside the transaction of the change.

``round_scored(game, match)``: a round of ``game`` has just ended (``match`` is
the engine's state after it); the daily challenge keeps its attempts' standings
from it (leaderboard).
"""

from django.dispatch import Signal

round_scored = Signal()
