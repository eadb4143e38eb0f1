"""Word lists, compiled move-generation automata and dictionary pattern search."""

from wordstudio.lexicon.wordlist import LexiconError, RejectedLines, WordList, load_word_list

__all__ = ["LexiconError", "RejectedLines", "WordList", "load_word_list"]
