"""``wordstudio replay FILE``: print a saved game move by move, and its result.

Every format is accepted (WordStudio's, WordsWorth's, GCG), told apart by content.  A
WordsWorth saved game holds no configuration: ``--config`` names the one it was played
with (WordsWorth's default game when it is not given, as WordsWorth itself read
``ww.cfg``); a GCG record is the standard game unless it names another.  Words a game
used that the word list does not hold are flagged.  A damaged file is an error naming
the file (and, for WordsWorth and GCG files, the line); exit status 2.

The result's final scores are the totals the file records (a GCG record's last running
totals; WordStudio's and WordsWorth's files record none of their own, so the rules'
totals); where the rules give other totals they are shown beside them (JSON:
``rules_final_scores``) and a note says so.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Container
from pathlib import Path
from typing import Any

from wordstudio.crossword.actions import (
    Challenge,
    Outcome,
    Pass,
    PickUpBlank,
    Play,
    Resign,
    TimeOut,
    TimePenalty,
    Turn,
)
from wordstudio.crossword.annotations import END, GAME
from wordstudio.crossword.config.cli import find_config_file
from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.game import Game
from wordstudio.crossword.records.formats import (
    FORMAT_NAMES,
    WORDSWORTH,
    open_record,
    record_format,
)
from wordstudio.crossword.records.gcgread import unlisted_words
from wordstudio.crossword.records.saved import SavedGame, read_text
from wordstudio.crossword.tiles import BLANK
from wordstudio.filecheck import file_name
from wordstudio.lexicon.catalog import load_lexicon
from wordstudio.paths import boards_dir

#: WordsWorth read ``ww.cfg`` unless told otherwise; ours is its default game.
WORDSWORTH_DEFAULT_CONFIG = "wordsworth.cfg"


def register(subparsers: argparse._SubParsersAction) -> None:
    replay = subparsers.add_parser(
        "replay", help="print a saved game move by move with scores and the result",
        description="Replay a saved game (WordStudio, WordsWorth or GCG), checking every "
                    "move, and print each move with its score and the running totals, "
                    "then the result.")
    replay.add_argument("file", type=file_name, help="the saved game")
    add_game_arguments(replay)
    replay.add_argument("--json", action="store_true", help="JSON output")
    replay.set_defaults(func=run_replay)


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    """``--config`` and ``--lexicon``, as every command reading saved games takes them."""
    parser.add_argument("--config", type=find_config_file,
                        help="the configuration the game was played with, a file or a "
                             "shipped board name (WordsWorth games: default "
                             f"{WORDSWORTH_DEFAULT_CONFIG}; GCG: the game the record names, "
                             "else the standard game; WordStudio games carry their own)")
    parser.add_argument("--lexicon", help="word list: a shipped name or a file "
                                          "(default: the game's)")


def open_game_file(args: argparse.Namespace, path: Path) -> SavedGame:
    """The saved game at ``path`` as ``--config``/``--lexicon`` say to read it; a
    WordsWorth game without ``--config`` is read as WordsWorth's default game, with a note
    on standard error."""
    config = config_path = None
    if args.config is not None:
        config, config_path = load_config(args.config), str(args.config)
    elif record_format(read_text(path), path) == WORDSWORTH:
        default = boards_dir() / WORDSWORTH_DEFAULT_CONFIG
        config, config_path = load_config(default), str(default)
        print(f"wordstudio: {path}: a WordsWorth saved game; replayed with WordsWorth's default "
              f"game ({default}); give --config if it was played with another",
              file=sys.stderr)
    lexicon = load_lexicon(args.lexicon) if args.lexicon else None
    # The seed only decides draws after the recorded ones, which a replay never makes.
    return open_record(path, config, lexicon, config_path=config_path, seed=0)


def run_replay(args: argparse.Namespace) -> int:
    saved = open_game_file(args, args.file)
    if args.json:
        print(json.dumps(replay_json(saved), ensure_ascii=False, indent=1))
    else:
        print(replay_text(saved), end="")
    return 0


# --- what each move did --------------------------------------------------------------------
def racks_before(game: Game) -> list[str]:
    """The rack each action was made from, as the record shows it: the whole rack, blanks
    last, or the part a record gives of it (empty when it gives none; the tiles the game
    worked out for it were never recorded)."""
    shadow = Game(game.setup, game.words)
    partial = game.annotations.partial_racks
    racks = []
    for index, item in enumerate(game.inputs):
        tiles = shadow.racks[item.player].tiles
        racks.append(partial[index] if index in partial else
                     "".join(sorted(tiles, key=lambda t: (t == BLANK, t))))
        shadow.act(item.action)
    return racks


def running_totals(game: Game) -> list[list[int]]:
    """Every player's score after each entry of the history.

    A play lost to a challenge counted until the challenge took it back, so the totals
    show it and then its withdrawal, as the game went.  A failed challenge's bonus goes to
    the player challenged; a recorded time penalty counts where it was given.
    """
    start = game.setup.start
    totals = list(start.scores) if start is not None else [0] * len(game.players)
    out = []
    for index, turn in enumerate(game.history):
        if isinstance(turn.action, Play | TimePenalty):
            totals[turn.player] += turn.score
        elif isinstance(turn.action, Challenge):
            target = game.history[index - 1]
            if turn.outcome == Outcome.CHALLENGE_WON:
                totals[target.player] -= target.score
            else:
                totals[turn.player] += turn.score
                totals[target.player] += turn.awarded
        out.append(list(totals))
    return out


def action_kind(turn: Turn) -> str:
    action = turn.action
    if isinstance(action, Play):
        return "play"
    if isinstance(action, Pass):
        return "exchange" if action.discards else "pass"
    if isinstance(action, PickUpBlank):
        return "pick-up"
    if isinstance(action, Resign):
        return "resign"
    if isinstance(action, TimeOut):
        return "timeout"
    if isinstance(action, TimePenalty):
        return "time-penalty"
    return "challenge"


def describe_move(turn: Turn, words: Container[str] | None = None, *,
                  hidden: bool = False) -> str:
    """What a turn did, in a few words (``8H JUG``, ``exchange QV``, ...); with the game's
    ``words``, a play's words that the list does not hold are flagged.  ``hidden``: an
    exchange a record gives only as a number of tiles, said so (its tiles were worked out,
    not recorded)."""
    action = turn.action
    if isinstance(action, Play):
        unlisted = unlisted_words(turn, words) if words is not None else ()
        flag = f" [not in the word list: {', '.join(unlisted)}]" if unlisted else ""
        return turn.notation + (" (withdrawn: phony)" if turn.withdrawn else "") + flag
    if isinstance(action, Pass):
        if hidden and action.discards:
            count = len(action.discards)
            return f"exchange {count} tile{'s' if count != 1 else ''}"
        return f"exchange {''.join(action.discards)}" if action.discards else "pass"
    if isinstance(action, PickUpBlank):
        return f"pick up the blank on {turn.notation}"
    if isinstance(action, Resign):
        return "resign"
    if isinstance(action, TimeOut):
        return "out of time: turn lost"
    if isinstance(action, TimePenalty):
        return "time penalty"
    if turn.outcome == Outcome.CHALLENGE_WON:
        return f"challenge upheld: {', '.join(turn.words)} withdrawn"
    if turn.awarded:
        return f"challenge failed: +{turn.awarded} to the player challenged"
    return "challenge failed"


# --- output --------------------------------------------------------------------------------
def replay_json(saved: SavedGame) -> dict[str, Any]:
    game = saved.game
    names = game.names
    hidden = game.annotations.hidden_exchanges
    moves = []
    for number, (turn, totals) in enumerate(zip(game.history, running_totals(game),
                                                strict=True), start=1):
        moves.append({"number": number, "player": turn.player, "name": names[turn.player],
                      "action": action_kind(turn),
                      "move": describe_move(turn, hidden=number - 1 in hidden),
                      "score": turn.score, "words": list(turn.words),
                      "unlisted": list(unlisted_words(turn, game.words)),
                      "drawn": list(turn.drawn), "outcome": turn.outcome.value,
                      "seconds": turn.seconds, "totals": totals,
                      "comments": game.annotations.notes_after(number - 1)})
    finals = final_scores(saved)
    result: dict[str, Any] = {
        "over": game.over, "end_reason": game.end_reason, "scores": list(game.scores),
        "adjustments": [{"player": a.player, "name": names[a.player], "points": a.points,
                         "reason": a.reason} for a in game.adjustments],
        # A record's own totals; the rules' beside them (a note says when they differ).
        "final_scores": finals,
        "rules_final_scores": game.final_scores(),
        "winners": [names[p] for p in _winners(game, finals)] if game.over else [],
        "to_play": None if game.over else names[game.current],
    }
    record = game.annotations
    return {"file": str(saved.path), "format": saved.format,
            "game": game.config.title, "config": game.setup.config_path,
            "lexicon": game.setup.lexicon,
            "players": [{"name": p.name, "computer": p.computer} for p in game.players],
            "notes": list(saved.notes),
            "record": {"title": record.title, "description": record.description,
                       "id": record.ident, "lexicon": record.lexicon,
                       "comments": record.notes_after(GAME),
                       "end_comments": record.notes_after(END)},
            "moves": moves, "result": result}


def replay_text(saved: SavedGame) -> str:
    game = saved.game
    names = game.names
    kind = FORMAT_NAMES.get(saved.format, saved.format)
    where = f" ({game.setup.config_path})" if game.setup.config_path else ""
    what = "game record" if saved.format == "gcg" else "saved game"
    lines = [f"{saved.path}: {kind} {what}",
             f"Game: {game.config.title or 'untitled'}{where}; word list {game.setup.lexicon}",
             "Players: " + ", ".join(f"{n}{' (computer)' if p.computer else ''}"
                                     for n, p in zip(names, game.players, strict=True))]
    lines += [f"note: {note}" for note in saved.notes]
    lines += [line.strip() for line in _comments(game.annotations.notes_after(GAME))]
    width = max([6, *(len(n) for n in names)])
    hidden = game.annotations.hidden_exchanges
    described = [describe_move(t, game.words, hidden=i in hidden)
                 for i, t in enumerate(game.history)]
    move_width = max([24, *(len(text) for text in described)])
    columns = [max(5, len(n)) for n in names]
    header = f"{'#':>3}  {'Player':<{width}}  {'Move':<{move_width}}  {'Score':>5}"
    lines += ["", header + "".join(f"  {n:>{w}}" for n, w in zip(names, columns, strict=True))]
    for number, (turn, totals) in enumerate(zip(game.history, running_totals(game),
                                                strict=True), start=1):
        score = f"{turn.score:>5}" if turn.score or isinstance(turn.action, Play) else " " * 5
        row = (f"{number:>3}  {names[turn.player]:<{width}}  "
               f"{described[number - 1]:<{move_width}}  {score}")
        lines.append(row + "".join(f"  {t:>{w}}" for t, w in zip(totals, columns, strict=True)))
        lines += _comments(game.annotations.notes_after(number - 1))
    lines.append("")
    if not game.over:
        lines.append(f"Game in progress: {names[game.current]} to play")
        lines.append("Scores: " + _scores(names, game.scores))
        return "\n".join(lines) + "\n"
    lines.append(f"Game over: {game.end_reason}")
    for adj in game.adjustments:
        lines.append(f"  {names[adj.player]}: {adj.points:+d} ({adj.reason})")
    lines += _comments(game.annotations.notes_after(END))
    finals = final_scores(saved)
    lines.append("Final scores: " + _scores(names, finals))
    if finals != game.final_scores():
        lines.append("  (the record's totals; by the rules: "
                     f"{_scores(names, game.final_scores())})")
    winners = [names[p] for p in _winners(game, finals)]
    lines.append(f"Winner: {winners[0]}" if len(winners) == 1 else
                 f"Tie: {', '.join(winners)}")
    return "\n".join(lines) + "\n"


def final_scores(saved: SavedGame) -> list[int]:
    """The final totals a game record gives (GCG's last running totals), else the rules'."""
    if saved.recorded_scores is not None:
        return list(saved.recorded_scores)
    return saved.game.final_scores()


def _winners(game: Game, totals: list[int]) -> list[int]:
    """The players with the best of ``totals`` (those who resigned cannot win)."""
    contenders = [p for p in range(len(totals)) if game.active[p]] or list(range(len(totals)))
    best = max(totals[p] for p in contenders)
    return [p for p in contenders if totals[p] == best]


def _comments(notes: list[str]) -> list[str]:
    """A record's notes on a move, indented under it."""
    return [f"     {'# ' if k == 0 else '  '}{line}" for note in notes
            for k, line in enumerate(note.split("\n"))]


def _scores(names: list[str], scores: list[int]) -> str:
    return ", ".join(f"{n} {s}" for n, s in zip(names, scores, strict=True))
