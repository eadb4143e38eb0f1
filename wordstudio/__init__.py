"""WordStudio: a desktop studio for crossword-style word games."""

__version__ = "0.1.0"
