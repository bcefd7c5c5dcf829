"""The end of a game as one value: who won, why, and every step in plain words."""

from __future__ import annotations

from typing import NamedTuple


class Outcome(NamedTuple):
    """`winners`: names of the winning players (empty = everyone lost; two or more = a
    shared win or tie, as `reason` says). `reason` is a short phrase naming the deciding
    rule; `explanation` lists every check and tie-breaker with its numbers."""

    winners: tuple[str, ...]
    reason: str
    explanation: tuple[str, ...] = ()

    def to_json(self) -> dict:
        """A JSON-ready dict of this outcome."""
        return {"winners": list(self.winners), "reason": self.reason,
                "explanation": list(self.explanation)}
