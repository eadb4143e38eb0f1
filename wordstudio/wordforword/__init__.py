"""Word For Word: multi-player Doublets on a shrinking lexicon (seed 000)."""
