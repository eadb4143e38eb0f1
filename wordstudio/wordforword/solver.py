"""Doublets search: chains of words that differ by one letter at the same position.

The lexicon of a Word For Word game is a graph: one node per word, an edge between two
words that differ in exactly one position.  Neighbours are found through *wildcard
buckets*: ``CAT`` sits in the buckets ``_AT``, ``C_T`` and ``CA_``, and two words are
neighbours exactly when they share a bucket (they then share exactly one, so a word's
neighbours are the concatenation of its buckets, without duplicates).

Every question the rules ask is a search on that graph, with some words taken out
(deleted) or only some words allowed (saved):

* :func:`shortest_chain` / :func:`has_chain` -- does a solution exist, and a shortest one;
* :func:`shortest_chain` with ``within=saved`` -- a chain made of saved words only (a win);
* :func:`fewest_open_words` -- how many words a player still has to save to win;
* :func:`separating_words` / :func:`cutting_deletions` -- which single deletions would cut
  which players off.

The searches work on word numbers and byte masks (``alive[i]`` is 1 when word ``i`` may
be used) because they run many times per computer move; the public functions take and
return words.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from typing import TypeVar

K = TypeVar("K", bound=Hashable)


class DoubletGraph:
    """The one-letter-change graph of a set of words of one length."""

    __slots__ = ("words", "length", "index", "adjacency")

    def __init__(self, words: Iterable[str]) -> None:
        self.words: tuple[str, ...] = tuple(sorted({w.upper() for w in words}))
        lengths = {len(w) for w in self.words}
        if len(lengths) > 1:
            raise ValueError(f"a Doublets graph needs words of one length, got {sorted(lengths)}")
        self.length = lengths.pop() if lengths else 0
        self.index: dict[str, int] = {w: i for i, w in enumerate(self.words)}
        buckets: dict[str, list[int]] = {}
        for i, word in enumerate(self.words):
            for p in range(self.length):
                buckets.setdefault(f"{word[:p]}_{word[p + 1:]}", []).append(i)
        adjacency: list[tuple[int, ...]] = []
        for i, word in enumerate(self.words):
            near: list[int] = []
            for p in range(self.length):
                near.extend(j for j in buckets[f"{word[:p]}_{word[p + 1:]}"] if j != i)
            adjacency.append(tuple(near))
        self.adjacency: tuple[tuple[int, ...], ...] = tuple(adjacency)

    def __len__(self) -> int:
        return len(self.words)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word.upper() in self.index

    def neighbours(self, word: str) -> list[str]:
        """The words one letter away from ``word`` (which must be in the graph)."""
        return [self.words[j] for j in self.adjacency[self.index[word.upper()]]]

    def ids(self, words: Iterable[str]) -> list[int]:
        """Numbers of those ``words`` that are in the graph (others are ignored)."""
        index = self.index
        return [index[w] for w in (x.upper() for x in words) if w in index]

    def mask(self, without: Iterable[str] = (), within: Iterable[str] | None = None) -> bytearray:
        """A byte per word: 1 if the word may be used (in ``within`` if given, not in ``without``)."""
        if within is None:
            alive = bytearray(b"\x01") * len(self.words)
        else:
            alive = bytearray(len(self.words))
            for i in self.ids(within):
                alive[i] = 1
        for i in self.ids(without):
            alive[i] = 0
        return alive

    def component(self, word: str) -> list[str]:
        """Every word connected to ``word`` (itself included), nearest first."""
        distances = bfs_distances(self, self.index[word.upper()], self.mask())
        return [self.words[i] for i in sorted(distances, key=distances.__getitem__)]


# --- searches on word numbers ------------------------------------------------------------
def bfs_path(graph: DoubletGraph, src: int, dst: int, alive: bytearray) -> list[int] | None:
    """A shortest path from ``src`` to ``dst`` through words with ``alive`` set, or None.

    Searches from both ends at once, always growing the smaller frontier by a whole
    level.  That is what makes the rules' many "is this player cut off?" questions cheap:
    when a deletion does cut a player off, the side that is cut off is usually small and
    runs dry after a few words.  The first word found from both sides lies on a shortest
    path: before a level is grown the two searched regions are disjoint, so every path
    is longer than both depths together, and a meeting one level later is exactly that
    long.
    """
    if not (alive[src] and alive[dst]):
        return None
    if src == dst:
        return [src]
    adjacency = graph.adjacency
    ahead: dict[int, int] = {src: src}
    behind: dict[int, int] = {dst: dst}
    front, back = [src], [dst]
    while front and back:
        forward = len(front) <= len(back)
        grow, mine, other = (front, ahead, behind) if forward else (back, behind, ahead)
        level: list[int] = []
        for node in grow:
            for nxt in adjacency[node]:
                if alive[nxt] and nxt not in mine:
                    mine[nxt] = node
                    if nxt in other:
                        return _join(nxt, ahead, behind)
                    level.append(nxt)
        if forward:
            front = level
        else:
            back = level
    return None


def _join(meet: int, ahead: dict[int, int], behind: dict[int, int]) -> list[int]:
    """The path through ``meet`` from the two parent maps of a two-ended search."""
    path = [meet]
    while ahead[path[-1]] != path[-1]:
        path.append(ahead[path[-1]])
    path.reverse()
    node = meet
    while behind[node] != node:
        node = behind[node]
        path.append(node)
    return path


def bfs_distances(graph: DoubletGraph, src: int, alive: bytearray) -> dict[int, int]:
    """Steps from ``src`` to every word reachable through ``alive`` words."""
    if not alive[src]:
        return {}
    adjacency = graph.adjacency
    distance = {src: 0}
    queue = deque((src,))
    while queue:
        node = queue.popleft()
        step = distance[node] + 1
        for nxt in adjacency[node]:
            if alive[nxt] and nxt not in distance:
                distance[nxt] = step
                queue.append(nxt)
    return distance


class _CostFront:
    """One side of the two-ended cheapest-path search: cost layers grown one at a time.

    Layer ``k`` is every word reachable at cost ``k``: the words one unsaved step away
    from layer ``k - 1``, closed under steps onto saved words (which cost nothing).
    """

    def __init__(self, start: int, start_cost: int) -> None:
        self.cost: dict[int, int] = {start: start_cost}
        self.parent: dict[int, int] = {start: start}
        self.layer = [start]
        self.level = start_cost
        # Every word costing no more than ``done`` has been reached and expanded.
        self.done = start_cost - 1
        self.expanded: set[int] = set()

    def grow(self, graph: DoubletGraph, alive: bytearray, saved: bytearray,
             other: _CostFront, best: list[int]) -> None:
        """Expand the current layer; ``best`` is [cost, meeting word] of the best path seen."""
        adjacency, cost, parent, expanded = graph.adjacency, self.cost, self.parent, self.expanded
        level = self.level
        stack = [n for n in self.layer if cost[n] == level]
        later: list[int] = []
        while stack:
            node = stack.pop()
            if node in expanded:
                continue
            expanded.add(node)
            for nxt in adjacency[node]:
                if not alive[nxt]:
                    continue
                step = 0 if saved[nxt] else 1
                new = level + step
                if new < cost.get(nxt, new + 1):
                    cost[nxt] = new
                    parent[nxt] = node
                    (stack if step == 0 else later).append(nxt)
                    there = other.cost.get(nxt)
                    if there is not None and new + there - step < best[0]:
                        best[0], best[1] = new + there - step, nxt
        self.layer = [n for n in later if n not in expanded]
        self.done = level
        self.level = level + 1


def cheapest_path(graph: DoubletGraph, src: int, dst: int, alive: bytearray,
                  saved: bytearray) -> tuple[int, list[int]] | None:
    """The path using the fewest unsaved words, or None when there is no path.

    The cost counts every word on the path that is not ``saved`` (ends included), so a
    cost of 0 means the chain is made of saved words only.  Searches from both ends in
    cost layers, growing the smaller side.  Once both sides have finished their layers up
    to costs ``a`` and ``b``, every path of cost at most ``a + b`` has been seen (it has
    one word within ``a`` of the start next to one within ``b`` of the end), so the best
    path seen is the cheapest as soon as its cost is no more than ``a + b``.
    """
    if not (alive[src] and alive[dst]):
        return None
    if src == dst:
        return (0 if saved[src] else 1), [src]
    ahead = _CostFront(src, 0 if saved[src] else 1)
    behind = _CostFront(dst, 0 if saved[dst] else 1)
    best = [len(graph.words) + 2, -1]
    while best[0] > ahead.done + behind.done and ahead.layer and behind.layer:
        if len(ahead.layer) <= len(behind.layer):
            ahead.grow(graph, alive, saved, behind, best)
        else:
            behind.grow(graph, alive, saved, ahead, best)
    if best[1] < 0:
        return None
    path = _join(best[1], ahead.parent, behind.parent)
    return sum(1 for n in path if not saved[n]), path


def separators(graph: DoubletGraph, src: int, dst: int, alive: bytearray) -> list[int]:
    """Words (not the ends) on every path from ``src`` to ``dst``: each alone cuts it.

    Every such word lies on any one path, so only the words of one shortest path need a
    second search each.  Returns [] when there is no path at all.
    """
    path = bfs_path(graph, src, dst, alive)
    if path is None:
        return []
    found = []
    for node in path[1:-1]:
        alive[node] = 0
        try:
            if bfs_path(graph, src, dst, alive) is None:
                found.append(node)
        finally:
            alive[node] = 1
    return found


# --- the questions the rules ask, in words ------------------------------------------------
def _ends(graph: DoubletGraph, start: str, end: str) -> tuple[int, int] | None:
    s, e = start.upper(), end.upper()
    if s not in graph.index or e not in graph.index:
        return None
    return graph.index[s], graph.index[e]


def shortest_chain(graph: DoubletGraph, start: str, end: str, *,
                   without: Collection[str] = (),
                   within: Collection[str] | None = None) -> list[str] | None:
    """A shortest chain from ``start`` to ``end`` (both included), or None.

    ``without``: words that may not be used (deleted); ``within``: when given, only these
    words may be used (the saved words, for a win claim).
    """
    ends = _ends(graph, start, end)
    if ends is None:
        return None
    path = bfs_path(graph, ends[0], ends[1], graph.mask(without, within))
    return None if path is None else [graph.words[i] for i in path]


def has_chain(graph: DoubletGraph, start: str, end: str, *, without: Collection[str] = (),
              within: Collection[str] | None = None) -> bool:
    """Whether any chain links ``start`` and ``end`` (see :func:`shortest_chain`)."""
    return shortest_chain(graph, start, end, without=without, within=within) is not None


def fewest_open_words(graph: DoubletGraph, start: str, end: str, *,
                      without: Collection[str] = (),
                      saved: Collection[str] = ()) -> tuple[int, list[str]] | None:
    """How few unsaved words a chain needs, and such a chain; None when there is none."""
    ends = _ends(graph, start, end)
    if ends is None:
        return None
    saved_mask = graph.mask(within=saved)
    found = cheapest_path(graph, ends[0], ends[1], graph.mask(without), saved_mask)
    if found is None:
        return None
    cost, path = found
    return cost, [graph.words[i] for i in path]


def separating_words(graph: DoubletGraph, start: str, end: str, *,
                     without: Collection[str] = ()) -> frozenset[str]:
    """Words whose deletion alone would leave no chain from ``start`` to ``end``."""
    ends = _ends(graph, start, end)
    if ends is None:
        return frozenset()
    cut = separators(graph, ends[0], ends[1], graph.mask(without))
    return frozenset(graph.words[i] for i in cut)


def cutting_deletions(graph: DoubletGraph, puzzles: Mapping[K, tuple[str, str]], *,
                      without: Collection[str] = (),
                      protected: Collection[str] = ()) -> dict[str, frozenset[K]]:
    """Which single deletions would cut which puzzles off.

    ``puzzles`` maps a key (a player) to his (start, end); ``protected`` words (saved ones)
    cannot be deleted and are left out.  Puzzles already without a chain are ignored.
    """
    protected_set = {w.upper() for w in protected}
    cuts: dict[str, set[K]] = {}
    for key, (start, end) in puzzles.items():
        for word in separating_words(graph, start, end, without=without):
            if word not in protected_set:
                cuts.setdefault(word, set()).add(key)
    return {word: frozenset(keys) for word, keys in sorted(cuts.items())}


def letters_changed(a: str, b: str) -> int:
    """How many positions two words differ in (words of different lengths: the longer
    length - no ladder step joins them)."""
    if len(a) != len(b):
        return max(len(a), len(b))
    return sum(x != y for x, y in zip(a, b, strict=True))


def is_chain(words: Sequence[str]) -> bool:
    """Whether consecutive words are of equal length and differ in exactly one position."""
    return all(letters_changed(a, b) == 1 for a, b in zip(words, words[1:], strict=False))


_GRAPHS: dict[tuple[str, ...], DoubletGraph] = {}
_GRAPH_CACHE_SIZE = 4


def graph_for(words: Sequence[str]) -> DoubletGraph:
    """The graph of ``words``, built once per process for each word list in use.

    Worker processes get the game's words with every computer move; keeping the last few
    graphs means only the first move of a game pays for building one.
    """
    key = tuple(words)
    graph = _GRAPHS.get(key)
    if graph is None:
        graph = remember_graph(DoubletGraph(key))
    return graph


def remember_graph(graph: DoubletGraph) -> DoubletGraph:
    """Keep a graph built elsewhere (in a worker process) for :func:`graph_for`."""
    if len(_GRAPHS) >= _GRAPH_CACHE_SIZE:
        _GRAPHS.pop(next(iter(_GRAPHS)))
    _GRAPHS[graph.words] = graph
    return graph
