"""The end of a two-player crossword game, when few or no tiles are left in the bag.

* :mod:`.lookahead` - level 8's end game: with the bag empty, each move judged against
  the opponent's best reply;
* :mod:`.exact` - the exact end game (bag empty, every tile known): iterative deepening
  negamax with a transposition table, and the Python solver;
* :mod:`.native` / :mod:`._exact` - the same search in C, with helper processes sharing
  its table (used whenever the compiled move generator is);
* :mod:`.check` - the plain full minimax both searches are tested against;
* :mod:`.preend` - the pre-end game: every content of a bag of one or two tiles, each
  followed by an exact end game.
"""
