"""Building the flat GADDAG array in pure Python (the fallback of the compiled builder).

:mod:`wordstudio.lexicon._gaddag_native` builds exactly the same array in C, node for
node (tests compare the two); this module is what runs where nothing could be compiled,
and it is the readable statement of the algorithm:

* the part after a separator is the *forward DAWG* of the word list: after ``rev(x) SEP``
  the rest is exactly the set of completions of the prefix ``x``, which is the DAWG state
  reached by ``x``;
* the part before a separator is the minimal automaton of the reversed prefixes
  ``rev(x)``; the arc into ``rev(x)`` accepts when ``x`` is a word, and ``rev(x)`` has a
  separator arc to the DAWG state of ``x`` when ``x`` can be continued.

Both parts are minimised with Daciuk's incremental algorithm over sorted input.  A node's
signature is its separator target and its arcs as (letter, child, accepts) triples, so
acceptance lives on the arcs, as in the flat layout (:mod:`wordstudio.lexicon.gaddag`).
Nodes are numbered in the order they are registered; the flat array holds the DAWG
nodes, then the reversed-prefix nodes, each part in that order.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence

#: One node while building: (separator target or -1, letter, child, accepts, ...).
Signature = tuple[int, ...]

MAGIC = 0x57534744  # "WSGD"
FORMAT_VERSION = 4
#: uint32 slots before the first node.
HEADER = 16
ACCEPT = 1 << 31
OFFSET = ACCEPT - 1


def layout(letters: int) -> tuple[int, int]:
    """(mask slots per node, separator bit) for an alphabet of ``letters`` letters."""
    return (1, 31) if letters <= 31 else (2, 63)


def build_words(words: Sequence[bytes], letters: int) -> array:
    """The flat array (``array('I')``) for sorted, unique words given as letter codes."""
    dawg_nodes: list[Signature] = []
    dawg_root = _daciuk(words, None, dawg_nodes)
    # The DAWG state every prefix reaches, and whether the prefix is a word.
    trans: list[dict[int, tuple[int, int]]] = [
        {sig[i]: (sig[i + 1], sig[i + 2]) for i in range(1, len(sig), 3)} for sig in dawg_nodes]
    prefixes: dict[bytes, tuple[int, int]] = {}
    path = [dawg_root]
    prev = b""
    for w in words:
        k = _common(prev, w)
        del path[k + 1:]
        for i in range(k, len(w)):
            state, final = trans[path[i]][w[i]]
            path.append(state)
            # A separator arc only where the prefix can go on (its state has arcs).
            prefixes[w[i::-1]] = (final, state if len(dawg_nodes[state]) > 1 else -1)
        prev = w
    rev_nodes: list[Signature] = []
    rev_root = _daciuk(sorted(prefixes), prefixes.get, rev_nodes)
    return _flatten(dawg_nodes, dawg_root, rev_nodes, rev_root, letters)


def _common(a: bytes, b: bytes) -> int:
    k = 0
    limit = min(len(a), len(b))
    while k < limit and a[k] == b[k]:
        k += 1
    return k


def _daciuk(strings: Sequence[bytes], info: Callable[[bytes], tuple[int, int] | None] | None,
            nodes: list[Signature]) -> int:
    """Minimal acyclic automaton of sorted, unique ``strings`` (Daciuk et al. 2000).

    ``info(s)`` gives ``(accepts, separator target)`` for a string of the set (default:
    accepts, no separator); strings that are only prefixes of others neither accept nor
    have a separator.  Nodes are appended to ``nodes``; returns the root's index.
    """
    register: dict[Signature, int] = {}
    stack_arcs: list[list[int]] = [[]]
    stack_info: list[tuple[int, int]] = [(0, -1)]
    prev = b""
    for s in strings:
        k = _common(prev, s)
        _close(prev, k, stack_arcs, stack_info, nodes, register)
        del stack_arcs[k + 1:]
        del stack_info[k + 1:]
        for _ in range(len(s) - k):
            stack_arcs.append([])
            stack_info.append((0, -1))
        found = info(s) if info is not None else None
        stack_info[len(s)] = found if found is not None else (1, -1)
        prev = s
    _close(prev, 0, stack_arcs, stack_info, nodes, register)
    nodes.append((stack_info[0][1], *stack_arcs[0]))
    return len(nodes) - 1


def _close(prev: bytes, keep: int, stack_arcs: list[list[int]],
           stack_info: list[tuple[int, int]], nodes: list[Signature],
           register: dict[Signature, int]) -> None:
    """Finish the open nodes deeper than ``keep`` on the path of ``prev``: share each
    with an equal registered node or register it, and link it to its parent."""
    for depth in range(len(prev), keep, -1):
        accepts, sep = stack_info[depth]
        sig = (sep, *stack_arcs[depth])
        node_id = register.get(sig)
        if node_id is None:
            node_id = register[sig] = len(nodes)
            nodes.append(sig)
        stack_arcs[depth - 1].extend((prev[depth - 1], node_id, accepts))


def _flatten(dawg_nodes: list[Signature], dawg_root: int, rev_nodes: list[Signature],
             rev_root: int, letters: int) -> array:
    mask_slots, sep_bit = layout(letters)
    dawg_off: list[int] = []
    pos = HEADER
    for sig in dawg_nodes:
        dawg_off.append(pos)
        pos += mask_slots + (len(sig) - 1) // 3
    rev_off: list[int] = []
    for sig in rev_nodes:
        rev_off.append(pos)
        pos += mask_slots + (len(sig) - 1) // 3 + (1 if sig[0] >= 0 else 0)
    data = array("I", bytes(4 * pos))
    data[0:8] = array("I", [MAGIC, FORMAT_VERSION, letters, rev_off[rev_root],
                            dawg_off[dawg_root], pos, mask_slots, sep_bit])
    for sig, off in zip(dawg_nodes, dawg_off, strict=True):
        _write_node(data, off, sig, dawg_off, None, mask_slots, sep_bit)
    for sig, off in zip(rev_nodes, rev_off, strict=True):
        _write_node(data, off, sig, rev_off, dawg_off, mask_slots, sep_bit)
    return data


def _write_node(data: array, off: int, sig: Signature, offsets: list[int],
                sep_offsets: list[int] | None, mask_slots: int, sep_bit: int) -> None:
    mask = 0
    slot = off + mask_slots
    for i in range(1, len(sig), 3):
        mask |= 1 << sig[i]
        data[slot] = offsets[sig[i + 1]] | (ACCEPT if sig[i + 2] else 0)
        slot += 1
    if sig[0] >= 0 and sep_offsets is not None:
        mask |= 1 << sep_bit
        data[slot] = sep_offsets[sig[0]]
    data[off] = mask & 0xFFFFFFFF
    if mask_slots == 2:
        data[off + 1] = mask >> 32
