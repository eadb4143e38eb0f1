"""Every real GCG file of the corpus (``tests/data/gcg/corpus``, sources and licences in
its SOURCES.md) opens, ends on the totals it records (or a note says why the rules'
differ), is written back to the same game, and can be reviewed."""

from __future__ import annotations

from pathlib import Path

import pytest

from wordstudio.crossword.records.cli import racks_before
from wordstudio.crossword.records.gcgread import read_gcg, read_gcg_text
from wordstudio.crossword.records.gcgwrite import gcg_export
from wordstudio.crossword.records.saved import SavedGame
from wordstudio.crossword.review.engine import review_game, review_tasks

CORPUS = Path(__file__).parent / "data" / "gcg" / "corpus"
FILES = sorted(CORPUS.glob("*/*.gcg"))
#: What a note says when the record's totals are not the rules'.
TOTALS_NOTES = ("final totals", "total for", "ends the game here", "counts")


def test_the_corpus_is_large_and_of_several_origins() -> None:
    assert len(FILES) >= 100
    assert {path.parent.name for path in FILES} == {"quackle", "macondo", "woogles"}
    listed = (CORPUS / "SOURCES.md").read_text()
    for path in FILES:
        assert f"| {path.parent.name}/{path.name} |" in listed, path


def _game(saved: SavedGame) -> tuple[object, ...]:
    game = saved.game
    moves = [(t.player, type(t.action).__name__, t.notation, t.score, t.withdrawn, t.outcome)
             for t in game.history]
    return (moves, racks_before(game), dict(game.annotations.notes),
            saved.recorded_scores, game.final_scores(), game.over)


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_corpus_file_opens_totals_as_recorded_and_round_trips(path: Path) -> None:
    saved = read_gcg(path)
    assert saved.recorded_scores is not None
    if list(saved.recorded_scores) != saved.game.final_scores():
        assert any(word in note for note in saved.notes for word in TOTALS_NOTES), saved.notes
    # Every note is said once.
    assert len(saved.notes) == len(set(saved.notes))
    back = read_gcg_text(gcg_export(saved.game).text)
    assert _game(back) == _game(saved)
    tasks, skipped = review_tasks(saved.game)
    assert len(tasks) + len(skipped) == len(saved.game.history)
    assert all(reason for reason in skipped.values())
    # The review judges every move whose rack is known and says why it skips the others.
    review = review_game(saved.game, "static", 1)
    assert [m.index for m in review.moves if m.analysis is not None] == [t.index for t in tasks]
    assert all(m.skipped for m in review.moves if m.analysis is None)



def test_a_game_of_other_tiles_is_read_as_the_shipped_game_that_has_them() -> None:
    saved = read_gcg(CORPUS / "macondo" / "gcgio_polish_endgame.gcg")
    assert Path(saved.game.setup.config_path or "").name == "pl.cfg"
    assert saved.notes[0].startswith("the record plays Ó, Ą, Ć, Ę, Ł, Ń, Ś, Ź, Ż, which the "
                                     "standard game has not; it is read as ")
    assert list(saved.recorded_scores or ()) == saved.game.final_scores() == [316, 323]
