"""Games: tables, rounds and the move log (DESIGN.md, Persistence)."""
