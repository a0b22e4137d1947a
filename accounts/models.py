"""Players: registration, profiles and bans."""
