"""Results files the long benchmarks append to, one JSON object a line, so a stopped run
goes on where it stopped (rerun the same command) and a running one can be read any
time; plus the interval every benchmark prints."""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wordstudio.crossword.players.selfplay import wilson  # noqa: E402

__all__ = ["Results", "match_line", "mean_error", "pair_seed", "wilson"]


class Results:
    """A JSON-lines file of finished items, keyed by ``key`` (a game's seed, a position)."""

    def __init__(self, path: Path | None, key: str) -> None:
        self.path = path
        self.key = key
        self.rows: dict[Any, dict] = {}
        if path is not None and path.exists():
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    row = json.loads(line)
                    self.rows[row[key]] = row

    def done(self, value: Any) -> bool:
        return value in self.rows

    def add(self, row: dict) -> None:
        self.rows[row[self.key]] = row
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a", encoding="utf-8") as out:
                out.write(json.dumps(row) + "\n")

    def values(self, wanted: Iterable[Any] | None = None) -> list[dict]:
        if wanted is None:
            return list(self.rows.values())
        return [self.rows[v] for v in wanted if v in self.rows]


def mean_error(values: list[float]) -> tuple[float, float]:
    """Mean and its 95% error bar (1.96 standard errors)."""
    if not values:
        return 0.0, 0.0
    mean = sum(values) / len(values)
    if len(values) < 2:
        return mean, 0.0
    variance = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
    return mean, 1.96 * math.sqrt(variance / len(values))


def match_line(name: str, rows: list[dict]) -> str:
    """Win rate (draws half) with its interval, and the mean spread, for entrant 0."""
    games = len(rows)
    won = sum(1.0 if r["spread"] > 0 else 0.5 if r["spread"] == 0 else 0.0 for r in rows)
    low, high = wilson(won, games)
    spread, bar = mean_error([r["spread"] for r in rows])
    rate = 100 * won / games if games else 0.0
    return (f"{name}: {games} games, wins {rate:.1f}% [95%: {100 * low:.1f}-{100 * high:.1f}], "
            f"spread {spread:+.1f} +-{bar:.1f}")


def pair_seed(seed: int, number: int) -> int:
    """Games played in pairs: both games of a pair share one seed (one bag), seats swapped."""
    return seed + number // 2
