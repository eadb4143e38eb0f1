"""One hand-made GCG file for each thing that stopped real records from opening
(``tests/data/gcg/quirks``): each opens, ends on its recorded totals, says once in a
note what did not add up, and is written back as it came."""

from __future__ import annotations

from pathlib import Path

import pytest

from wordstudio.cli import main
from wordstudio.crossword.actions import Challenge, Pass, Play
from wordstudio.crossword.annotations import Annotations
from wordstudio.crossword.config.files import load_config, write_config
from wordstudio.crossword.records.cli import racks_before
from wordstudio.crossword.records.codec import RecordError
from wordstudio.crossword.records.gcg import parse_gcg
from wordstudio.crossword.records.gcgread import read_gcg, read_gcg_text
from wordstudio.crossword.records.gcgwrite import gcg_export
from wordstudio.crossword.records.native import game_from_json, game_to_json
from wordstudio.crossword.records.saved import SavedGame
from wordstudio.crossword.review.engine import review_tasks

QUIRKS = Path(__file__).parent / "data" / "gcg" / "quirks"


def opened(name: str, notes_kept: bool = True) -> SavedGame:
    """The record read, with its totals as recorded; written back and read again, the same
    game (and, unless what it assumed is written out, the same notes)."""
    saved = read_gcg(QUIRKS / name)
    assert list(saved.recorded_scores or ()) == saved.game.final_scores()
    back = read_gcg_text(gcg_export(saved.game).text)
    assert [(t.notation, t.score) for t in back.game.history] == [
        (t.notation, t.score) for t in saved.game.history]
    assert racks_before(back.game) == racks_before(saved.game)
    # The same notes (their line numbers are the written file's).
    assert [n.split(":", 1)[-1] for n in back.notes] == (
        [n.split(":", 1)[-1] for n in saved.notes] if notes_kept else [])
    return saved


def test_quackles_early_lines_read_as_todays() -> None:
    saved = opened("quackle-2006.gcg")
    assert [t.notation for t in saved.game.history] == ["H4 FILLER", "I6 AX", "4H (F)ATTEN"]
    assert saved.notes == () and saved.game.scores == [44, 36]
    # The pragma Quackle wrote and does not define is kept.
    assert "#incomplete" in gcg_export(saved.game).text


def test_two_players_of_one_nickname_are_told_apart_by_the_order_of_play() -> None:
    saved = opened("shared-nickname.gcg")
    assert [t.player for t in saved.game.history] == [0, 1, 0]
    assert saved.game.names == ["New Player 2", "jasonkb"]


def test_a_placeholder_rack_is_a_note_and_the_move_is_not_judged() -> None:
    saved = opened("placeholder-rack.gcg")
    assert len(saved.notes) == 1 and saved.notes[0].startswith(
        "line 4: the record gives paula's rack as EEEEEEE, which cannot be: the tiles kept "
        "and drawn make it ")
    _, skipped = review_tasks(saved.game)
    assert skipped[1] == "the record's rack for this move cannot be right (see the note)"
    # Written back as the record gave it.
    assert ">paula: EEEEEEE -E +0 0" in gcg_export(saved.game).text


def test_a_rack_that_lacks_a_tile_its_own_play_uses_is_given_it() -> None:
    saved = opened("rack-lacks-tile.gcg")
    assert saved.notes == ("line 5: the record gives nicole's rack as AEIRTTU, which cannot "
                           "be: the tiles kept and drawn make it AEINTTU, and that is assumed",)
    assert ">nicole: AEIRTTU 4H .ATTEN +18 44" in gcg_export(saved.game).text


def test_a_play_from_a_partial_rack_after_a_withdrawn_phony() -> None:
    saved = opened("phony-partial.gcg")
    history = saved.game.history
    assert history[5].withdrawn and history[-1].notation == "5J EH"
    # Only the tiles played are known: no rack note, but the moves are not judged.
    _, skipped = review_tasks(saved.game)
    assert skipped[8] == "the record does not give this rack in full"
    assert {3, 5} <= set(skipped)
    assert saved.notes == ("line 11: the record scores james's 5J EH 19; by the rules it "
                           "scores 25; the record's score counts",)


def test_a_double_challenge_is_a_pass_after_the_last_play_then_the_end() -> None:
    saved = opened("double-challenge.gcg")
    last = saved.game.inputs[-1].action
    assert isinstance(last, Challenge) and last.upheld is False
    assert saved.game.over and saved.notes == ()
    assert saved.game.annotations.notes_after(len(saved.game.history) - 1) == [
        "Ann challenged GITE off; it stayed."]


def test_a_score_the_rules_do_not_give_counts_as_recorded() -> None:
    saved = opened("score-not-the-rules.gcg")
    assert saved.game.scores == [46, 36]
    play = saved.game.inputs[2].action
    assert isinstance(play, Play) and play.recorded == 20
    assert saved.notes == ("line 5: the record scores ann's 4H .ATTEN 20; by the rules it "
                           "scores 18; the record's score counts",)


def test_an_exchange_the_recorded_rack_does_not_hold_exchanges_what_it_says() -> None:
    saved = opened("exchange-not-in-rack.gcg")
    exchange = saved.game.inputs[1].action
    assert isinstance(exchange, Pass) and sorted(exchange.discards) == ["Q", "Z"]
    assert saved.notes == ("line 4: the record gives bob's rack as AGHIRXY, which cannot be: "
                           "the tiles kept and drawn make it AGHIQRZ, and that is assumed",)


def test_each_challenge_keeps_its_own_bonus() -> None:
    saved = opened("challenge-bonuses.gcg")
    awarded = [t.awarded for t in saved.game.history if isinstance(t.action, Challenge)]
    assert awarded == [10, 5] and saved.game.scores == [62, 75] and saved.notes == ()
    text = gcg_export(saved.game).text
    assert "(challenge) +10 46" in text and "(challenge) +5 75" in text


def test_latin1_crlf_blank_lines_and_trailing_spaces() -> None:
    saved = opened("latin1-crlf.gcg")
    assert saved.game.names == ["Zoë Martin", "René Dupré"]
    assert saved.game.annotations.notes_after(0) == ["Zoë opens."]
    assert parse_gcg(gcg_export(saved.game).text).players[1].name == "René Dupré"


def test_replay_prints_each_note_once_and_ends_on_the_recorded_totals(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(QUIRKS / "score-not-the-rules.gcg")]) == 0
    out = capsys.readouterr().out
    assert out.count("note: line 5: the record scores ann's 4H .ATTEN 20; by the rules it "
                     "scores 18; the record's score counts") == 1
    assert "Scores: Ann 46, Bob 36" in out


def test_a_turn_the_record_leaves_out_is_a_pass() -> None:
    saved = opened("turn-left-out.gcg", notes_kept=False)  # the pass is written out
    assert [(t.player, t.notation) for t in saved.game.history] == [
        (0, "H4 FILLER"), (1, "I6 AX"), (2, ""), (0, "4H (F)ATTEN")]
    assert saved.notes == ("line 6: the record gives no move of nicole before mark's; a pass "
                           "is assumed",)
    _, skipped = review_tasks(saved.game)
    assert skipped[2] == "the record does not give this rack in full"


def test_a_record_that_plays_on_after_six_scoreless_turns_goes_on() -> None:
    saved = opened("plays-on.gcg")
    assert not saved.game.over and saved.game.history[-1].notation == "I6 AX"
    assert saved.notes == ("line 11: by the rules the game ended before this move (6 "
                           "scoreless turns in a row); the record plays on, and so does the "
                           "game",)


@pytest.mark.parametrize("name", ["magpie-board.gcg", "magpie-board-classic.gcg"])
def test_magpies_names_for_the_standard_board_are_the_standard_board(name: str) -> None:
    # MAGPIE writes "#board-layout standard15" (its older versions "classic"); such a
    # record was refused as a game on another board.
    saved = opened(name)
    assert saved.notes == () and saved.game.scores == [26, 36]
    assert saved.game.config.rows == saved.game.config.columns == 15
    layout = "standard15" if name == "magpie-board.gcg" else "classic"
    assert f"#board-layout {layout}" in gcg_export(saved.game).text


def test_another_board_is_still_refused_without_its_configuration() -> None:
    text = (QUIRKS / "magpie-board.gcg").read_text().replace("standard15", "SuperCrosswordGame")
    with pytest.raises(RecordError, match="SuperCrosswordGame"):
        read_gcg_text(text)


def test_players_who_pass_on_with_nothing_to_draw_play_on_to_six_scoreless_turns() -> None:
    # With the bag empty, WordStudio's game ends when every player passes in turn; the
    # tournament rules (and MAGPIE's six-pass game) let them pass on until six scoreless
    # turns end it.  The record is the authority: the game goes on, and ends on its totals.
    config = load_config(QUIRKS / "fifteen-tiles.cfg")
    saved = read_gcg(QUIRKS / "passing-on.gcg", config)
    game = saved.game
    assert saved.notes == ("line 9: by the rules the game ended before this move (every "
                           "player passed in turn); the record plays on, and so does the game",)
    assert len(game.history) == 8 and game.over
    assert game.end_reason == "6 scoreless turns in a row"
    assert game.final_scores() == [24, 24] == list(saved.recorded_scores or ())
    assert not game.config.end.passing_ends
    back = read_gcg_text(gcg_export(game).text, config)
    assert [(t.notation, t.score) for t in back.game.history] == [
        (t.notation, t.score) for t in game.history]
    # Saved and opened again, the game keeps the rule it was read with.
    again = game_from_json(game_to_json(game))
    assert again.over and again.final_scores() == [24, 24]
    assert "PassingEnds = 0" in write_config(game.config)


def test_by_wordstudios_rules_two_passes_with_nothing_to_draw_end_the_game() -> None:
    config = load_config(QUIRKS / "fifteen-tiles.cfg")
    assert config.end.passing_ends
    text = (QUIRKS / "passing-on.gcg").read_text()
    lines = text.splitlines()
    # The record stops after the first two passes: no note, the game ended by the rules.
    short = "\n".join(lines[:8] + ["#note the end"]) + "\n"
    saved = read_gcg_text(short, config)
    assert saved.game.over and saved.game.end_reason == "every player passed in turn"
    assert saved.notes == ()


def test_a_withdrawn_play_no_rack_can_have_held_with_the_next_is_of_tiles_not_known() -> None:
    # WatchGCG's test record and a German tournament game: after a withdrawn phony the
    # player plays tiles that no rack holding the phony's can also have held (he drew
    # nothing between).  The tiles played next are certain; the phony's are not: it is a
    # withdrawn play of tiles not known - a pass in the game, as it leaves the board and
    # the rack as they were - written back as the record gives it.
    saved = opened("phony-unknown-tiles.gcg")
    game = saved.game
    assert saved.notes == (
        "line 4: the record says bob played 8A POTTIER. and took it back, but no rack can "
        "have held its tiles together with those of bob's I6 AX, played next; a withdrawn "
        "play of tiles not known is assumed, which leaves the board and the rack as they "
        "were (the game has a pass there)",
        "line 4: the record gives bob's rack as EIOPRTT, which cannot be: the tiles kept "
        "and drawn make it AGHIRXY, and that is assumed")
    assert [t.notation for t in game.history if isinstance(t.action, Play)] == [
        "H4 FILLER", "4H (F)ATTEN", "I6 AX", "3J AURA"]
    assert isinstance(game.inputs[1].action, Pass) and not game.inputs[1].action.discards
    assert game.annotations.withdrawn == {1: ("8A", "POTTIER.", 83)}
    assert game.scores == [62, 36] == list(saved.recorded_scores or ())
    # Written back line for line as it came.
    text = gcg_export(game).text
    moves = [line for line in text.splitlines() if line.startswith(">")]
    assert moves == [line for line in (QUIRKS / "phony-unknown-tiles.gcg").read_text()
                     .splitlines() if line.startswith(">")]
    # The review does not judge it; a native save keeps it.
    _, skipped = review_tasks(game)
    assert skipped[1] == "a withdrawn play whose tiles are not known (see the note)"
    again = game_from_json(game_to_json(game))
    assert again.annotations.withdrawn == game.annotations.withdrawn
    assert gcg_export(again).text == text


def test_a_withdrawn_play_the_rack_can_have_held_is_still_played_and_taken_back() -> None:
    # The same record with a next play the phony's rack holds: nothing is assumed.
    text = (QUIRKS / "phony-unknown-tiles.gcg").read_text().replace(
        ">bob: AGHIRXY I6 AX +36 36", ">bob: EIOPRTT I6 TO +8 8")
    saved = read_gcg_text(text)
    assert saved.game.history[1].withdrawn and not saved.game.annotations.withdrawn
    assert not any("not known" in note for note in saved.notes)


def test_a_saved_withdrawn_play_of_another_shape_is_refused() -> None:
    assert Annotations.from_dict({"withdrawn": [[1, ["8A", "POTTIER.", 83]]]}).withdrawn == {
        1: ("8A", "POTTIER.", 83)}
    for bad in ([[1, ["8A", "POTTIER."]]], [[1, ["8A", "POTTIER.", "83"]]],
                [[1, ["8A", 7, 83]]], [[1, ["8A", "X", True]]], [["1", ["8A", "X", 8]]]):
        with pytest.raises(ValueError):
            Annotations.from_dict({"withdrawn": bad})
