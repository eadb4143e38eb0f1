"""Word For Word: multi-player Doublets on a shrinking lexicon (seed 000).

* :mod:`.solver` -- the one-letter-change graph and its searches (no rules);
* :mod:`.moves` -- setups, moves, turns and the errors of this package;
* :mod:`.rules` -- dealing and the game itself: every rule of seed 000;
* :mod:`.clock` -- the study period and move countdowns;
* :mod:`.players` -- computer players (Novice, Club, Expert) and self-play;
* :mod:`.practice` -- the practice aid;
* :mod:`.records` -- saved games (versioned JSON that replays);
* :mod:`.commands` -- ``wordstudio doublets``.
"""
