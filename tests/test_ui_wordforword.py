"""The Word For Word window: commands, rule 10's confirmation, the board, whole games."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from tests.disk_faults import broken_disk, refusals, said_why, temporaries
from wordstudio.ui.context import AppContext, Settings
from wordstudio.ui.games import game_entries
from wordstudio.ui.wordforword import ENTRIES, WordForWordPage, offer_resume, open_game
from wordstudio.ui.wordforword.dialog import NewGameDialog
from wordstudio.ui.wordforword.entry import MoveEntry, Stage
from wordstudio.ui.wordforword.page import autosave_path
from wordstudio.ui.wordforword.widgets import word_html, word_text
from wordstudio.ui.workers import BackgroundRunner
from wordstudio.wordforword.clock import Countdown
from wordstudio.wordforword.moves import COMMANDS, GameSetup, Move, MoveKind, PlayerSpec
from wordstudio.wordforword.players import choose_move
from wordstudio.wordforword.records import game_to_json, load_game, save_game
from wordstudio.wordforword.rules import Deal, Game, Phase, WordClass

LEX = ["CAT", "COT", "DOT", "DOG", "PIT", "POT", "ZOO", "BOO", "BIG", "DIG"]


@pytest.fixture
def context(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(WordForWordPage, "computer_delay_ms", 0)
    runner = BackgroundRunner(mode="sync")
    yield AppContext(Settings(tmp_path / "settings.json"), runner)
    runner.shutdown()


def scripted_page(qtbot, context, names=("Ann", "Bob"), computers=(), study=0, move=None,
                  words=("CAT", "PIT", "BIG")) -> WordForWordPage:
    players = tuple(PlayerSpec(n, "Club" if n in computers else None) for n in names)
    setup = GameSetup(players=players, length=3, study_seconds=study, move_seconds=move)
    game = Game(setup, LEX, Deal("DOG", words[:len(names)], tuple(range(len(names)))))
    page = WordForWordPage(context, game=game)
    qtbot.addWidget(page)
    return page


def type_move(qtbot, page: WordForWordPage, letter: str, word: str | None = None,
              confirm: str = "y") -> None:
    """Make a move as a person does: the command letter, the word, Enter, then Y."""
    qtbot.keyClicks(page, letter)
    if word is not None:
        qtbot.keyClicks(page.entry.word, word)
        qtbot.keyClick(page.entry.word, Qt.Key.Key_Return)
    assert page.entry.stage is Stage.CONFIRM
    qtbot.keyClicks(page.entry, confirm)


# --- the commands and rule 10 -----------------------------------------------------------
def test_commands_are_named_in_plain_words_with_their_letter_beside(qtbot):
    entry = MoveEntry()
    qtbot.addWidget(entry)
    labels = [entry.buttons[k].text() for k in COMMANDS]
    assert labels == ["Save (S)", "Delete (D)", "Win (W)", "Save to win (A)",
                      "Delete to draw (E)", "Resign (R)"]
    for kind in COMMANDS:
        assert entry.buttons[kind].accessibleName().endswith(f"(key {kind.letter})")


def test_the_word_box_shows_its_whole_hint(qtbot):
    entry = MoveEntry()
    qtbot.addWidget(entry)
    entry.set_commands(COMMANDS)
    entry.show()
    entry.choose(MoveKind.SAVE)
    qtbot.waitExposed(entry)
    box = entry.word
    needed = box.fontMetrics().horizontalAdvance(box.placeholderText())
    assert box.isVisible() and box.width() >= needed + 8


@pytest.mark.parametrize("typed", ["s", "S"])
def test_command_letters_work_in_either_case(qtbot, typed):
    entry = MoveEntry()
    qtbot.addWidget(entry)
    entry.set_commands(COMMANDS)
    qtbot.keyClicks(entry, typed)
    assert entry.stage is Stage.WORD and entry.kind is MoveKind.SAVE


def test_clicking_a_command_works_like_typing_it(qtbot):
    entry = MoveEntry()
    qtbot.addWidget(entry)
    entry.set_commands(COMMANDS)
    qtbot.mouseClick(entry.buttons[MoveKind.RESIGN], Qt.MouseButton.LeftButton)
    assert entry.stage is Stage.CONFIRM and entry.kind is MoveKind.RESIGN


def test_rule10_a_word_is_confirmed_before_the_move_is_made(qtbot):
    entry = MoveEntry()
    qtbot.addWidget(entry)
    entry.set_commands(COMMANDS)
    made = []
    entry.move_made.connect(made.append)
    qtbot.keyClicks(entry, "d")
    qtbot.keyClicks(entry.word, "cta")
    qtbot.keyClick(entry.word, Qt.Key.Key_Return)
    assert entry.stage is Stage.CONFIRM and entry.question.text() == "<b>Delete CTA?</b>"
    assert made == []
    qtbot.keyClicks(entry, "n")            # not confirmed: back to the word
    assert entry.stage is Stage.WORD and entry.word.text() == "cta" and made == []
    entry.word.clear()
    qtbot.keyClicks(entry.word, "cat")
    qtbot.keyClick(entry.word, Qt.Key.Key_Return)
    qtbot.keyClick(entry, Qt.Key.Key_Return)  # Enter confirms too
    assert made == [Move(MoveKind.DELETE, "CAT")] and entry.stage is Stage.IDLE


def test_escape_gives_up_a_command_and_unavailable_commands_do_nothing(qtbot):
    entry = MoveEntry()
    qtbot.addWidget(entry)
    entry.set_commands(tuple(k for k in COMMANDS if k is not MoveKind.DELETE_TO_DRAW))
    assert not entry.buttons[MoveKind.DELETE_TO_DRAW].isEnabled()
    assert not entry.type_text("e") and entry.stage is Stage.IDLE
    qtbot.keyClicks(entry, "a")
    qtbot.keyClick(entry.word, Qt.Key.Key_Escape)
    assert entry.stage is Stage.IDLE and entry.kind is None
    qtbot.keyClick(entry.word, Qt.Key.Key_Return)  # nothing to submit
    assert entry.stage is Stage.IDLE
    entry.set_commands(())
    assert not entry.type_text("s") and not any(b.isEnabled() for b in entry.buttons.values())


def test_a_confirmed_misspelling_forfeits_the_turn(qtbot, context):
    page = scripted_page(qtbot, context)
    type_move(qtbot, page, "D", "cta")
    assert page.game.turns[-1].forfeit is not None
    assert "CTA is not in the lexicon" in page.message.text()
    assert page.game.acting == 1 and page.record.count() == 1


# --- the board ---------------------------------------------------------------------------------
def test_word_classes_have_a_colour_and_a_mark(qtbot):
    marks = {kind: word_text("COT", kind) for kind in WordClass}
    assert marks[WordClass.PUZZLE] == "★COT" and marks[WordClass.SAVED] == "[COT]"
    assert marks[WordClass.DELETED] == "✗COT" and marks[WordClass.OPEN] == "COT"
    colours = {word_html("COT", kind).split("color:")[1][:7] for kind in WordClass}
    assert len(colours) == len(WordClass)
    assert "line-through" in word_html("COT", WordClass.DELETED)


def test_board_shows_puzzles_saved_and_deleted_words_under_each_player(qtbot, context):
    page = scripted_page(qtbot, context)
    type_move(qtbot, page, "s", "cot")
    type_move(qtbot, page, "d", "zoo")
    ann, bob = (panel.plain_text() for panel in page.panels)
    assert "Puzzle: ★CAT → ★DOG" in ann and "Saved: [COT]" in ann and "Deleted: none" in ann
    assert "Deleted: ✗ZOO" in bob and "Saved: none" in bob
    assert "▶ Ann" in ann and "To move" in ann and "▶" not in bob
    assert "(plays 1st; person)" in ann and "(plays 2nd; person)" in bob
    assert "★DOG" in page.common.text()
    assert page.record.item(1).text() == "2. Bob deleted ZOO."


def test_eliminated_players_are_shown_and_skipped(qtbot, context):
    page = scripted_page(qtbot, context, names=("Ann", "Bob", "Cy"))
    type_move(qtbot, page, "r")
    assert "ELIMINATED — resigned" in page.panels[0].plain_text()
    assert page.game.acting == 1 and "▶ Bob" in page.panels[1].plain_text()
    # Three players were in the game, two are left: now delete-to-draw is offered.
    assert page.entry.buttons[MoveKind.DELETE_TO_DRAW].isEnabled()


def test_a_person_can_play_and_win_through_the_window(qtbot, context):
    page = scripted_page(qtbot, context)
    type_move(qtbot, page, "S", "COT")
    type_move(qtbot, page, "S", "ZOO")
    type_move(qtbot, page, "a", "dot")
    assert page.game.over and page.game.winner == 0
    assert "Ann wins." in page.message.text() and "WINNER" in page.panels[0].plain_text()
    assert not any(b.isEnabled() for b in page.entry.buttons.values())
    assert "Game over" in page.clock.text()


# --- study period and clock ------------------------------------------------------------------
class FakeTime:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_study_period_ends_by_agreement(qtbot, context):
    page = scripted_page(qtbot, context, study=None)
    assert page.game.phase is Phase.STUDY and not page.begin_button.isHidden()
    assert "begin when everyone is ready" in page.clock.text()
    assert page.entry.allowed() == () and not page.entry.type_text("s")
    qtbot.mouseClick(page.begin_button, Qt.MouseButton.LeftButton)
    assert page.game.phase is Phase.PLAY and MoveKind.SAVE in page.entry.allowed()
    assert page.begin_button.isHidden() and not page.begin_action.isEnabled()


def test_timed_study_period_ends_when_its_time_runs_out(qtbot, context):
    page = scripted_page(qtbot, context, study=60, move=30)
    clock = FakeTime()
    page.study_clock = Countdown(60, now=clock)
    page.study_clock.restart()
    clock.now += 59.2
    page._tick()
    assert page.game.phase is Phase.STUDY and page.clock.text() == "Study period: 0:01"
    clock.now += 1
    page._tick()
    assert page.game.phase is Phase.PLAY


def test_the_move_clock_running_out_forfeits_a_persons_turn(qtbot, context):
    page = scripted_page(qtbot, context, move=30)
    clock = FakeTime()
    page.move_clock = Countdown(30, now=clock)
    page.move_clock.restart()
    qtbot.keyClicks(page, "s")              # half-way through a move...
    clock.now += 12
    page._tick()
    assert page.clock.text() == "Ann to move — 0:18"
    clock.now += 20
    page._tick()
    assert page.game.turns[-1].move.kind is MoveKind.TIME_UP and page.game.acting == 1
    assert "ran out" in page.record.item(0).text() and page.entry.stage is Stage.IDLE


# --- the practice aid --------------------------------------------------------------------------
def test_practice_aid_is_off_unless_chosen(qtbot, context):
    page = scripted_page(qtbot, context)
    assert not page.practice.isChecked() and page.aid_label.text() == "<i>Off.</i>"
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    assert not dialog.practice.isChecked()


def test_practice_aid_spoils_nothing_during_the_study_period(qtbot, context):
    page = scripted_page(qtbot, context, study=None)
    page.practice.setChecked(True)
    assert "once play begins" in page.aid_label.text() and page.aid is None
    assert page.reveal_button.isHidden()
    page.begin_play()
    qtbot.waitUntil(lambda: "still has a solution" in page.aid_label.text())


def test_practice_aid_shows_a_chain_only_when_asked_and_can_be_switched_off(qtbot, context):
    page = scripted_page(qtbot, context)
    page.practice.setChecked(True)
    qtbot.waitUntil(lambda: "still has a solution" in page.aid_label.text())
    assert "chain:" not in page.aid_label.text() and "COT" not in page.aid_label.text()
    assert not page.reveal_button.isHidden()
    page.reveal_button.click()
    assert "A shortest chain" in page.aid_label.text() and "COT" in page.aid_label.text()
    assert page.reveal_button.isHidden()
    type_move(qtbot, page, "s", "zoo")               # the next turn: hidden again
    qtbot.waitUntil(lambda: page.aid is not None and page.aid.seat == 1)
    assert "chain:" not in page.aid_label.text()
    page.practice.setChecked(False)
    assert page.aid_label.text() == "<i>Off.</i>"
    assert context.settings.get("wordforword/practice_aid") is False
    assert not page.practice_action.isChecked()
    page.practice_action.setChecked(True)
    qtbot.waitUntil(lambda: "still has a solution" in page.aid_label.text())


def test_practice_aid_follows_the_person_to_move(qtbot, context):
    page = scripted_page(qtbot, context, names=("Ann", "Bob", "Cy"))
    page.practice.setChecked(True)
    type_move(qtbot, page, "s", "zoo")
    qtbot.waitUntil(lambda: page.aid is not None and page.aid.seat == 1)
    assert page.aid_label.text().startswith("Bob:")
    type_move(qtbot, page, "d", "cot")       # Bob cuts Ann off; she is eliminated
    qtbot.waitUntil(lambda: page.aid is not None and page.aid.seat == 2)
    assert page.aid_seat() == 2


# --- computer players, files, the registry ------------------------------------------------
def test_stale_computer_answers_are_dropped(qtbot, context):
    page = scripted_page(qtbot, context, names=("Ann", "Bob", "Cy"), computers=("Bob",))
    type_move(qtbot, page, "s", "zoo")
    qtbot.waitUntil(lambda: len(page.game.turns) == 2)
    assert not page.game.seats[page.game.acting].spec.is_computer and not page.game.over
    # Bob's answer to turn 1 arriving again (or late) must not be played for a person.
    page._computer_chose(Move(MoveKind.RESIGN), turn=1)
    page._play_computer_move(Move(MoveKind.RESIGN), turn=1)
    assert len(page.game.turns) == 2 and not page.game.over


def test_a_whole_game_between_a_person_and_a_computer(qtbot, context):
    setup = GameSetup(players=(PlayerSpec("Ann"), PlayerSpec("Hal", "Expert")), length=3,
                      lexicon="en-US-common", seed=4, study_seconds=None)
    page = WordForWordPage(context, setup=setup)
    qtbot.addWidget(page)
    qtbot.waitUntil(lambda: page.game is not None, timeout=20000)
    game = page.game
    assert game.phase is Phase.STUDY
    page.begin_play()
    while not game.over:
        if game.seats[game.acting].spec.is_computer:
            turns = len(game.turns)
            qtbot.waitUntil(lambda t=turns: len(game.turns) > t or game.over, timeout=20000)
            continue
        move = choose_move(game.position(), "Club", 9)
        type_move(qtbot, page, move.kind.letter.lower(), move.word)
    assert page.record.count() == len(game.turns) > 2
    assert game.result_text() in page.message.text()
    # Autosaved after every move; the autosave goes when the page closes normally.
    resumed = load_game(autosave_path())
    assert resumed.position() == game.position() and resumed.over
    page.shutdown()
    assert not autosave_path().exists()


def test_save_and_open_a_game(qtbot, context, tmp_path):
    page = scripted_page(qtbot, context)
    type_move(qtbot, page, "s", "cot")
    assert page.dirty and page.title().endswith("*")
    path = tmp_path / "mine.wfw"
    assert page.save_to(path) and not page.dirty and page.path == path
    assert str(path.resolve()) in context.settings.recent_files()
    reopened = open_game(context, page, path)
    qtbot.addWidget(reopened)
    assert reopened.game.position() == page.game.position()
    assert reopened.record.count() == 1 and reopened.title() == "Word For Word — mine.wfw"


@pytest.mark.parametrize("fault", ["full", "read-only"])
def test_a_save_the_disk_refuses_says_why_and_loses_nothing(qtbot, context, tmp_path,
                                                           monkeypatch, fault):
    """Save, Save As and the autosave on a full disk or a read-only folder: a message
    that says why, the files as they were, the game still unsaved; then saving works."""
    page = scripted_page(qtbot, context)
    type_move(qtbot, page, "s", "cot")
    path = tmp_path / "mine.wfw"
    assert page.save_to(path) and page.autosaved
    saved, autosaved = path.read_bytes(), autosave_path().read_bytes()
    elsewhere = tmp_path / "elsewhere.wfw"
    warnings = refusals(monkeypatch, "wordstudio.ui.wordforword.page", elsewhere)
    with broken_disk(fault) as reason:
        type_move(qtbot, page, "D", "cta")  # its autosave is refused
        assert not page.save() and not page.save_as()
    assert said_why(warnings, reason, 2)
    assert [b for b in page.findChildren(QMessageBox) if b.objectName() == "autosave-failed"]
    assert path.read_bytes() == saved and autosave_path().read_bytes() == autosaved
    assert not elsewhere.exists() and temporaries(tmp_path) == []
    assert page.dirty and page.path == path
    assert page.save() and load_game(path).turns == page.game.turns
    assert len(page.game.turns) == 2
    page.shutdown()


def test_opening_a_damaged_file_says_so_and_changes_nothing(qtbot, context, tmp_path,
                                                            monkeypatch):
    page = scripted_page(qtbot, context)
    data = json.loads(game_to_json(page.game))
    data["deal"]["common"] = "CAT"
    path = tmp_path / "bad.wfw"
    path.write_text(json.dumps(data), encoding="utf-8")
    before = path.read_bytes()
    warnings = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *args: warnings.append(args[2]))
    assert open_game(context, page, path) is None
    assert len(warnings) == 1 and "bad.wfw" in warnings[0] and "share a word" in warnings[0]
    assert path.read_bytes() == before


def test_a_game_that_cannot_be_dealt_says_why(qtbot, context, tmp_path):
    setup = GameSetup(players=(PlayerSpec("Ann"), PlayerSpec("Bob")), length=3,
                      lexicon=str(tmp_path / "missing.txt"))
    page = WordForWordPage(context, setup=setup)
    qtbot.addWidget(page)
    qtbot.waitUntil(lambda: page.error is not None)
    assert "Cannot start the game" in page.message.text() and "no such word list" in page.error
    assert not page.can_save()


def test_the_registry_offers_word_for_word():
    entry = next(e for e in game_entries() if e.ident == "wordforword")
    assert entry is ENTRIES[0] and entry.title == "Word For Word"
    assert entry.suffixes == (".wfw",) and entry.open_file is open_game


def test_saved_game_from_disk_replays_in_the_page(qtbot, context, tmp_path):
    page = scripted_page(qtbot, context, names=("Ann", "Bob", "Cy"))
    for letter, word in (("s", "cot"), ("d", "zoo"), ("r", None)):
        type_move(qtbot, page, letter, word)
    save_game(page.game, tmp_path / "g.wfw")
    again = WordForWordPage(context, game=load_game(tmp_path / "g.wfw"))
    qtbot.addWidget(again)
    assert [again.record.item(i).text() for i in range(3)] == [
        page.record.item(i).text() for i in range(3)]
    assert "ELIMINATED" in again.panels[2].plain_text()


def test_no_one_is_shown_to_move_during_the_study_period(qtbot, context):
    page = scripted_page(qtbot, context, study=None)
    assert all("To move" not in panel.plain_text() for panel in page.panels)
    page.begin_play()
    assert "To move" in page.panels[0].plain_text()


def test_practice_aid_offers_the_chain_needing_fewest_saves_when_it_differs(qtbot, context):
    game = Game(GameSetup(players=(PlayerSpec("Ann"), PlayerSpec("Bob")), length=3,
                          study_seconds=0),
                ["CAT", "COT", "DOT", "DOG", "CAG", "BAG", "BOG", "PIT", "POT", "ZOO"],
                Deal("DOG", ("CAT", "PIT"), (0, 1)))
    game.play(Move.parse("S ZOO"))
    game.play(Move.parse("S BAG"))   # Bob saves the long way round for Ann
    game.play(Move.parse("S BOG"))
    game.play(Move.parse("S CAG"))   # CAT-CAG-BAG-BOG-DOG: all saved, but not shortest
    page = WordForWordPage(context, game=game, practice=True)
    qtbot.addWidget(page)
    qtbot.waitUntil(lambda: page.aid is not None)
    page.reveal_chain()
    text = page.aid_label.text()
    assert "you can <b>Win</b>" in text and "Fewest words to save" in text


def test_dealing_and_computer_moves_run_in_worker_processes(qtbot, tmp_path, monkeypatch):
    """The default runner: every search crosses a process boundary and comes back."""
    monkeypatch.setattr(WordForWordPage, "computer_delay_ms", 0)
    runner = BackgroundRunner(mode="process")
    try:
        context = AppContext(Settings(tmp_path / "settings.json"), runner)
        setup = GameSetup(players=(PlayerSpec("Hal", "Novice"), PlayerSpec("Ada", "Expert")),
                          length=3, seed=21, study_seconds=0)
        page = WordForWordPage(context, setup=setup, practice=False)
        qtbot.addWidget(page)
        qtbot.waitUntil(lambda: page.game is not None and page.game.over, timeout=120000)
        assert page.record.count() == len(page.game.turns) >= 2
        assert page.game.result_text() in page.message.text()
    finally:
        runner.shutdown()


def test_a_game_a_crash_interrupted_is_offered_at_start_up(qtbot, context, monkeypatch):
    page = scripted_page(qtbot, context)
    type_move(qtbot, page, "s", "cot")            # autosaved after the move
    asked = []

    def answer(parent, title, text, buttons):
        asked.append(text)
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr(QMessageBox, "question", answer)
    resumed = offer_resume(context, None)
    qtbot.addWidget(resumed)
    assert "Ann, Bob; 1 move made" in asked[0]
    assert resumed.game.position() == page.game.position() and resumed.autosaved
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *args: QMessageBox.StandardButton.No)
    assert offer_resume(context, None) is None and autosave_path().exists()
    resumed.shutdown()                               # a normal close: nothing to recover
    assert offer_resume(context, None) is None


def test_a_damaged_autosave_is_reported_and_left_alone(qtbot, context, monkeypatch):
    autosave_path().write_text("{broken", encoding="utf-8")
    warnings = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *args: warnings.append(args[2]))
    assert offer_resume(context, None) is None
    assert "cannot be resumed" in warnings[0] and autosave_path().read_text() == "{broken"
    autosave_path().unlink()


def test_a_finished_autosaved_game_is_not_offered(qtbot, context, monkeypatch):
    page = scripted_page(qtbot, context)
    type_move(qtbot, page, "r")
    monkeypatch.setattr(QMessageBox, "question", lambda *args: pytest.fail("asked"))
    assert page.game.over and offer_resume(context, None) is None
    page.shutdown()


def test_help_names_every_command_as_the_board_shows_it(qtbot, context):
    import re

    from wordstudio.ui.wordforword.entry import NAMES
    from wordstudio.wordforword.moves import COMMANDS

    page = scripted_page(qtbot, context)
    text = " ".join(re.sub(r"<[^>]+>", "", page.help_html()).split())
    for kind in COMMANDS:
        assert f"{NAMES[kind]} ({kind.letter})" in text
    assert page.begin_button.text() in text


# --- the scratch pad ---------------------------------------------------------------------------
def test_the_scratch_pad_checks_a_ladder_as_it_is_typed_and_makes_no_move(qtbot, context):
    page = scripted_page(qtbot, context)
    pad = page.scratch
    assert [pad.puzzle.itemText(i) for i in range(pad.puzzle.count())] == \
        ["Ann: CAT → DOG", "Bob: PIT → DOG"]
    assert pad.puzzle.currentIndex() == 0
    qtbot.keyClicks(pad.words, "cot dot")
    assert page.game.turns == [] and page.entry.stage is Stage.IDLE
    assert [rung.word for rung in pad.check.rungs] == ["CAT", "COT", "DOT", "DOG"]
    assert "2 words are not saved yet: COT, DOT" in pad.verdict.text()
    type_move(qtbot, page, "s", "cot")              # the board changes: checked again
    page.make_move(Move.parse("S ZOO"))             # Bob's move; Ann's paper again
    assert pad.words.text() == "cot dot"
    assert "DOT is not saved yet: Save to win with it" in pad.verdict.text()
    assert word_html("COT", WordClass.SAVED) in pad.ladder.text()


def test_each_puzzle_keeps_its_own_ladder(qtbot, context):
    page = scripted_page(qtbot, context)
    pad = page.scratch
    qtbot.keyClicks(pad.words, "cot")
    pad.choose_puzzle(1)
    assert pad.words.text() == "" and pad.check.start == "PIT"
    qtbot.keyClicks(pad.words, "pot dot")
    assert pad.check.complete
    pad.choose_puzzle(0)
    assert pad.words.text() == "cot" and "COT is 2 letters from DOG" in pad.verdict.text()
    pad.clear_button.click()
    assert pad.words.text() == ""
    pad.choose_puzzle(1)
    assert pad.words.text() == "pot dot"


def test_two_people_at_one_screen_each_have_their_own_paper(qtbot, context):
    """A chain typed on the pad stayed on screen when the turn passed to the other
    person: each person now sees his own ladders, and his own puzzle first."""
    page = scripted_page(qtbot, context)
    pad = page.scratch
    assert pad.writer == 0 and pad.puzzle.currentIndex() == 0
    qtbot.keyClicks(pad.words, "cot")
    page.make_move(Move.parse("S COT"))                # Bob's turn
    assert page.game.acting == 1
    assert pad.writer == 1 and pad.puzzle.currentIndex() == 1 and pad.words.text() == ""
    assert "COT" not in pad.ladder.text()
    qtbot.keyClicks(pad.words, "pot")
    pad.choose_puzzle(0)                               # Bob studies Ann's puzzle too
    assert pad.words.text() == ""
    qtbot.keyClicks(pad.words, "cog")
    page.make_move(Move.parse("S POT"))                # Ann's turn: her paper again
    assert pad.writer == 0 and pad.puzzle.currentIndex() == 0
    assert pad.words.text() == "cot"
    page.make_move(Move.parse("S ZOO"))                # Bob's: the puzzle he last chose
    assert pad.puzzle.currentIndex() == 0 and pad.words.text() == "cog"
    pad.choose_puzzle(1)
    assert pad.words.text() == "pot"


def test_a_person_playing_computers_keeps_his_paper_while_they_move(qtbot, context):
    page = scripted_page(qtbot, context, computers=("Bob",))
    pad = page.scratch
    qtbot.keyClicks(pad.words, "cot")
    page.make_move(Move.parse("S COT"))                # the computer's turn, then Ann's
    qtbot.waitUntil(lambda: page.game.acting == 0 or page.game.over)
    assert pad.writer == 0 and pad.words.text() == "cot"


def test_the_scratch_pad_names_a_broken_step(qtbot, context):
    page = scripted_page(qtbot, context)
    qtbot.keyClicks(page.scratch.words, "dot")
    assert "DOT: 2 letters changed from CAT" in page.scratch.verdict.text()
    assert "⚠" in page.scratch.ladder.text()


def test_the_scratch_pad_checks_spelling_only_with_the_practice_aid_in_play(qtbot, context):
    """COG is not in the test lexicon: the pad says so only where the practice aid helps."""
    page = scripted_page(qtbot, context, study=None)
    pad = page.scratch
    qtbot.keyClicks(pad.words, "cot cog")
    assert pad.check.complete                         # no spelling help by default
    page.practice.setChecked(True)
    assert pad.check.complete                         # nor in the study period
    page.begin_play()
    assert not pad.check.complete and "COG: not in the lexicon" in pad.verdict.text()
    page.practice.setChecked(False)
    assert pad.check.complete


def test_a_new_turn_leaves_the_focus_on_the_scratch_pad(qtbot, context):
    """A person writing on the scratch pad keeps writing there when a turn begins: the
    focus is not moved to the move entry, where a letter would choose a command."""
    page = scripted_page(qtbot, context)
    page.show()
    page.activateWindow()
    qtbot.waitExposed(page)
    page.scratch.words.setFocus()
    qtbot.waitUntil(lambda: page.scratch.words.hasFocus())
    page.make_move(Move.parse("S COT"))                # Bob's turn begins
    assert page.game.acting == 1 and page.scratch.words.hasFocus()
    qtbot.keyClicks(page.scratch.words, "s")
    assert page.entry.stage is Stage.IDLE and page.scratch.words.text() == "s"
    page.entry.setFocus()
    qtbot.waitUntil(lambda: page.entry.hasFocus() or page.entry.isAncestorOf(QApplication.focusWidget()))
    page.make_move(Move.parse("S ZOO"))                # Ann's turn: the entry keeps it
    assert not page.scratch.isAncestorOf(QApplication.focusWidget())
