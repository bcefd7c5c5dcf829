"""Figures as ratios of sums over games, their 95 % intervals, and the paired
differences of two runs on the same seeds (issue 21, `pnp simulate --compare`).

Every figure of a run is a ratio R = Σc / Σo over its games: a seat's win rate (c: 1
if it won alone, o: 1), the mean length (c: turns, o: 1 for a game not capped), a card's
rate (c: times it happened in the game, o: times it could have). Games are the
independent units, so an interval is the delta method's over games: the variance of R is
Σ(c − R·o)² / (n(n − 1) ō²), for any ratio, whatever its counts within a game. Two runs
A and B that play the same seeds are paired game by game, and the difference R_A − R_B
has the variance of the mean of u = (c_A − R_A o_A)/ō_A − (c_B − R_B o_B)/ō_B. Every sum
is an exact integer and the algebra is done in fractions, so two identical runs differ
by exactly 0 with an interval of exactly [0, 0].
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction

from pnp.simulate.result import Figure, Result

#: z for a two-sided 95 % interval
Z95 = 1.959964

#: the per-game quantities (c, o) of one game: measure key -> (count, out of)
Measures = dict[tuple, tuple[int, int]]


def measures(
    result: Result, figures: Iterable[Figure], seats: int, endings: Iterable[str]
) -> Measures:
    """The quantities of one game behind every figure of a run: ("seat", s) for each
    seat's sole win, ("length",) turns of a game not capped, ("no sole winner",),
    ("tie",), ("capped",), ("first round",), ("ending", key) for each ending key, and
    (figure title, key) for each row of each of the game's figures that the game
    touched, and ("feel", name) for each measure of how it felt (pnp.simulate.feel)
    that it reached."""
    sole = len(result.winners) == 1 and not result.tie
    winner = result.players.index(result.winners[0]) if sole else -1
    out: Measures = {("seat", s + 1): (int(s == winner), 1) for s in range(seats)}
    out[("length",)] = (0, 0) if result.capped else (result.turns, 1)
    out[("no sole winner",)] = (int(not sole), 1)
    out[("tie",)] = (int(result.tie), 1)
    out[("capped",)] = (int(result.capped), 1)
    out[("first round",)] = (int(not result.capped and result.turns <= seats), 1)
    for key in endings:
        out[("ending", key)] = (int(result.ending == key), 1)
    out.update(result.feel or {})
    for figure in figures:
        counts = result.facts.get(figure.count, {})
        if figure.kind == "timeline":
            continue  # a mean at each clock: no interval, no difference
        if figure.kind == "rate":
            base = result.facts.get(figure.out_of, {}) if figure.out_of is not None else {}
            for key in base.keys() | counts.keys():
                out[(figure.title, key)] = (counts.get(key, 0), base.get(key, 0))
        else:
            for key in figure.labels:
                out[(figure.title, key)] = (counts.get(key, 0), 1)
    return out


class Moments:
    """Sums over games of one measure's (c, o): Σc, Σo, Σc², Σco, Σo² (exact integers)."""

    __slots__ = ("c", "cc", "co", "o", "oo")

    def __init__(self):
        self.c = self.o = self.cc = self.co = self.oo = 0

    def add(self, c: int, o: int) -> None:
        self.c += c
        self.o += o
        self.cc += c * c
        self.co += c * o
        self.oo += o * o

    def merge(self, other: Moments) -> None:
        for name in self.__slots__:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def rate(self) -> Fraction | None:
        """R = Σc / Σo, or None when Σo is 0."""
        return Fraction(self.c, self.o) if self.o else None

    def residual(self) -> Fraction:
        """Σ(c − R·o)² for this measure's R."""
        r = self.rate() or Fraction(0)
        return self.cc - 2 * r * self.co + r * r * self.oo


def interval(m: Moments, games: int, z: float = Z95) -> tuple[float, float] | None:
    """The 95 % interval of m's ratio over `games` games, clipped at 0 below (every
    figure is a count or a rate); None with no Σo, or from fewer than two games (one
    game says nothing of the spread)."""
    r = m.rate()
    if r is None or games < 2:
        return None
    mean_o = Fraction(m.o, games)
    half = z * math.sqrt(m.residual() / (games * (games - 1) * mean_o * mean_o))
    return max(0.0, float(r) - half), float(r) + half


class Pair:
    """The cross sums of one measure in two runs paired by seed: Σc_A c_B, Σc_A o_B,
    Σo_A c_B, Σo_A o_B, beside each run's own Moments."""

    __slots__ = ("a", "ac_bc", "ac_bo", "ao_bc", "ao_bo", "b")

    def __init__(self):
        self.a, self.b = Moments(), Moments()
        self.ac_bc = self.ac_bo = self.ao_bc = self.ao_bo = 0

    def add(self, ca: int, oa: int, cb: int, ob: int) -> None:
        self.a.add(ca, oa)
        self.b.add(cb, ob)
        self.ac_bc += ca * cb
        self.ac_bo += ca * ob
        self.ao_bc += oa * cb
        self.ao_bo += oa * ob

    def merge(self, other: Pair) -> None:
        self.a.merge(other.a)
        self.b.merge(other.b)
        for name in ("ac_bc", "ac_bo", "ao_bc", "ao_bo"):
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def difference(self, games: int, z: float = Z95) -> dict | None:
        """R_A − R_B with its 95 % interval (paired by seed) as {"a", "b", "difference",
        "interval", "excludes_0"}; None when either run never reached the measure; the
        interval None from fewer than two games."""
        ra, rb = self.a.rate(), self.b.rate()
        if ra is None or rb is None:
            return None
        diff = ra - rb
        out: dict[str, object] = {
            "a": float(ra),
            "b": float(rb),
            "difference": float(diff),
            "interval": None,
            "excludes_0": False,
        }
        if games >= 2:
            ma, mb = Fraction(self.a.o, games), Fraction(self.b.o, games)
            cross = self.ac_bc - rb * self.ac_bo - ra * self.ao_bc + ra * rb * self.ao_bo
            spread = (
                self.a.residual() / (ma * ma)
                + self.b.residual() / (mb * mb)
                - 2 * cross / (ma * mb)
            )
            half = z * math.sqrt(max(Fraction(0), spread) / (games * (games - 1)))
            low, high = float(diff) - half, float(diff) + half
            out.update(interval=[low, high], excludes_0=low > 0 or high < 0)
        return out


class PairTally:
    """The paired sums of every measure of two runs at one player count."""

    def __init__(self) -> None:
        self.games = 0
        self.pairs: dict[tuple, Pair] = {}

    def add(self, a: Measures, b: Measures) -> None:
        """Count one seed's game in run A (`a`) and run B (`b`)."""
        self.games += 1
        for key in a.keys() | b.keys():
            ca, oa = a.get(key, (0, 0))
            cb, ob = b.get(key, (0, 0))
            pair = self.pairs.get(key)
            if pair is None:
                pair = self.pairs[key] = Pair()
            pair.add(ca, oa, cb, ob)

    def merge(self, other: PairTally) -> None:
        self.games += other.games
        for key, pair in other.pairs.items():
            if key in self.pairs:
                self.pairs[key].merge(pair)
            else:
                self.pairs[key] = pair
