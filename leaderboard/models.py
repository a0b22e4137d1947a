"""The daily challenge and rankings."""
