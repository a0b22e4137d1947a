"""The players' endpoints of the history API: profiles, their matches, the export."""
