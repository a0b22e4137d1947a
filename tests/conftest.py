"""Fixtures shared by the whole suite (pytest-django provides client, settings, db)."""
