"""``python -m wordstudio``: the same as the ``wordstudio`` command."""

import multiprocessing
import sys

from wordstudio.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
