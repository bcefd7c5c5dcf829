"""The end of a game as one value: how it ended, who won, why, and every step in plain
words. python-chess's `Outcome(termination, winner)` is the model."""

from __future__ import annotations

import enum

from pnp.core.records import NamedTuple


class Termination(enum.Enum):
    """How a game ended; each member names the check that produces it. Game-neutral: a
    game's `outcome(state)` runs its rulebook's end checks in order and tags the result."""

    #: The game reached its end (a final round, a hack-off, a stop) and was scored on totals.
    SCORED = "scored"
    #: A player met a win condition during play (e.g. a value reached a threshold).
    WIN_CONDITION = "win-condition"
    #: Every other player was eliminated: the last one left wins.
    LAST_PLAYER = "last-player"
    #: Nobody is left: everyone loses (`winners` is empty).
    NO_PLAYERS = "no-players"
    #: The rules end the game with no winner though players are left (Not a Hack's white
    #: cards used up for good: rulebook, Clarifications); `winners` is empty.
    NO_WINNER = "no-winner"


class Outcome(NamedTuple):
    """`termination`: which end check decided the game (None only for a standing: who
    would win if the game were decided now). `winners`: names of the winning players
    (empty = everyone lost; two or more = a shared win or tie, as `reason` says). `reason`
    is a short phrase naming the deciding rule; `explanation` lists every check and
    tie-breaker with its numbers. `tie`: the rules call this end a tie, not a shared win
    (Hack Back, "If opposing players share that lowest VC, the game is a tie")."""

    termination: Termination | None
    winners: tuple[str, ...]
    reason: str
    explanation: tuple[str, ...] = ()
    tie: bool = False

    def said(self, reason: bool = True) -> str:
        """The result in a few words: "Cleo wins (highest total)", "a tie between Ana
        and Ben (...)", "Ana and Ben share the win", "no winner (...)", "everyone loses";
        the `reason` in brackets only with `reason`."""
        names = " and ".join(self.winners)
        if not self.winners:
            head = "everyone loses" if self.termination is Termination.NO_PLAYERS else "no winner"
        elif len(self.winners) == 1:
            head = f"{names} wins"
        else:
            head = f"a tie between {names}" if self.tie else f"{names} share the win"
        shown = reason and self.reason and self.reason != "shared win"
        return head + (f" ({self.reason})" if shown else "")

    def to_json(self) -> dict:
        """A JSON-ready dict: {"winners": [NAME...], "reason": TEXT, "explanation":
        [LINE...], "termination": "scored"|"win-condition"|"last-player"|"no-players"|
        "no-winner"|None}."""
        return {
            "winners": list(self.winners),
            "reason": self.reason,
            "explanation": list(self.explanation),
            "termination": self.termination.value if self.termination else None,
        }
