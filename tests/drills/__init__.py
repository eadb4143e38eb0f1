"""Crash drills: games in real program processes killed with SIGKILL, then resumed.

* :mod:`.child` - the program the drill kills (the real window, offscreen, computers
  playing, reporting each autosave);
* :mod:`.drill` - one game's drill: start, wait a random time, kill, resume, compare;
* ``python -m tests.drills`` - the long run and its table (``--kills`` per game);
* ``test_drills.py`` - one kill per game inside the normal test command.
"""
