"""Computer players, their knobs and levels, WORDwhami's player, and self-play.

* :mod:`.base` - what every player answers (:class:`~.base.Decision`) and the words it
  may use;
* :mod:`.knobs` / :mod:`.levels` - WordsWorth's tuning knobs and the skill levels;
* :mod:`.strategy` / :mod:`.leaves` / :mod:`.endgame` - judging moves;
* :mod:`.computer` - the crossword player (:func:`~.computer.choose_action`, hints);
* :mod:`.whami` - WORDwhami's anytime player;
* :mod:`.selfplay` / :mod:`.selfplay_cli` - batches of computer games.
"""
