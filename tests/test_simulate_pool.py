"""`pnp simulate` on local worker processes when one of them is lost (issue 42, item
1a: `pool.imap` waited for ever for the piece a killed worker was playing): the pieces
not yet given are played again in a new pool, with the same figures as one process;
a worker lost again and again stops the run with one line. Every wait is bounded: the
run plays in a thread the test gives up on."""

from __future__ import annotations

import json
import os
import signal

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.core.errors import PnpError
from pnp.simulate import run
from tests.bounded import within

#: seconds a test waits for a run at most before it calls the run hung
HUNG = 120
RUN = ("--game", "hack-back", "--players", "2-3", "--games", 120, "--seed", 7, "--json", "--no-pdf")


def cli(*args):
    """`pnp simulate ARGS`, its result; the test fails if it hangs (tests.bounded)."""

    def call():
        return CliRunner().invoke(main, ["simulate", *map(str, args)])

    return within(HUNG, call, "the run, after a worker process was lost,")[0]


def dying(flag_dir, times: int, how: int):
    """A stand-in for run.play_chunk whose worker process kills itself with signal
    `how` (a pool worker takes SIGTERM's default action: run._start_worker) the first `times` pieces it is given across the run (counted in files under
    `flag_dir`, which the forked workers share), then plays as the real one does. (The
    forked workers look play_chunk up in their copy of the module; the function the
    pool sends, run._play_piece, is the real one.)"""
    real = run.play_chunk

    def play(*piece):
        for n in range(times):
            try:
                os.close(os.open(flag_dir / f"lost-{n}", os.O_CREAT | os.O_EXCL))
            except FileExistsError:
                continue
            os.kill(os.getpid(), how)
        return real(*piece)

    return play


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["kill-9", "sigterm"])
def test_a_lost_worker_has_its_pieces_played_again_with_the_same_figures(
    monkeypatch, tmp_path, how
):
    one = cli(*RUN, "--workers", 1)
    monkeypatch.setattr(run, "play_chunk", dying(tmp_path, 1, how))
    two = cli(*RUN, "--workers", 2)
    assert (tmp_path / "lost-0").exists(), "no worker was lost: the test tested nothing"
    assert one.exit_code == two.exit_code == 0, two.output
    assert json.loads(two.stdout) == json.loads(one.stdout)


def test_a_worker_lost_again_and_again_stops_the_run_in_one_line(monkeypatch, tmp_path):
    monkeypatch.setattr(run, "play_chunk", dying(tmp_path, 1000, signal.SIGKILL))
    result = cli(*RUN, "--workers", 2)
    assert result.exit_code == 1, result.output
    lost = run.LOST_POOLS_MOST + 1
    assert result.output == (
        f"Error: a simulation worker process was lost {lost} times (killed, or out of "
        "memory); the run is stopped. Try fewer --workers.\n"
    )


def test_the_library_raises_the_same_error(monkeypatch, tmp_path):
    """run.run, as a program calling the library sees it: PnpError, not a hang."""
    from pnp.core.paths import SHIPPED_DATA_DIR
    from pnp.simulate.balance import SimulateOptions, simulate_game

    monkeypatch.setattr(run, "play_chunk", dying(tmp_path, 1000, signal.SIGKILL))
    options = SimulateOptions(
        "hack-attack", SHIPPED_DATA_DIR, tmp_path, games=40, players=(2,), pdf=False, workers=2
    )
    with pytest.raises(PnpError, match="lost 4 times"):
        simulate_game(options)
