"""The history API of matches (read-only, under /api/): serializers, filters, views.

Every match it serves is read through the one visibility policy
(``games.access.visible_games``); a round in progress shows only what a spectator
sees (R6), and a record holds only the rounds that are over.
"""
