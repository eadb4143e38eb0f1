"""Computer players for Word For Word, at three strengths (seed 000 has only people).

Every strength claims a win as soon as it can (Win when its saved words already link its
puzzle, sAve-to-win when one more word does), saves words its own chain needs, and
deletes words on its opponents' chains without cutting itself off.  They differ in how
much they look at:

* **Novice** saves a word of a shortest chain and now and then deletes a word of an
  opponent's shortest chain; it never looks for a deletion that cuts someone off.
* **Club** plays by priorities: cut opponents off when a single deletion can, protect its
  own weak points (words whose deletion would cut it off), block an opponent who is one
  word from winning, otherwise save the words its cheapest chain still needs.
* **Expert** looks one move ahead: it tries each sensible save and deletion and scores
  the position it leaves -- how many words each player still needs, whose chains hang
  on a single word, who has two ways to finish -- and offers a delete-to-draw when it
  would otherwise lose.

No strength ever names a slur or an offensive word on its own (issue 24): it saves,
deletes or wins with one only when someone else saved it.  Its own chain avoids the open
ones where another chain exists (:meth:`Search.choosable`).

:func:`choose_move` is a top-level function of picklable arguments so the window can run
it in a worker process; it never returns a move that forfeits or fails.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

from wordstudio.control import NULL_CONTROL, SearchControl
from wordstudio.lexicon.offensive import offensive_words
from wordstudio.wordforword.moves import STRENGTHS, Move, MoveKind, WordForWordError
from wordstudio.wordforword.rules import Game, Phase, Position
from wordstudio.wordforword.solver import (
    DoubletGraph,
    bfs_distances,
    bfs_path,
    cheapest_path,
    graph_for,
)

#: Expert's scores: losing and winning outright dwarf everything else.
_WON = 1_000_000.0
_LOST = -1_000_000.0
#: How often Novice deletes rather than saves, when it sees a deletion to make.
_NOVICE_DELETE_RATE = 0.3
#: Expert looks at no more than this many candidate moves of each kind.
_CANDIDATES = 14


class Search:
    """The position on word numbers: which words are alive and saved, who is still in.

    Candidate moves are tried by flipping a word's mask byte and flipping it back, so
    evaluating a move costs a few graph searches and no copying.
    """

    def __init__(self, position: Position) -> None:
        self.graph: DoubletGraph = graph_for(position.words)
        self.alive = self.graph.mask(without=position.deleted)
        self.saved = self.graph.mask(within=position.saved)
        #: Offensive words: never named by this player, never on its own chain unsaved.
        self.shunned = self.graph.mask(within=offensive_words())
        index = self.graph.index
        self.common = index[position.common]
        self.puzzles = [index[w] for w in position.puzzles]
        self.active = position.active_seats
        self.me = position.acting
        self.order = [(self.me + step) % len(position.puzzles)
                      for step in range(1, len(position.puzzles))]

    def word(self, node: int) -> str:
        return self.graph.words[node]

    def is_open(self, node: int) -> bool:
        return bool(self.alive[node] and not self.saved[node])

    def choosable(self, node: int) -> bool:
        """Open, and a word this player may name: not an offensive one."""
        return self.is_open(node) and not self.shunned[node]

    def opponents(self) -> list[int]:
        return [seat for seat in self.order if seat in self.active]

    def cheapest(self, seat: int) -> tuple[int, list[int]] | None:
        """(open words still needed, a chain needing that few) for ``seat``; this player's
        own chain goes round open offensive words when it can."""
        if seat == self.me and any(self.shunned):
            clean = bytearray(a & (s | (1 - o)) for a, s, o in
                              zip(self.alive, self.saved, self.shunned, strict=True))
            found = cheapest_path(self.graph, self.puzzles[seat], self.common, clean, self.saved)
            if found is not None:
                return found
        return cheapest_path(self.graph, self.puzzles[seat], self.common, self.alive, self.saved)

    def need(self, seat: int) -> int | None:
        found = self.cheapest(seat)
        return None if found is None else found[0]

    def shortest(self, seat: int) -> list[int] | None:
        return bfs_path(self.graph, self.puzzles[seat], self.common, self.alive)

    def separators(self, seat: int) -> frozenset[int]:
        """Open words whose deletion alone would cut ``seat`` off."""
        src, dst, alive = self.puzzles[seat], self.common, self.alive
        path = bfs_path(self.graph, src, dst, alive)
        if path is None:
            return frozenset()
        found = set()
        for node in path[1:-1]:
            if not self.saved[node]:
                alive[node] = 0
                if bfs_path(self.graph, src, dst, alive) is None:
                    found.add(node)
                alive[node] = 1
        return frozenset(found)

    def cut_by(self, node: int) -> list[int]:
        """Active seats that deleting ``node`` would cut off."""
        self.alive[node] = 0
        try:
            return [seat for seat in self.active
                    if bfs_path(self.graph, self.puzzles[seat], self.common, self.alive) is None]
        finally:
            self.alive[node] = 1

    def completions(self, seat: int) -> set[int]:
        """Open words each of which alone would complete a chain of saved words."""
        within = bytearray(a & s for a, s in zip(self.alive, self.saved, strict=True))
        ends = (bfs_distances(self.graph, self.puzzles[seat], within),
                bfs_distances(self.graph, self.common, within))
        touching = []
        for reached in ends:
            near: set[int] = set()
            for node in reached:
                near.update(n for n in self.graph.adjacency[node] if self.is_open(n))
            touching.append(near)
        return touching[0] & touching[1]


def choose_move(position: Position, strength: str, seed: int = 0,
                control: SearchControl = NULL_CONTROL) -> Move:
    """The move a computer player of ``strength`` makes as ``position.acting``."""
    if strength not in STRENGTHS:
        raise WordForWordError(f"unknown computer strength {strength!r}")
    rng = random.Random(seed * 1_000_003 + position.turn)
    search = Search(position)
    found = search.cheapest(search.me)
    if found is None:
        # Cannot happen in a real game (a player with no solution is eliminated), but a
        # resignation is the only honest move for a player with no chain at all.
        return Move(MoveKind.RESIGN)
    need, path = found
    if need == 0:
        return Move(MoveKind.WIN)
    if need == 1:
        last = next(node for node in path if search.is_open(node))
        if search.choosable(last):
            return Move(MoveKind.SAVE_TO_WIN, search.word(last))
    if strength == "Novice":
        move = _novice(search, rng)
    elif strength == "Club":
        move = _club(search, rng)
    else:
        move = _expert(search, rng, control)
    if move.word is not None and search.shunned[search.graph.index[move.word]]:
        return _any_save(search, rng)  # cannot happen: every choice is choosable
    return move


def _any_save(search: Search, rng: random.Random) -> Move:
    """A harmless save when a strategy finds nothing it may name: its own chain's next
    word it may name, else any open word it may name."""
    found = search.cheapest(search.me)
    mine = [] if found is None else [n for n in found[1] if search.choosable(n)]
    if mine:
        return Move(MoveKind.SAVE, search.word(rng.choice(mine)))
    pool = [n for n in range(len(search.graph)) if search.choosable(n)]
    if not pool:
        return Move(MoveKind.RESIGN)
    return Move(MoveKind.SAVE, search.word(rng.choice(pool)))


# --- Novice -----------------------------------------------------------------------------
def _novice(search: Search, rng: random.Random) -> Move:
    if rng.random() < _NOVICE_DELETE_RATE:
        opponent = rng.choice(search.opponents())
        path = search.shortest(opponent) or []
        choices = [n for n in path if search.choosable(n)]
        if choices:
            node = rng.choice(choices)
            if search.me not in search.cut_by(node):
                return Move(MoveKind.DELETE, search.word(node))
    path = search.shortest(search.me) or []
    choices = [n for n in path if search.choosable(n)]
    if not choices:
        return _any_save(search, rng)
    return Move(MoveKind.SAVE, search.word(rng.choice(choices)))


# --- Club -------------------------------------------------------------------------------
def _eliminating_deletion(search: Search, rng: random.Random) -> int | None:
    """The deletion that cuts off the most opponents but not this player, if any."""
    best: list[int] = []
    most = 0
    for opponent in search.opponents():
        for node in sorted(search.separators(opponent)):
            if not search.choosable(node):
                continue
            cut = search.cut_by(node)
            if search.me in cut:
                continue
            if len(cut) > most:
                best, most = [node], len(cut)
            elif len(cut) == most and node not in best:
                best.append(node)
    return rng.choice(best) if best else None


def _dangerous(search: Search, seps: Iterable[int]) -> list[int]:
    """Of this player's separators, those an opponent may delete (not cutting everyone)
    and this player may name."""
    return sorted(n for n in seps
                  if search.choosable(n) and len(search.cut_by(n)) < len(search.active))


def _block(search: Search, opponent: int) -> int | None:
    """The deletion (not cutting this player off) that most delays ``opponent``."""
    found = search.cheapest(opponent)
    if found is None:
        return None
    best, best_need = None, found[0]
    for node in {*found[1], *search.completions(opponent)}:
        if not search.choosable(node) or search.me in search.cut_by(node):
            continue
        search.alive[node] = 0
        need = search.need(opponent)
        search.alive[node] = 1
        after = len(search.graph) + 1 if need is None else need
        if after > best_need:
            best, best_need = node, after
    return best


def _club(search: Search, rng: random.Random) -> Move:
    node = _eliminating_deletion(search, rng)
    if node is not None:
        return Move(MoveKind.DELETE, search.word(node))
    # An opponent one word from winning wins on his next turn: block him first.
    for opponent in search.opponents():
        if (search.need(opponent) or 0) <= 1:
            node = _block(search, opponent)
            if node is not None:
                return Move(MoveKind.DELETE, search.word(node))
    weak = _dangerous(search, search.separators(search.me))
    if weak:
        return Move(MoveKind.SAVE, search.word(weak[0]))
    found = search.cheapest(search.me)
    assert found is not None
    choices = [n for n in found[1] if search.choosable(n)]
    if not choices:
        return _any_save(search, rng)
    return Move(MoveKind.SAVE, search.word(rng.choice(choices)))


# --- Expert -----------------------------------------------------------------------------
def threatened(search: Search) -> bool:
    """Whether an opponent can win, or cut ``search.me`` off, on his next turn."""
    active = search.active
    if any((search.need(opponent) or 0) <= 1 for opponent in search.opponents()):
        return True
    seps = {seat: search.separators(seat) for seat in active}
    return _exposed(search, seps)


def _exposed(search: Search, seps: dict[int, frozenset[int]]) -> bool:
    """A word whose deletion cuts ``me`` off (and not everyone): the next player's to take."""
    me = search.me
    return any(any(n not in seps[q] for q in search.active if q != me) for n in seps[me])


def evaluate(search: Search) -> float:
    """How good the position is for ``search.me``, with an opponent to move next."""
    me, active = search.me, search.active
    if me not in active:
        return _LOST
    if active == [me]:
        return _WON
    seps = {seat: search.separators(seat) for seat in active}
    needs = {seat: search.need(seat) or 0 for seat in active}
    score = -20.0 * needs[me]
    if _exposed(search, seps):
        score -= 400.0
    if needs[me] == 1:
        # Two different last words cannot both be blocked by one deletion.
        score += 150.0 if len(search.completions(me)) >= 2 else 20.0
    for opponent in search.opponents():
        if needs[opponent] <= 1:
            score -= 500.0
        killers = [n for n in seps[opponent] if n not in seps[me]]
        score += 200.0 if len(killers) >= 2 else 60.0 * len(killers)
        score += 15.0 * min(needs[opponent], 8)
    return score


def _try(search: Search, move: Move, node: int) -> float:
    """Score the position after ``move`` on ``node``, leaving ``search`` as it was."""
    if move.kind is MoveKind.SAVE:
        search.saved[node] = 1
        try:
            return evaluate(search)
        finally:
            search.saved[node] = 0
    cut = search.cut_by(node)
    if search.me in cut:
        return _LOST
    active = search.active
    search.alive[node] = 0
    search.active = [seat for seat in active if seat not in cut]
    try:
        return evaluate(search)
    finally:
        search.alive[node] = 1
        search.active = active


def _candidates(search: Search, rng: random.Random) -> list[Move]:
    me = search.me
    found = search.cheapest(me)
    saves: list[int] = [] if found is None else [n for n in found[1] if search.is_open(n)]
    saves += sorted(search.separators(me) - set(saves))
    saves = [n for n in saves if search.choosable(n)]
    deletes: list[int] = []
    for opponent in search.opponents():
        mine = search.cheapest(opponent)
        pool = sorted(search.separators(opponent))
        if mine is not None:
            pool += [n for n in mine[1] if search.is_open(n)]
        if (search.need(opponent) or 0) <= 2:
            pool += sorted(search.completions(opponent))
        deletes += [n for n in pool if n not in deletes and search.choosable(n)]
    moves = [Move(MoveKind.SAVE, search.word(n)) for n in dict.fromkeys(saves)][:_CANDIDATES]
    moves += [Move(MoveKind.DELETE, search.word(n)) for n in deletes][:_CANDIDATES]
    rng.shuffle(moves)
    return moves


def _expert(search: Search, rng: random.Random, control: SearchControl) -> Move:
    node = _eliminating_deletion(search, rng)
    if node is not None:
        return Move(MoveKind.DELETE, search.word(node))
    best = _club(search, rng)
    best_score = _try(search, best, search.graph.index[best.word or ""])
    moves = _candidates(search, rng)
    for number, move in enumerate(moves):
        if control.should_stop():
            break
        control.report(number / max(1, len(moves)), move.describe())
        score = _try(search, move, search.graph.index[move.word or ""])
        if score > best_score:
            best, best_score = move, score
    if len(search.active) == 2:
        draw = _drawing_deletion(search)
        if draw is not None and _applied(search, best, threatened):
            # The best move still loses on the opponent's turn: settle for a draw.
            return Move(MoveKind.DELETE_TO_DRAW, search.word(draw))
    return best


def _applied(search: Search, move: Move, question: Callable[[Search], bool]) -> bool:
    """Ask ``question`` of the position after a save or deletion, then undo it."""
    node = search.graph.index[move.word or ""]
    mask = search.saved if move.kind is MoveKind.SAVE else search.alive
    before = mask[node]
    mask[node] = 1 if move.kind is MoveKind.SAVE else 0
    try:
        return question(search)
    finally:
        mask[node] = before


def _drawing_deletion(search: Search) -> int | None:
    """A word whose deletion would cut both of the last two players off, if any."""
    first, second = search.active
    shared = {n for n in search.separators(first) & search.separators(second)
              if search.choosable(n)}
    return min(shared) if shared else None


def play_out(game: Game, seed: int = 0, max_turns: int = 10_000) -> Game:
    """Let computer players make every move until the game ends (self-play, benchmarks).

    Every seat must be a computer player.  ``max_turns`` only guards against a bug: the
    lexicon shrinks or the saved words grow with every computer move, so games end.
    """
    if game.phase is Phase.STUDY:
        game.begin_play()
    while not game.over:
        if len(game.turns) >= max_turns:
            raise RuntimeError(f"self-play did not finish in {max_turns} turns")
        spec = game.seats[game.acting].spec
        if spec.computer is None:
            raise WordForWordError(f"{spec.name} is not a computer player")
        game.play(choose_move(game.position(), spec.computer, seed))
    return game
