"""GCG records replayed through the rules: records in the shapes other programs write give
the right final scores; what the rules cannot replay is named by its line.

The files in ``tests/data/gcg`` were made by hand in the shapes the public programs
write (Macondo/Woogles, Quackle's annotated games, a club's hand-kept record, a game that
ended on six scoreless turns); their totals are the ones a scorer kept.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import REPO
from wordstudio.crossword.actions import Challenge, Outcome, Pass, Play, TimePenalty
from wordstudio.crossword.annotations import END, GAME
from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.records.codec import RecordError
from wordstudio.crossword.records.formats import is_game_record, open_record
from wordstudio.crossword.records.gcgread import read_gcg, read_gcg_text, unlisted_words
from wordstudio.crossword.records.gcgwrite import gcg_export
from wordstudio.errors import UserError

DATA = REPO / "tests" / "data" / "gcg"
PLAYERS = "#player1 ann Ann\n#player2 bob Bob\n"


def read(name: str):
    return read_gcg(DATA / name)


# --- records in other programs' shapes ------------------------------------------------------
@pytest.mark.parametrize(("name", "finals", "went_out"), [
    ("macondo-woogles.gcg", [384, 347], 1),
    ("quackle-annotated.gcg", [356, 297], 1),
    ("club-plain-count.gcg", [388, 373], 1),
    ("six-zeros.gcg", [133, 60], None),
    ("macondo-pragmas.gcg", [485, 261], 0),
])
def test_records_give_the_totals_their_scorers_kept(name: str, finals: list[int],
                                                    went_out: int | None) -> None:
    saved = read(name)
    game = saved.game
    assert saved.format == "gcg" and game.over
    assert game.final_scores() == finals and game.went_out == went_out
    # The record's last total for each player is the final score.
    lines = (DATA / name).read_bytes().decode("latin-1").splitlines()
    last = {}
    for line in lines:
        if line.startswith(">"):
            last[line.split(":")[0][1:]] = int(line.split()[-1])
    assert list(last.values()) == finals or sorted(last.values()) == sorted(finals)


def test_a_woogles_game_keeps_its_rulings_penalty_and_header() -> None:
    saved = read("macondo-woogles.gcg")
    game = saved.game
    kinds = [type(item.action) for item in game.inputs]
    # The lost double challenge is a challenge that cost the challenger his turn.
    assert game.history[3].outcome is Outcome.CHALLENGE_LOST and kinds[3] is Challenge
    phony = next(t for t in game.history if t.withdrawn)
    assert phony.notation == "2J RIGG"
    assert game.history[game.history.index(phony) + 1].outcome is Outcome.CHALLENGE_WON
    assert kinds[-1] is TimePenalty and game.final_scores()[0] == 384
    assert game.setup.settings.going_out_doubled
    notes = game.annotations
    assert notes.ident == "io.woogles 7XqsLAZiDhW3" and notes.lexicon == "NWL20"
    assert notes.nicknames == ("ann", "bob") and game.names == ["Ann Lee", "Bob Ray"]
    assert notes.notes_after(GAME) == ["Variant: classic", "BoardLayout: CrosswordGame",
                                       "LetterDistribution: english"]
    assert notes.notes_after(0) == ["Opening on the H column keeps the double-letter "
                                    "squares shut."]
    assert notes.notes_after(len(game.inputs) - 1)[0].startswith("Two minutes over")
    assert any("played with NWL20" in note for note in saved.notes)
    assert not any("line" in note for note in saved.notes)  # no rack disagreed


def test_macondos_header_pragmas_and_continued_notes() -> None:
    # Today's Macondo/Woogles header: what game was played in pragmas of its own, and
    # notes continued on '#- ' lines (which may read as a move or a pragma themselves).
    saved = read("macondo-pragmas.gcg")
    notes = saved.game.annotations
    assert notes.extra == ["#game-type classic", "#board-layout CrosswordGame",
                           "#tile-distribution english"]
    assert notes.notes_after(4) == ["Eight letters down the H column.\nA triple-triple was "
                                    "there too, but it scored less.\n>mia: should now keep "
                                    "the Z away from the triple."]
    assert notes.notes_after(8) == ["LEaRNeR: both blanks at once.\n\n#blanks are worth "
                                    "about 25 points each"]
    assert saved.game.names == ["Noa Ward", "Mia Shu"] and notes.ident == (
        "io.woogles 4pT9xQwzL2")
    # Written back, the pragmas stay and the continuation lines stay with their note.
    text = gcg_export(saved.game).text
    assert "#game-type classic\n#board-layout CrosswordGame\n#tile-distribution english\n" in (
        text)
    assert ("+83 127\n#note Eight letters down the H column.\nA triple-triple was there "
            "too, but it scored less.\n#- >mia: should now keep the Z away from the "
            "triple.\n>mia: ") in text
    assert ("#note LEaRNeR: both blanks at once.\n#-\n#- #blanks are worth about 25 points "
            "each\n>mia: ") in text
    again = read_gcg_text(text).game
    assert again.annotations.notes == notes.notes and again.final_scores() == [485, 261]


@pytest.mark.parametrize(("header", "message"), [
    ("#game-type wordsmog", "#game-type wordsmog: this is a game of the variant 'wordsmog'"),
    ("#game-type classic_super", "variant 'classic_super', which WordStudio does not play"),
    ("#tile-distribution french", "#tile-distribution french: the game was played with the "
                                  "tiles 'french'; WordStudio reads GCG records on the "
                                  "standard tiles (english)"),
    ("#board-layout SuperCrosswordGame", "the board 'SuperCrosswordGame'"),
    ("#note BoardLayout: SuperCrosswordGame", "#note BoardLayout: SuperCrosswordGame: the "
                                              "game was played with the board"),
    ("#note LetterDistribution: norwegian", "the tiles 'norwegian'"),
    ("#tile CH ch", "#tile CH: this game has no such tile"),
])
def test_games_of_other_variants_boards_and_tiles_are_refused_naming_the_line(
        header: str, message: str) -> None:
    with pytest.raises(RecordError) as caught:
        read_gcg_text(PLAYERS + header + "\n>ann: AEIRSTZ 8G ZA +22 22\n", source="g.gcg")
    assert caught.value.line == 3, caught.value
    assert message in caught.value.problem
    assert str(caught.value).startswith("g.gcg, line 3: ")


def test_the_standard_game_by_any_of_its_names_and_another_board_when_chosen() -> None:
    header = ("#game-type CLASSIC\n#board-layout crosswordgame\n#tile-distribution English\n"
              "#note Variant: CrosswordGame\n")
    saved = read_gcg_text(PLAYERS + header + ">ann: AEIRSTZ 8G ZA +22 22\n")
    assert saved.game.scores == [22, 0] and saved.notes == ()
    # A configuration chosen for the game (by the caller, or the record's WordStudioConfig
    # note) reads another board or tile set on it, and says so.
    other = PLAYERS + "#tile-distribution french\n>ann: AEIRSTZ 8G ZA +22 22\n"
    chosen = read_gcg_text(other, load_config(REPO / "boards" / "scrabble.cfg"))
    assert chosen.notes == ("line 3: the record was played with the tiles 'french'; it is "
                            "read with the configuration's tiles",)


@pytest.mark.parametrize(("text", "line", "message"), [
    (PLAYERS + ">ann: AEIRSTZ 8G ZA +22 22\n#game-type classic\n", 4,
     "#game-type comes after the first move"),
    (PLAYERS + "#board-layout\n", 3, "#board-layout names nothing"),
    (PLAYERS + "#game-type classic\n#game-type classic\n", 4, "#game-type is given twice"),
    (PLAYERS + "#tile CH\n", 3, "#tile gives a tile and how a blank"),
    (PLAYERS + "#- a line of nothing\n", 3, "a continuation line (#-) follows no note"),
    (PLAYERS + ">ann: AEIRSTZ 8G ZA +22 22\n#- a line of nothing\n", 4,
     "a continuation line (#-) follows no note"),
])
def test_malformed_header_pragmas_name_the_line(text: str, line: int, message: str) -> None:
    with pytest.raises(RecordError) as caught:
        read_gcg_text(text)
    assert caught.value.line == line and message in caught.value.problem


def test_a_continuation_line_after_a_pragma_kept_as_written_stays_with_it() -> None:
    text = PLAYERS + "#tournament Spring open\n#- second day\n>ann: AEIRSTZ 8G ZA +22 22\n"
    saved = read_gcg_text(text)
    assert saved.game.annotations.extra == ["#tournament Spring open", "#- second day"]
    assert "#tournament Spring open\n#- second day\n" in gcg_export(saved.game).text


def test_a_quackle_annotation_with_the_opponents_tiles_only() -> None:
    saved = read("quackle-annotated.gcg")
    game = saved.game
    # The opponent's racks were only the tiles played: the game fills them in, keeps
    # what the record gave, and knows which racks it did not give in full.
    opp_moves = [i for i, item in enumerate(game.inputs) if item.player == 1
                 and isinstance(item.action, Play)]
    # (The last rack, EGIT, was the whole rack: the bag was empty.)
    assert [game.annotations.rack_known(i) for i in opp_moves] == [False] * (
        len(opp_moves) - 1) + [True]
    assert game.annotations.partial_racks[opp_moves[0]] == "ERSTVY"
    assert all(game.annotations.rack_known(i) for i, item in enumerate(game.inputs)
               if item.player == 0)
    # A five-point challenge: the challenged player gains, the challenger plays on.
    assert game.setup.settings.challenge_bonus == 5
    challenge = next(t for t in game.history if isinstance(t.action, Challenge))
    assert challenge.awarded == 5 and challenge.player == 1
    assert game.annotations.notes_after(5)[0].startswith("AGIOTAGE was the only bingo")
    assert game.annotations.notes_after(5)[0].endswith("\nE hook for later.")
    assert game.annotations.title == "Club night, round 2" and not saved.notes


def test_a_hand_kept_club_record_in_latin1_with_the_plain_count() -> None:
    saved = read("club-plain-count.gcg")
    game = saved.game
    assert game.names == ["Zoë Martin", "Robert Dupré"]
    assert not game.setup.settings.going_out_doubled
    assert sorted((a.player, a.points) for a in game.adjustments) == [(0, -2), (1, 2)]


def test_six_scoreless_turns_with_exchanges_given_as_numbers() -> None:
    game = read("six-zeros.gcg").game
    exchanges = [i for i, item in enumerate(game.inputs)
                 if isinstance(item.action, Pass) and item.action.discards]
    assert len(exchanges) == 3 and set(exchanges) == game.annotations.hidden_exchanges
    assert "6 scoreless turns" in game.end_reason
    # The final racks are the ones the record gives.
    assert sorted(game.racks[1].tiles) == list("DEIITWX")
    assert game.annotations.notes_after(exchanges[-1]) == [
        "Six scoreless turns: the game is over, each player loses his tiles."]
    assert game.annotations.notes_after(END) == []


def test_words_the_list_does_not_hold_are_played_and_flagged() -> None:
    saved = read_gcg_text(PLAYERS + ">ann: AEIRSTX 8G XA +18 18\n>bob: AABCTTT H7 TAT +3 3\n")
    game = saved.game
    assert game.history[0].words == ("XA",) and not game.history[0].withdrawn
    assert unlisted_words(game.history[0], game.words) == ("XA",)
    assert unlisted_words(game.history[1], game.words) == ()
    assert not game.over and game.current == 0


def test_a_record_opens_through_open_record_whatever_its_name(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_bytes((DATA / "six-zeros.gcg").read_bytes())
    assert open_record(path).game.final_scores() == [133, 60]


def test_game_records_are_told_by_their_content_whatever_their_name(tmp_path: Path) -> None:
    record = tmp_path / "round 3"
    record.write_bytes((DATA / "quackle-annotated.gcg").read_bytes())
    native = tmp_path / "saved"
    native.write_text('{\n "format": "wordstudio-crossword", "version": 1\n}\n')
    others = {"war": '{"format": "wordstudio-wordwar"}', "notes": "# a list\nmilk\n",
              "ww": "# WordsWorth saved game\n@1\nDEEFGII\n"}
    for name, text in others.items():
        (tmp_path / name).write_text(text)
    assert is_game_record(record) and is_game_record(native)
    assert not any(is_game_record(tmp_path / name) for name in others)
    assert not is_game_record(tmp_path / "missing")


def test_a_record_written_for_another_board_is_read_on_it(tmp_path: Path) -> None:
    text = (PLAYERS + "#note WordStudioConfig: wordsworth.cfg\n")
    saved = read_gcg_text(text)
    assert saved.game.config.rows == 13 and saved.game.setup.config_path.endswith(
        "wordsworth.cfg")
    lost = read_gcg_text(PLAYERS + "#note WordStudioConfig: nowhere.cfg\n")
    assert lost.game.config.rows == 15 and "nowhere.cfg, which is not found" in lost.notes[0]
    chosen = read_gcg_text(text, load_config(REPO / "boards" / "scrabble.cfg"))
    assert chosen.game.config.rows == 15


# --- what the rules cannot replay -----------------------------------------------------------
@pytest.mark.parametrize(("moves", "line", "message"), [
    (">ann: AEIRSTZ 8G ZA +22 22\n>bob: ABEIQST G8 QI +22 22\n", 4,
     "the word conflicts with the board: G8 holds Z"),
    (">ann: AEIRSTZ 8G Z. +22 22\n", 3, "H8 holds a tile, but it is empty"),
    (">ann: AEIRSTZ 8G (Z)A +22 22\n", 3, "G8 holds a tile, but it is empty"),
    (">ann: AEIRSTZ 20G ZA +22 22\n", 3, "20G is not a square of this 15x15 board"),
    (">ann: AEIRSTZ -- -22 0\n", 3, "no play before it"),
    (">ann: AEIRSTZ 8G ZA +22 22\n>bob: (challenge) +5 5\n", 4,
     "a challenge bonus for bob, but the play before is not theirs"),
    (">ann: AEIRSTZ 8G ZA +22 22\n>bob: AB (time) -10 -10\n", 4,
     "a time penalty before the end of the game"),
    (">ann: AEIRSTZ 1A ZA +22 22\n", 3, "the first word must"),
    (">ann: AEIRS -9 +0 0\n", 3, "an exchange of 9 tiles from a rack of 7"),
    (">ann: AEIRS1 8G ZA +22 22\n", 3, "'AEIRS1' is not a position"),
])
def test_a_record_the_rules_cannot_replay_names_the_line(moves: str, line: int,
                                                          message: str) -> None:
    with pytest.raises(RecordError) as caught:
        read_gcg_text(PLAYERS + moves, source="g.gcg")
    assert caught.value.line == line, caught.value
    assert message in caught.value.problem


def test_games_this_program_cannot_play_are_refused() -> None:
    with pytest.raises(RecordError, match="variant 'wordsmog'") as caught:
        read_gcg_text(PLAYERS + "#note Variant: wordsmog\n")
    assert caught.value.line == 3
    with pytest.raises(RecordError, match="the record has 1 players; this game is for 2 to 4"):
        read_gcg_text("#player1 ann Ann\n")


def test_disagreements_that_do_not_stop_the_replay_are_notes() -> None:
    saved = read_gcg_text(PLAYERS + ">ann: AEIRSTZ 8G ZA +22 20\n>bob: (ABC) +14 14\n")
    assert "line 3: the record's total for ann is 20; by the moves it is 22" in saved.notes
    racks = read_gcg_text(PLAYERS + ">ann: AEIRSTZ 8G ZA +22 22\n>bob: ABC - +0 0\n"
                          ">ann: QQQQQQQ - +0 22\n")
    assert any(n.startswith("line 5: the record gives ann's rack as QQQQQQQ, which cannot "
                            "be: the tiles kept and drawn make it ") for n in racks.notes)
    assert any("line 4: the record ends the game here, but by the rules it goes on" in n
               for n in saved.notes)


# --- anything at all is read safely ---------------------------------------------------------
_VALID = [line for line in (DATA / "macondo-woogles.gcg").read_text().splitlines()]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.integers(1, 6))
def test_a_damaged_record_is_refused_with_a_user_error_only(seed: int, edits: int) -> None:
    rng = random.Random(seed)
    lines = list(_VALID)
    for _ in range(edits):
        k = rng.randrange(len(lines))
        choice = rng.randrange(5)
        if choice == 0:
            del lines[k]
        elif choice == 1:
            lines.insert(k, lines[rng.randrange(len(lines))])
        elif choice == 2 and lines[k]:
            i = rng.randrange(len(lines[k]))
            lines[k] = lines[k][:i] + rng.choice("A?.-()+0123 :#>xZ") + lines[k][i + 1:]
        elif choice == 3:
            j = rng.randrange(len(lines))
            lines[k], lines[j] = lines[j], lines[k]
        else:
            lines[k] = lines[k][:rng.randrange(len(lines[k]) + 1)]
    try:
        saved = read_gcg_text("\n".join(lines))
    except UserError as exc:
        assert str(exc)
        return
    assert saved.game.final_scores() is not None
