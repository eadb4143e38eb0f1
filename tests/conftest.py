"""Test set-up shared by every test module.

* Qt runs offscreen (set before PySide6 can be imported anywhere).
* Per-user folders go to a throw-away folder, except the lexicon cache, which is kept
  in pytest's cache folder between runs (as it would be for a real user) so the suite
  does not rebuild the automata every time.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
_HOME = Path(tempfile.mkdtemp(prefix="wordstudio-test-home-"))
os.environ["WORDSTUDIO_HOME"] = str(_HOME)
_CACHE = Path(__file__).resolve().parent.parent / ".pytest_cache" / "wordstudio-cache"
_CACHE.mkdir(parents=True, exist_ok=True)
os.environ.setdefault("WORDSTUDIO_CACHE", str(_CACHE))

REPO = Path(__file__).resolve().parent.parent
