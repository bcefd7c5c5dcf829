"""`scorekeeper serve`: the table on every phone. Starts the web page
(scorekeeper.web.app) over the same database and the same rules as the command line,
on this computer only by default (127.0.0.1), or with --lan on the local network, with
a QR code of the link (in the terminal and as a PNG beside the database). Importing this
module imports click only; the server's parts load when the command runs."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from pnp.core.terminal import echo
from scorekeeper.collector import collect_as_usual
from scorekeeper.context import Whole, pass_ctx
from scorekeeper.errors import InputError

if TYPE_CHECKING:
    import socket  # imported where a socket is made: every other command starts without it

#: The port the page is served on unless --port says otherwise.
PORT = 8765


@click.command()
@click.option(
    "--port",
    type=Whole(0, 65535),
    default=PORT,
    show_default=True,
    help="The port to listen on (0: any free one, printed).",
)
@click.option(
    "--lan",
    is_flag=True,
    help="Listen on the local network (not only this computer) and print a QR code "
    "of the link; phones on the same Wi-Fi open it.",
)
@click.option(
    "--new-keys", is_flag=True, help="Make new keys: every link given out before stops working."
)
@click.option(
    "--data",
    "data_dir",
    metavar="DIR",
    help="A data folder (as pnp's --data) whose data-only games the page can start, each "
    "kept on a points sheet.",
)
@pass_ctx
def serve(ctx, port, lan, new_keys, data_dir) -> None:
    """Serve the table as a live web page, to record moves by phone. It updates by
    itself and takes moves with taps, through the same rules as these commands. Two
    links are printed: one to record, one to watch (read only); without a link's key a
    device sees nothing. --game N keeps the page on game N; else it shows the newest
    (any game by link)."""
    _serve_extra()
    import uvicorn

    from scorekeeper.store import default_path
    from scorekeeper.web.app import Serving, make_app
    from scorekeeper.web.connections import IDLE_SECONDS, TimedH11Protocol
    from scorekeeper.web.keys import table_keys

    db = ctx.db or default_path()
    if ctx.db is None:
        db.parent.mkdir(parents=True, exist_ok=True)
    elif not db.parent.is_dir():
        raise InputError(f"the database's folder {db.parent} does not exist (--db)")
    _check_database(db, ctx.game_id)
    if data_dir is not None:
        from scorekeeper.sheet_file import data_games

        sheets, problems = data_games(data_dir)
        for problem in problems:
            echo(f"Warning: {problem}; that game cannot be started", err=True)
        if not sheets:
            echo(f"Warning: {data_dir} holds no data-only game the page can start", err=True)
    keys, renewed = table_keys(db, renew=new_keys)
    if renewed:
        echo(f"Warning: {renewed}; links given out before no longer work.", err=True)
    host = "0.0.0.0" if lan else "127.0.0.1"
    listening = _listen(host, port)
    shown = _lan_address() if lan else "127.0.0.1"
    base = f"http://{shown}:{listening.getsockname()[1]}"
    record, watch = f"{base}/t/{keys.write}/", f"{base}/t/{keys.read}/"
    where = "the local network" if lan else "this computer only"
    echo(f"Serving {db} on {where}.")
    echo(f"Record: {record}")
    echo(f"Watch:  {watch}")
    if lan:
        _show_qr(record, watch, db)
    else:
        echo("Other devices: add --lan (same Wi-Fi).")
    echo("Ctrl+C stops it.")
    sys.stdout.flush()
    import socket

    hosts = ("127.0.0.1", "localhost", *((shown, socket.gethostname()) if lan else ()))
    app = make_app(Serving(db, keys, ctx.game_id, hosts, data_dir))
    collect_as_usual()  # loaded: a server runs until stopped (scorekeeper.collector)
    config = uvicorn.Config(
        app,
        http=TimedH11Protocol,  # closes idle connections and caps them (its docstring)
        timeout_keep_alive=IDLE_SECONDS,
        log_level="warning",
        access_log=False,
        server_header=False,
        timeout_graceful_shutdown=1,
        limit_concurrency=100,
        h11_max_incomplete_event_size=16 * 1024,
    )
    try:
        uvicorn.Server(config).run(sockets=[listening])
    except KeyboardInterrupt:  # uvicorn stops, then raises the Ctrl+C again for us
        pass
    echo("Stopped.")


def _check_database(db: Path, game_id: int | None) -> None:
    """Refuse now, as every other command does, a --db the page could never use (a
    folder, a device, a file that is not a score keeper's: StoreError) and a --game
    it could never show (InputError); a database not made yet is made by the first
    game the page starts."""
    from pnp.core.file_kinds import not_a_file
    from scorekeeper.errors import StoreError
    from scorekeeper.store import NoDatabase, Store

    if os.path.islink(db) and not os.path.exists(db):  # the keys would be made beside it
        raise StoreError(f"{db}: {not_a_file(db)}; name another file with --db")
    try:
        store = Store(db, create=False)
    except NoDatabase:
        if game_id is not None:
            raise InputError(f"no game with id {game_id}: {db} holds no game yet") from None
        return
    try:
        if game_id is not None:
            with store.transaction(write=False):
                store.game(game_id)
    finally:
        store.close()


#: The distributions the page runs on: the `serve` extra (pyproject.toml), by import name.
SERVE_EXTRA = ("starlette", "uvicorn", "jinja2", "segno")


def _serve_extra() -> None:
    """InputError, one line, when the `serve` extra is not installed: the base install
    keeps score at the terminal; the page needs its web server, templates and QR code."""
    from importlib.util import find_spec

    missing = [name for name in SERVE_EXTRA if find_spec(name) is None]
    if missing:
        raise InputError(
            f"the page needs the serve extra ({', '.join(missing)} not installed); "
            "install it with: pip install 'hackpack[serve]'"
        )


def _listen(host: str, port: int) -> socket.socket:
    """A socket bound to (host, port) and listening; InputError naming the port if it
    is taken or not allowed."""
    import socket

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    # every answer goes out at once: a connection kept open (a phone's) would otherwise
    # wait for the delayed acknowledgement of an answer's first part (Nagle, ~40 ms)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise InputError(
            f"cannot listen on port {port}: {exc.strerror or exc}; try another with --port"
        ) from None
    sock.listen(64)
    return sock


def _lan_address() -> str:
    """This computer's address on the local network: the one its default route leaves
    from (a UDP socket 'connected' sends nothing), else its host name's."""
    import socket

    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 1))
        return probe.getsockname()[0]
    except OSError:
        try:
            return socket.gethostbyname(socket.gethostname())
        except OSError:
            return "127.0.0.1"
    finally:
        probe.close()


def _show_qr(record: str, watch: str, db: Path) -> None:
    """The record link's QR code in the terminal (segno), and both links' as PNGs
    beside the database (owner-only: the code is the key)."""
    import segno

    from scorekeeper.web.keys import write_private

    code = segno.make(record, error="m")
    try:
        code.terminal(out=sys.stdout, compact=True, border=2)
    except UnicodeError:
        echo("(this terminal cannot draw the QR code; open the PNG below)")
    for link, suffix in ((record, "-record.png"), (watch, "-watch.png")):
        path = db.with_name(db.stem + suffix)
        from io import BytesIO

        png = BytesIO()
        segno.make(link, error="m").save(png, kind="png", scale=10, border=4)
        write_private(path, png.getvalue())
        echo(f"QR code ({'record' if suffix == '-record.png' else 'watch'}): {path}")
