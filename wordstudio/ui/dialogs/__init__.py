"""Dialog building blocks shared by every page (a base class that remembers geometry,
plain-words message boxes)."""
