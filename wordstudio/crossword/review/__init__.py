"""Game review: every move of a finished game against the best alternatives."""
