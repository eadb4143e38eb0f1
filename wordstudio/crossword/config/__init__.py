"""WordsWorth-style configuration files and the designer's view of them.

* :mod:`.syntax` - lines, comments, ``$n`` references and escapes;
* :mod:`.values` - one element's value text <-> a Python value;
* :mod:`.elements` - every Appendix A element (and our extensions) onto :class:`GameConfig`;
* :mod:`.files` - reading a file with its Includes into a ``GameConfig``, and writing one;
* :mod:`.writer` - a ``GameConfig`` as configuration text;
* :mod:`.document` - a file edited in place (comments and layout kept) for the designer;
* :mod:`.tilederive` - tile counts and values derived from a word list;
* :mod:`.cli` - ``wordstudio config``.
"""
