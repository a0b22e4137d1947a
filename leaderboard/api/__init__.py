"""The leaderboard endpoints of the history API: ratings per variant (and the daily challenge)."""
