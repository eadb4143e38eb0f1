"""Game records: saved games in WordStudio's own format and WordsWorth's, CGP positions.

* :mod:`.codec` - one action <-> its JSON form, shared by the formats;
* :mod:`.native` - WordStudio's ``.crossword`` files, opening any saved game, autosave;
* :mod:`.wwformat` / :mod:`.wwsave` - WordsWorth's ``.sav`` files, read and written;
* :mod:`.cgp` - CGP position strings (``wordstudio moves --cgp``);
* :mod:`.cli` - ``wordstudio replay``.
"""
