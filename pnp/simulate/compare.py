"""`pnp simulate --compare OTHER`: the same seeds played on two card data sets, A (the
run's own) and B (OTHER), and every figure of both with their difference and its 95 %
interval, paired by seed (pnp.simulate.paired). A difference whose interval excludes 0
is flagged; a card in one data set only is listed as "only in A" or "only in B" with
its own figures. Nothing here names a game.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

from pnp.simulate.feel import MEASURES
from pnp.simulate.paired import PairTally
from pnp.simulate.report import FEWEST, count_summary, percent
from pnp.simulate.result import Figure
from pnp.simulate.run import Job, Outcome

DIGITS = 4


def _r(x: float) -> float:
    return round(x, DIGITS)


def _measure_rows(module: ModuleType, n: int) -> list[tuple[tuple, str, str]]:
    """The run-level measures, in the order shown: (key, label, "rate" or "mean")."""
    rows: list[tuple[tuple, str, str]] = [
        (("seat", s), f"seat {s} wins", "rate") for s in range(1, n + 1)
    ]
    rows += [
        (("length",), "game length (mean, games not capped)", "mean"),
        (("no sole winner",), "no sole winner", "rate"),
        (("tie",), "ties", "rate"),
        (("capped",), "turn-cap draws", "rate"),
        (("first round",), "over within the first round", "rate"),
    ]
    rows += [(("ending", key), f"ending: {label}", "rate") for key, label in module.ENDINGS.items()]
    return rows + [  # how the games felt (pnp.simulate.feel)
        (("feel", key), label, "rate" if kind == "share" else "mean")
        for key, (label, kind) in MEASURES.items()
    ]


def _row(pair, games: int, **fields) -> dict:
    diff = pair.difference(games) if pair else None
    if diff is None:
        return {
            **fields,
            "a": None,
            "b": None,
            "difference": None,
            "interval": None,
            "excludes_0": False,
        }
    bounds = diff["interval"]
    return {
        **fields,
        "a": _r(diff["a"]),
        "b": _r(diff["b"]),
        "difference": _r(diff["difference"]),
        "interval": [_r(bounds[0]), _r(bounds[1])] if bounds else None,
        "excludes_0": diff["excludes_0"],
    }


def _figure_rows(
    figure_a: Figure, figure_b: Figure, pairs: PairTally, values_a: list[dict], values_b: list[dict]
) -> list[dict]:
    """One figure's rows: each card of A, then each card only B has. A card in one data
    set only carries that set's own value and interval, and its id in its label (a
    renamed card is one of each, under one name); a card whose label differs in B
    (its points changed, say) shows both."""
    by_key_a = {v["key"]: v for v in values_a}
    by_key_b = {v["key"]: v for v in values_b}
    keys = list(figure_a.labels) + [k for k in figure_b.labels if k not in figure_a.labels]
    rows = []
    for key in keys:
        a_label, b_label = figure_a.labels.get(key), figure_b.labels.get(key)
        label = a_label or b_label
        if a_label is None or b_label is None:
            label = f"{label} [{key}]"
        elif a_label != b_label:
            label = f"{a_label} (B: {b_label})"
        base = {"figure": figure_a.title, "kind": figure_a.kind, "key": key, "label": label}
        if key not in figure_b.labels or key not in figure_a.labels:
            side, own = ("A", by_key_a[key]) if key in by_key_a else ("B", by_key_b[key])
            rows.append(
                {
                    **base,
                    "only": side,
                    "value": own["value"],
                    "interval": own["interval"],
                    "out_of": own["out_of"],
                    "excludes_0": False,
                }
            )
            continue
        a, b = by_key_a[key], by_key_b[key]
        row = _row(
            pairs.pairs.get((figure_a.title, key)),
            pairs.games,
            **base,
            only=None,
            a_out_of=a["out_of"],
            b_out_of=b["out_of"],
        )
        if figure_a.kind == "rate" and min(a["out_of"], b["out_of"]) < FEWEST:
            row["excludes_0"] = False  # too few to tell (report.FEWEST)
        rows.append(row)
    return rows


def compare_summary(
    job: Job,
    module: ModuleType,
    figures: dict[str, list[Figure]],
    folders: dict[str, Path],
    outcome: Outcome,
) -> dict:
    """The JSON-ready comparison: each data set's folder, B's own summary per player
    count (A's is the run's), and per player count every difference: the run-level
    measures, then each figure's cards."""
    own, other = job.arms[0].data, job.arms[1].data
    counts = []
    b_counts = []
    for n in job.players:
        pairs = outcome.pairs[n]
        a_count = count_summary(job, job.arms[0], module, figures[own], outcome.tallies[0][n])
        b_count = count_summary(job, job.arms[1], module, figures[other], outcome.tallies[1][n])
        b_counts.append(b_count)
        rows = [
            _row(
                pairs.pairs.get(key),
                pairs.games,
                figure=None,
                kind=kind,
                key=list(key),
                label=label,
                only=None,
            )
            for key, label, kind in _measure_rows(module, n)
        ]
        for fa, fb, va, vb in zip(
            figures[own], figures[other], a_count["figures"], b_count["figures"]
        ):
            if fa.kind != "timeline":
                rows += _figure_rows(fa, fb, pairs, va["values"], vb["values"])
        counts.append(
            {
                "players": n,
                "games": pairs.games,
                "differences": rows,
                "flagged": sum(r["excludes_0"] for r in rows),
            }
        )
    return {
        "a": {"data": str(folders[own])},
        "b": {"data": str(folders[other]), "by_players": b_counts},
        "by_players": counts,
    }


def _shown(value: float | None, kind: str) -> str:
    if value is None:
        return "n/a"
    return percent(value) if kind == "rate" else f"{value:.2f}"


def _difference(row: dict) -> str:
    """ "A 27.0% B 25.1%: −1.9 points [−4.0, 0.2]" (a mean: in its own units)."""
    kind = row["kind"]
    if row["difference"] is None:
        return "not reached in both"
    scale, unit = (100, " points") if kind == "rate" else (1, "")
    bounds = (
        ""
        if row["interval"] is None
        else " [{:+.1f}, {:+.1f}]".format(*(scale * x for x in row["interval"]))
    )
    mark = " *" if row["excludes_0"] else ""
    return (
        f"A {_shown(row['a'], kind)} B {_shown(row['b'], kind)}: "
        f"{scale * row['difference']:+.1f}{unit}{bounds}{mark}"
    )


def compare_lines(compare: dict) -> list[str]:
    """The terminal's comparison: per player count every run-level difference, then the
    cards whose difference is flagged and those in one data set only."""
    lines = [
        f"compare: A {compare['a']['data']}, B {compare['b']['data']}; the same "
        "seeds, A - B with its 95% interval paired by seed (* the interval "
        "excludes 0):"
    ]
    for count in compare["by_players"]:
        rows = count["differences"]
        lines.append(f"  {count['players']} players, {count['games']:,} games each:")
        lines += [f"    {r['label']}: {_difference(r)}" for r in rows if r["figure"] is None]
        cards = [r for r in rows if r["figure"] is not None]
        flagged = [r for r in cards if r["excludes_0"]]
        lines.append(
            f"    card rows whose difference is flagged (*), of {len(cards)}: "
            + ("" if flagged else "none")
        )
        lines += [f"      {r['figure']}: {r['label']} {_difference(r)}" for r in flagged]
        for side in ("A", "B"):
            only = [r for r in cards if r.get("only") == side]
            if only:
                lines.append(
                    f"    only in {side}: "
                    + "; ".join(
                        f"{r['figure']}: {r['label']} {_shown(r['value'], r['kind'])}" for r in only
                    )
                )
    return lines
