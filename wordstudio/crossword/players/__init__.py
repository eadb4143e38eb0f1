"""Computer players, their knobs and levels, the Championship player's look-ahead,
WORDwhami's player, and self-play.

* :mod:`.base` - what every player answers (:class:`~.base.Decision`) and the words it
  may use;
* :mod:`.knobs` / :mod:`.levels` - WordsWorth's tuning knobs and the skill levels;
* :mod:`.strategy` / :mod:`.leaves` - judging moves (equity = score + leave);
* :mod:`.computer` - the crossword player (:func:`~.computer.choose_action`, hints);
* :mod:`.championship` / :mod:`.simulate` / :mod:`.inference` / :mod:`.playout` - the
  Championship player: simulation over inferred racks, on flat cells;
* :mod:`.endgames` - the end of the game: level 8's one-reply look-ahead, the exact
  end-game search (Python and C) and the pre-end game;
* :mod:`.analysis` / :mod:`.analyse_cli` - a position's candidates ranked by a look-ahead
  (hints, game review, ``wordstudio analyse``);
* :mod:`.leavetrain` / :mod:`.leaves_cli` - leave tables learnt by self-play for any game;
* :mod:`.whami` - WORDwhami's anytime player;
* :mod:`.selfplay` / :mod:`.selfplay_cli` / :mod:`.parallel` - batches of computer games
  over every local core or a Ray cluster.
"""
