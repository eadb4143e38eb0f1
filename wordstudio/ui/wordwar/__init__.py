"""Word War in the window: the game page, its dialogs and scoresheet printing."""
