"""Benchmark: cold-process wall time of `scorekeeper status` and of one write against
`python -c "import click"`, on logs of real games (issue 10, item 6).

    python bench/bench_status.py [--repeats 11] [--sizes 10 500 2000] [--games ...]

For each game (Hack Attack: Defense, Hack Back, Not a Hack) and each size it builds one
long but legal game of exactly that many log rows (events, undos included) from
accepted play: every event is made the way the game's verb makes it (real card ids,
the kit's counts) and is checked by the rules before it is written, as
`session.record` does; `session.undo` semantics for the undos; the whole log is then
replayed by `session.load`, which refuses any event the rules refuse. Where the size
allows, the game is left just before its end (Hack Attack: the last turn of the final
round; Hack Back: the second action of the winning turn; Not a Hack: the deciding
hack-off vote), so the timed write is the verb that ends the game.

Then, in fresh interpreters, it times `scorekeeper status` and the write: the verb (one
process) and `scorekeeper undo` (a second process, which takes the verb back; the
database is restored from a copy before each verb, a copy that holds the card view a
table keeps after its first verb: `warm`). Each timed run is paired with a
run of `python -c "import click"` just before it (A B A B ...); the table gives each
command's ratio per pair, median and range (goal: median at most 1.3x at every size, issues
24 and 41), and its own peak memory (bench/common.py: run_once).
`status` is also checked never to import reportlab.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import Run, compile_packages, paired_runs, ratios  # noqa: E402 (after sys.path)
from simulated_game import script_of  # noqa: E402 (after sys.path)

STATUS = (
    "import sys\nfrom scorekeeper.cli import main\n"
    "try:\n    main(['--db', sys.argv[1], 'status'])\nexcept SystemExit as exc:\n"
    "    assert not exc.code, exc.code\n"
    "assert 'reportlab' not in sys.modules, 'status imported reportlab'\n"
)
#: One scorekeeper command, as a player types it: `--db FILE VERB ARGS...`.
COMMAND = (
    "import sys\nfrom scorekeeper.cli import main\n"
    "try:\n    main(['--db', *sys.argv[1:]])\nexcept SystemExit as exc:\n"
    "    sys.exit(exc.code)\n"
)
CLICK = [sys.executable, "-c", "import click"]
SIZES = (10, 500, 2000)


# --- Building legal games ------------------------------------------------------------


class Full(Exception):
    """The log has reached the size asked for before the game's ending."""


class Builder:
    """Writes one game's log, each event checked by the rules on the live state first.

    fast=False: through the library's own `session.record` and `session.undo` (each
    replays the whole log: quadratic, for small games and the test). fast=True: the same
    check (`rules.apply` on the state in force) and the same rows and saved states
    (scorekeeper.snapshot), in one transaction, keeping the states of the events in
    force for undo. Either way `finish` replays the
    log with `session.load`, which refuses a log with any event the rules refuse.
    `limit`: raise Full once the log has that many rows."""

    def __init__(
        self, path: Path, game: str, players: list[str], limit: int | None = None, fast: bool = True
    ):
        from scorekeeper import session, start
        from scorekeeper.store import Store

        self.session, self.store = session, Store(path)
        table = start.new_game(self.store, game, players)
        self.gid, self.rules = table.row.id, table.game.rules
        self.states = [table.state]
        self.rows, self.limit, self.fast = 0, limit, fast
        self._txn = None
        if fast:
            self._txn = self.store.transaction()
            self._txn.__enter__()

    @property
    def state(self):
        return self.states[-1]

    def _room_for_one(self) -> None:
        if self.limit is not None and self.rows >= self.limit:
            raise Full

    def room(self) -> int:
        """Rows left before the limit (a large number without one)."""
        return 10**9 if self.limit is None else self.limit - self.rows

    def do(self, event: dict) -> None:
        """Record `event` (the rules refuse it with an exception, nothing written)."""
        self._room_for_one()
        if self.fast:  # as session.record: the event as read back, its state saved
            from scorekeeper import snapshot

            event = json.loads(json.dumps(event))
            after = self.rules.apply(self.state, event)
            row = self.store.append(self.gid, "action", event)
            self.store.save_snapshot(self.gid, row.id, snapshot.dumps(after))
        else:
            after = self.session.record(self.store, self.gid, event)[1].state
        self.states.append(after)
        self.rows += 1

    def undo(self) -> None:
        """Take back the last event in force."""
        self._room_for_one()
        if self.fast:
            self.store.append(self.gid, "undo")
        else:
            self.session.undo(self.store, self.gid)
        self.states.pop()
        self.rows += 1

    def finish(self):
        """Commit, replay the whole log (`session.load`: every event accepted), check it
        ends where the builder does; returns (log rows, events in force)."""
        if self._txn is not None:
            self._txn.__exit__(None, None, None)
            self._txn = None
        table = self.session.load(self.store, self.gid)
        assert table.state == self.state, "the replayed game differs from the built one"
        assert self.session.current(self.store, self.gid).state == self.state, (
            "the saved state differs from the built one"
        )
        rows, steps = len(table.log), len(table.steps)
        self.store.close()
        return rows, steps


# Hack Attack: Defense --------------------------------------------------------------


def _ha_events():
    from scorekeeper.games.hack_attack import cards, rules

    deck = cards.deck()
    used, at_points = Counter(), Counter()

    def protect(player: str) -> dict:
        """A Protect of the highest Tech card the deck still has unprotected."""
        for card, (name, points, copies) in sorted(
            deck.tech.items(), key=lambda kv: (-kv[1][1], kv[0])
        ):
            if used[card] < copies and at_points[points] < deck.tech_at(points):
                used[card] += 1
                at_points[points] += 1
                points, card, name, copies = cards.tech(deck, card)
                return {
                    "type": "protect",
                    "player": player,
                    "points": points,
                    "card": card,
                    "name": name,
                    "copies": copies,
                    "deck_at_points": deck.tech_at(points),
                }
        raise AssertionError("no Tech card left to Protect")

    def unprotect(event: dict) -> None:  # an undone Protect frees its card
        used[event["card"]] -= 1
        at_points[event["points"]] -= 1

    attacks = [card for card, (_, _, copies) in sorted(deck.attacks.items()) for _ in range(copies)]

    def attack(player: str, n: int, holds: bool) -> dict:
        icons, card, name = cards.attack(deck, attacks.pop(0))
        shown = [icons[0]] if holds else []
        return {
            "type": "attack",
            "player": player,
            "attack": card,
            "name": name,
            "icons": list(icons),
            "revealed": shown,
            "holds": rules.defend(icons, shown, n).holds,
            "copies": cards.attack_copies(deck, card),
        }

    def user_error(player: str) -> dict:
        return {"type": "user_error", "player": player, "count": 1, "deck": deck.user_errors}

    return protect, unprotect, attacks, attack, user_error, deck


def hack_attack(b: Builder) -> list[str]:
    """Two players: turns with Attacks (every Attack card once), User Errors and Protects
    (a wrong one taken back), then turns in which nobody can act (the Defense deck is
    spent: rules, "If no action is possible, skip it"), with a User Error now and then
    recorded and taken back; then Ana Protects her fourth Tech, Ben takes his last turn
    and Protects his fourth. Returns the verb that ends the game (Ben's end-turn)."""
    names = b.state.players
    protect, unprotect, attacks, attack, user_error, deck = _ha_events()
    ending = 3
    turn = 0
    # opening turns: until the Attacks are spent, three Protects each, Ana to play
    while attacks or any(len(p.protected) < 3 for p in b.state.players) or b.state.current != 0:
        me = names[b.state.current].name
        mine = b.state.players[b.state.current]
        if attacks and turn % 3 != 2:
            b.do(attack(me, len(names), holds=turn % 2 == 0))
        if turn == 5:  # a Protect of the wrong card, taken back
            wrong = protect(me)
            b.do(wrong)
            b.undo()
            unprotect(wrong)
        if len(mine.protected) < 3 and turn % 2 == 1 or (not attacks and len(mine.protected) < 3):
            b.do(protect(me))
        if turn % 4 == 3 and sum(p.user_errors for p in b.state.players) < deck.user_errors - 4:
            b.do(user_error(names[(b.state.current + 1) % len(names)].name))
        b.do({"type": "end_turn"})
        turn += 1
    # turns in which nobody can act, until the ending fits exactly
    left = b.room() - ending
    if left % 2:  # keep Ana to play: one more User Error
        b.do(user_error(names[1].name))
        left -= 1
    while left > 0:
        if left >= 4 and b.rows % 97 == 0:  # a User Error recorded, then taken back
            b.do(user_error(names[0].name))
            b.undo()
            left -= 2
            continue
        b.do({"type": "end_turn"})
        left -= 1
    if left < 0 or b.state.current != 0:
        raise Full
    b.do(protect(names[0].name))  # the fourth: the final round starts
    b.do({"type": "end_turn"})
    b.do(protect(names[1].name))  # Ben's last turn
    return ["end-turn"]


def hack_attack_next(state) -> list[str]:
    return ["end-turn"]


# Hack Back ---------------------------------------------------------------------------


def _hb_cards():
    from scorekeeper.games.hack_back import cards

    specs = sorted(cards.cards().values(), key=lambda c: (c.vc, c.id))

    def kinds(effects):
        return {e["kind"] for e in effects}

    def amount(effects, kind):
        return sum(e.get("amount") or 0 for e in effects if e["kind"] == kind)

    # a Hero that can be activated for ever: its Defend on itself pays the +2 VC, or
    # more (the rest is paid back by an Attack card played on it: `balancer`)
    stable = sorted(
        (
            c
            for c in specs
            if kinds(c.activate) <= {"defend", "draw"} and amount(c.activate, "defend") >= 2
        ),
        key=lambda c: (amount(c.activate, "defend"), c.vc, c.id),
    )
    ana = stable[0]
    ben = next(
        c
        for c in stable
        if c.vc > ana.vc and amount(c.activate, "defend") == amount(ana.activate, "defend")
    )
    cleo = next(c for c in specs if c.vc > ana.vc and kinds(c.activate) == {"attack"})
    # Attacks that raise one chosen Hero (not Patch Tuesday's "every Hero loses 4 VC")
    attackers = sorted(
        (
            c
            for c in specs
            if c.play
            and kinds(c.play) <= {"attack", "draw"}
            and "attack" in kinds(c.play)
            and all(e["amount"] > 0 and not e.get("every") for e in c.play if e["kind"] == "attack")
        ),
        key=lambda c: (-amount(c.play, "attack"), c.id),
    )
    defenders = sorted(
        (
            c
            for c in specs
            if c.play and kinds(c.play) <= {"defend", "draw"} and "defend" in kinds(c.play)
        ),
        key=lambda c: (-amount(c.play, "defend"), c.id),
    )
    return ana, ben, cleo, attackers, defenders, amount


def _balancer(hero, attackers, amount):
    """The Attack card that, played on `hero`, pays back what its activation's Defend
    takes off beyond the +2 VC (None when the Defend is exactly 2)."""
    over = amount(hero.activate, "defend") - 2
    return next((c for c in attackers if amount(c.play, "attack") == over), None) if over else None


def _targets(effects, uid: int) -> list:
    from scorekeeper.games.hack_back.rules import takes_target

    return [uid if takes_target(e) else None for e in effects]


def _hb_play(player: str, card, uid: int) -> dict:
    return {
        "type": "play",
        "player": player,
        "card": card.id,
        "name": card.name,
        "effects": list(card.play),
        "targets": _targets(card.play, uid),
    }


def _hb_activate(player: str, uid: int, card, target: int) -> dict:
    return {
        "type": "activate",
        "player": player,
        "hero": uid,
        "card": card.id,
        "name": card.name,
        "printed": card.vc,
        "effects": list(card.activate),
        "targets": _targets(card.activate, target),
        "place": [],
    }


def hack_back(b: Builder) -> list[str]:
    """Three players: Ana and Ben open with Heroes whose Defend pays for their
    activation, Cleo with an attacker; Ana and Ben play their Attack cards on Cleo's
    Hero until it passes 40 VC and Cleo is out (a Draw taken back on the way); then
    Ana and Ben take turns activating their Heroes and drawing (a Draw now and then
    taken back); then Ana plays two Defend cards on her Hero, the second of which
    (the verb returned) brings it to 0 VC or lower: she wins at the end of the turn."""
    ana, ben, cleo, attackers, defenders, amount = _hb_cards()
    A, B, C = b.state.players
    heroes = {A: (1, ana), B: (2, ben), C: (3, cleo)}
    for player, (_, card) in heroes.items():
        b.do(
            {"type": "reveal", "player": player, "card": card.id, "name": card.name, "vc": card.vc}
        )
    first, second = defenders[0], defenders[1]
    ending = 1
    plays = 0
    while C not in b.state.out or b.state.players[b.state.current] != A:
        me = b.state.players[b.state.current]
        uid, card = heroes[me]
        if me == C:
            b.do(_hb_activate(C, uid, card, 2))
            b.do({"type": "draw", "player": C})
        elif C not in b.state.out:
            if me == B and plays == 1:  # a Draw, taken back: Ben plays instead
                b.do({"type": "draw", "player": B})
                b.undo()
            b.do(_hb_play(me, attackers[plays % len(attackers)], 3))
            plays += 1
            b.do(_hb_activate(me, uid, card, uid))
        else:
            b.do(_hb_activate(me, uid, card, uid))
            b.do({"type": "draw", "player": me})
    left = b.room() - ending
    if left % 4 == 2:
        b.do({"type": "draw", "player": A})
        b.undo()
        left -= 2
    rounds = 0
    balancer = _balancer(ana, attackers, amount)
    while left >= 4:
        extra = left >= 8 and rounds % 25 == 24
        for me in (A, B):
            uid, card = heroes[me]
            if extra:
                b.do({"type": "draw", "player": me})
                b.undo()
            b.do(_hb_activate(me, uid, card, uid))
            if balancer is not None:
                b.do(_hb_play(me, balancer, uid))
            elif me == A:
                b.do(_hb_activate(me, uid, card, uid))
            else:
                b.do({"type": "draw", "player": me})
        left -= 8 if extra else 4
        rounds += 1
    if left or b.state.players[b.state.current] != A:
        raise Full
    vc = b.state.hero(1).vc
    assert amount(first.play, "defend") + amount(second.play, "defend") >= vc
    b.do(_hb_play(A, first, 1))
    from scorekeeper.games.hack_back.rules import takes_target

    return ["play", A, second.id, *(w for e in second.play if takes_target(e) for w in ("-t", "1"))]


def hack_back_next(state) -> list[str]:
    return ["draw", state.players[state.current]]


# Not a Hack ----------------------------------------------------------------------------


def not_a_hack(b: Builder) -> list[str]:
    """Four players: turns of hacks (one to three white cards), negative and positive
    action cards (each as often as the kit prints it), New Account cards, Steals, a
    hack with the wrong winner taken back, a ban countered by a New Account card, then
    Cleo and Dan banned: the final hack-off, whose split votes are repeated with new hack
    cards (one now and then recorded wrongly and taken back) until both banned players
    vote for Ana's hack (the verb returned), which settles the game."""
    from scorekeeper.games.not_a_hack import cards

    names = [p.name for p in b.state.players]
    A, B, C, D = names
    white, kit_accounts = cards.white_points(), cards.printed("new_account")
    kinds = {
        kind: [c.id for c in cards._cards() if c.kind == kind for _ in range(c.count)]
        for kind in ("negative", "positive")
    }
    steals = sum(c.count for c in cards._cards() if c.kind == "steal")

    def kept() -> int:
        return sum(sum(p.hacks) for p in b.state.players)

    def hack(drawer: str, winner: str, n: int) -> dict:
        return {"type": "hack", "drawer": drawer, "winner": winner, "cards": n, "white": white}

    def action(player: str, kind: str) -> dict:
        return {"type": kind, "player": player, **cards.action_card(kinds[kind].pop(0), kind)}

    turn = 0
    while kept() < white // 2:
        drawer = names[b.state.current]
        if turn % 7 == 3 and kinds["negative"]:
            b.do(action(drawer, "negative"))
        elif turn == 10:  # the ban a New Account counters
            b.do({"type": "banned", "player": drawer, "counter": True})
        else:
            winner = A if turn % 3 else names[(b.state.current + 1) % 4]
            if winner == drawer:
                winner = names[(b.state.current + 1) % 4]
            if turn == 4:  # the wrong winner, taken back
                b.do(hack(drawer, names[(b.state.current + 2) % 4], 1))
                b.undo()
            b.do(hack(drawer, winner, 1 + turn % 3))
        if turn % 5 == 2 and kinds["positive"]:
            b.do(action(names[turn % 4], "positive"))
        if turn % 6 == 5 and sum(p.accounts for p in b.state.players) < min(
            2 * len(names) - 1, kit_accounts
        ):
            b.do({"type": "new_account", "player": names[(turn + 1) % 4], "kit": kit_accounts})
        if turn % 9 == 8 and steals and b.state.players[names.index(B)].hacks:
            victim = b.state.players[names.index(B)]
            at = max(range(len(victim.hacks)), key=lambda i: victim.hacks[i])
            b.do({"type": "steal", "player": C, "from": B, "hack": at, "cards": victim.hacks[at]})
            steals -= 1
        turn += 1
    while b.state.phase == "play":  # Cleo and Dan are banned
        drawer = names[b.state.current]
        if drawer in (C, D):  # a New Account card counters a ban while it lasts
            b.do({"type": "banned", "player": drawer, "counter": True})
        else:
            b.do(hack(drawer, A if drawer != A else B, 1))
    split = {"type": "hack_off", "votes": {C: A, D: B}, "cards": 2, "white": white}
    while b.room() > 0:
        if b.room() >= 3 and b.rows % 61 == 0:  # votes recorded wrongly, taken back
            b.do({**split, "votes": {C: B, D: A}})
            b.undo()
        else:
            b.do(split)
    return ["hack-off", "--vote", f"{C}={A}", "--vote", f"{D}={A}", "--cards", "3"]


def not_a_hack_next(state) -> list[str]:
    if state.phase == "play":
        players = [p.name for p in state.players]
        drawer = players[state.current]
        winner = next(p.name for p in state.players if p.name != drawer and not p.banned)
        return ["hack", drawer, winner, "1"]
    return [
        "hack-off",
        *(
            w
            for p in state.players
            if p.banned
            for w in ("--vote", f"{p.name}={state.unbanned()[0]}")
        ),
    ]


GAMES = {
    "hack-attack": (["Ana", "Ben"], hack_attack, hack_attack_next),
    "hack-back": (["Ana", "Ben", "Cleo"], hack_back, hack_back_next),
    "not-a-hack": (["Ana", "Ben", "Cleo", "Dan"], not_a_hack, not_a_hack_next),
}


def build_game(path: Path, game: str, rows: int, fast: bool = True) -> dict:
    """A legal game of `game` with exactly `rows` log rows in a new database at `path`.
    Returns {"rows", "events" (in force), "verb" (the command words of a write the
    rules accept next: the one that ends the game when the size allows), "ends" (True
    if that verb is the game's end)}. A game with no script here is the game its
    simulator plays (simulated_game.script_of), with no verb (None)."""
    players, script, fallback = GAMES[game] if game in GAMES else script_of(game)
    builder = Builder(path, game, players, limit=rows, fast=fast)
    try:
        verb = script(builder)
        ends = verb is not None
        if builder.rows != rows:
            raise Full
    except Full:
        verb, ends = fallback(builder.state), False
    log, steps = builder.finish()
    assert log == rows, (game, log, rows)
    return {"rows": log, "events": steps, "verb": verb, "ends": ends}


# --- Timing -----------------------------------------------------------------------------


def _pairs(pairs: list[tuple[Run, Run]]) -> tuple[float, float, float, float, float]:
    """(median ratio, lowest, highest, median seconds, median peak MiB) of the command
    in (click, command) pairs."""
    each = ratios(pairs)
    return (
        statistics.median(each),
        min(each),
        max(each),
        statistics.median(cmd.wall for _, cmd in pairs),
        statistics.median(cmd.peak_mb for _, cmd in pairs),
    )


def warm(pristine: Path, work: Path, verb: list[str]) -> None:
    """Give `pristine` the card view a table keeps after its first verb naming a card
    (scorekeeper.cards.card_view): run the verb once on a copy and take its kept views,
    so the timed verbs run as they do at a table in play (its log rows unchanged)."""
    import sqlite3
    import subprocess

    shutil.copyfile(pristine, work)
    subprocess.run(
        [sys.executable, "-c", COMMAND, str(work), *verb], check=True, stdout=subprocess.DEVNULL
    )
    with sqlite3.connect(pristine) as conn:
        conn.execute("ATTACH DATABASE ? AS warmed", (str(work),))
        conn.execute("INSERT OR REPLACE INTO card_views SELECT * FROM warmed.card_views")
    conn.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=11)
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=list(GAMES))
    args = parser.parse_args()
    compile_packages()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        cases = []
        for game in args.games:
            for n in args.sizes:
                pristine = tmp / f"{game}-{n}.sqlite3"
                info = build_game(pristine, game, n)
                work = tmp / f"{game}-{n}-write.sqlite3"
                warm(pristine, work, info["verb"])
                cases.append((game, n, info, pristine, work))
        walls: dict[tuple, list[tuple[Run, Run]]] = {}
        for _ in range(args.repeats):
            for game, n, info, pristine, work in cases:
                runs = [
                    ("status", [sys.executable, "-c", STATUS, str(pristine)], None),
                    (
                        " ".join(info["verb"][:1]),
                        [sys.executable, "-c", COMMAND, str(work), *info["verb"]],
                        "restore",
                    ),
                    ("undo", [sys.executable, "-c", COMMAND, str(work), "undo"], None),
                ]
                for label, command, before in runs:
                    if before:
                        shutil.copyfile(pristine, work)
                    walls.setdefault((game, n, label), []).extend(paired_runs(CLICK, command, 1))
    base = statistics.median(b.wall for w in walls.values() for b, _ in w)
    base_mb = statistics.median(b.peak_mb for w in walls.values() for b, _ in w)
    print(
        f'python -c "import click": median {base * 1000:.0f} ms, {base_mb:.1f} MiB; '
        f"{args.repeats} pairs a row, each command run right after its own click run; "
        "MiB: each command's own peak memory, median."
    )
    print("Write = the verb in one process, then `scorekeeper undo` in a second one.")
    print(
        f"{'game':<12}{'rows':>6}{'in force':>9}  {'command':<14}{'ms':>6}{'ratio':>8}{'range':>14}"
        f"{'MiB':>7}"
    )
    worst = 0.0
    for game, n, info, _, _ in cases:
        for label in ("status", " ".join(info["verb"][:1]), "undo"):
            ratio, low, high, wall, peak = _pairs(walls[(game, n, label)])
            worst = max(worst, ratio)
            shown = label + (" (ends)" if label not in ("status", "undo") and info["ends"] else "")
            print(
                f"{game:<12}{info['rows']:>6}{info['events']:>9}  {shown:<14}"
                f"{wall * 1000:>6.0f}{ratio:>8.2f}{f'{low:.2f}..{high:.2f}':>14}{peak:>7.1f}"
            )
    print(f"worst median ratio {worst:.2f} (goal: at most 1.30)")
    for game, n, info, _, _ in cases:
        print(f"  {game} {n}: write = scorekeeper {' '.join(info['verb'])}")


if __name__ == "__main__":
    main()
