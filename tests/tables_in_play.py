"""Tables of every game played through the CLI as a table types them, to a point mid-game
and to the end (tests/test_narrow_terminal.py lays their output out for a phone).

Each scenario is the verbs typed after `scorekeeper new`, in order; every one succeeds.
The players' names are of everyday lengths (Benedikt, Cleopatra), so the widest table of
each game is wider than 40 columns."""

from __future__ import annotations

#: game -> (the `new` arguments, verbs to a point mid-game, further verbs to the end).
SCENARIOS: dict[str, tuple[tuple[str, ...], list[tuple[str, ...]], list[tuple[str, ...]]]] = {
    "hack-attack": (
        ("hack-attack", "Ana", "Benedikt", "Cleopatra", "--variant", "faster"),
        [
            ("protect", "ana", "laptop"),
            ("end-turn",),
            ("protect", "ben", "3"),
            ("user-error", "ben"),
            ("end-turn",),
            ("attack", "ransomware", "bk", "wild", "pw"),
            ("protect", "cleo", "2"),
            ("end-turn",),
            ("protect", "ana", "5"),
            ("protect", "ana", "4"),
            ("protect", "ana", "1"),  # the fourth: the final round starts
            ("end-turn",),
        ],
        [("protect", "ben", "5"), ("end-turn",), ("user-error", "cleo"), ("end-turn",)],
    ),
    "hack-back": (
        ("hack-back", "Ana", "Benedikt"),
        [
            ("hero", "Ana", "server-room-cat"),
            ("hero", "Benedikt", "security-intern"),
            ("play", "Ana", "helpdesk-hero", "-t", "1"),
            ("draw", "Ana"),
            ("play", "Benedikt", "backup-wizard", "-t", "2"),
            ("play", "Benedikt", "on-call-sysadmin", "-t", "2"),
        ],
        [
            ("play", "Ana", "firewall-whisperer", "-t", "1"),
            ("draw", "Ana"),
            ("play", "Benedikt", "pen-tester", "-t", "1", "-t", "2"),
            ("draw", "Benedikt"),
            ("play", "Ana", "air-gapped-mainframe", "-t", "1"),
            ("play", "Ana", "patch-tuesday"),  # both Heroes below 0: the lowest wins
        ],
    ),
    "not-a-hack": (
        ("not-a-hack", "Ana", "Benedikt", "Cleopatra"),
        [
            ("hack", "ana", "ben", "2"),
            ("hack", "ben", "cleo", "3"),
            ("negative", "cleo", "2"),
            ("hack", "ana", "cleo", "2"),
            ("steal", "ben", "cleo"),
        ],
        [
            ("banned", "ben", "--no-counter"),  # Ana and Cleopatra play the hack-off
            ("hack-off", "--vote", "ben=cleo", "--cards", "3"),
        ],
    ),
    "coin-flip": (
        ("coin-flip", "Ana", "Benedikt", "Cleopatra"),
        [("coin", "ana", "2"), ("coin", "ben", "3"), ("coin", "cleo", "1")],
        [("coin", "ana", "3"), ("stop",)],
    ),
}

#: The points sheet's game: Dice Night (tests.data_only_game) played over six rounds, so
#: its table (a column a round) is wider than 40 columns by the end.
SHEET_GAME = 'wins = "highest"\nrounds = 6\n'
#: The points sheet's table, started with `new --data DIR dice-night ...`.
SHEET = (
    ("dice-night", "Ana", "Benedikt", "Cleopatra"),
    [
        ("points", "ana", "3", "ben", "5", "cleo", "-1"),
        ("end-round",),
        ("points", "ana", "4", "ben", "2", "cleo", "6"),
        ("end-round",),
        ("points", "ana", "12", "ben", "0", "cleo", "3"),
        ("end-round",),
        ("points", "ana", "-2", "ben", "7"),
    ],
    [
        ("end-round",),
        ("points", "ana", "1", "ben", "3", "cleo", "3"),
        ("end-round",),
        ("points", "ana", "5", "ben", "5", "cleo", "4"),
        ("end-round",),
    ],
)
