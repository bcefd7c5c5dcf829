"""The web page of `scorekeeper serve` as a Starlette application: HTML made on the
server (Jinja2 templates in this package), a few lines of script for live updates
(server-sent events), nothing fetched from elsewhere. Every address starts with the
table's key, /t/KEY/ (scorekeeper.web.keys); anything else is 403.

  GET  /t/KEY/                the table (?game=N for another game of the file)
  GET  /t/KEY/live            the part of the page that changes (the script swaps it in)
  GET  /t/KEY/events          server-sent events: "change" whenever the file changes
  GET  /t/KEY/status.json     what `scorekeeper status --json` prints
  GET  /t/KEY/static/NAME     the page's style sheet and script
  POST /t/KEY/do/VERB         a form of the page: the verb run as the CLI runs it
  POST /t/KEY/api/VERB        {"args": [...]}: the same, for scripts

A move the rules refuse is answered 422 with the CLI's one-line reason, a malformed one
400 (click's usage message), and records nothing (scorekeeper.web.runner runs the CLI's
own command). Requests pass scorekeeper.web.guard first.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict
from importlib import resources
from pathlib import Path
from typing import NamedTuple
from urllib.parse import urlencode

import anyio
import click
from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    RedirectResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Route

from scorekeeper.errors import InputError, ScoreError
from scorekeeper.web import guard, moves, page
from scorekeeper.web.keys import WRITE, KeyRing, Keys
from scorekeeper.web.runner import Said, run
from scorekeeper.web.watcher import Watcher

#: The addresses under /t/KEY/ read with GET ("" the page itself; static/ is its files).
KNOWN = ("", "live", "events", "status.json")
#: Those of them that take only posts (a move); the others take only GET.
POSTED = ("do", "api")
#: The page's own files (scorekeeper/web/static), by name: nothing else is served.
STATIC = {"page.css": "text/css", "live.js": "text/javascript"}
#: Headers on every answer: nothing from elsewhere, no framing, no key in a
#: Referer sent elsewhere.
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
    "frame-ancestors 'none'; form-action 'self'; base-uri 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
    "X-Frame-Options": "DENY",
}


class Serving(NamedTuple):
    """What the application serves: the database `db`, its `keys` (those the server
    starts with: a change of the keys file replaces them, scorekeeper.web.keys.KeyRing),
    the command line's group `cli` (scorekeeper.cli.main: its commands are run for the
    page), the game `pinned` (`serve --game N`; None: the newest, or the one a link asks
    for), and the `hosts` its links name (a request naming another host in its Host
    header is refused: a page of another site whose name was pointed at this computer,
    DNS rebinding)."""

    db: Path
    keys: Keys
    cli: click.Group
    pinned: int | None = None
    hosts: tuple[str, ...] = ("127.0.0.1", "localhost")


def make_app(serving: Serving) -> Starlette:
    """The Starlette application serving `serving` (see the module's text)."""
    templates = Environment(
        loader=PackageLoader("scorekeeper.web", "templates"),
        autoescape=select_autoescape(default=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    templates.tests["numeric"] = _numeric
    tokens = guard.Tokens()
    said: OrderedDict[str, Said] = OrderedDict()
    watcher = Watcher(serving.db)
    ring = KeyRing(serving.db, serving.keys)

    def access(request: Request) -> str:
        guard.known_host(request.headers, serving.hosts)
        level = ring.access(request.path_params.get("key", ""))
        if level is None:
            raise guard.Refused(403, "this page needs the table's link (with its key)")
        return level

    def chosen(request: Request) -> int | None:
        if serving.pinned is not None:
            return serving.pinned
        typed = request.query_params.get("game", "")
        if typed and not (typed.isdigit() and 0 < int(typed) < 2**63):
            raise guard.Refused(400, "?game= takes a game number such as 2")
        return int(typed) if typed else None

    def render(request: Request, name: str, level: str, status: int = 200, **extra) -> HTMLResponse:
        game_id = chosen(request)
        try:
            table = page.read_page(serving.cli, serving.db, game_id)
            problem = ""
        except ScoreError as exc:
            table, problem = None, str(exc)
            status = status if status != 200 else 404 if isinstance(exc, InputError) else 503
        try:
            games = page.listed_games(serving.db)
        except ScoreError:
            games = ()
        html = templates.get_template(name).render(
            page=table,
            problem=problem,
            writable=level == WRITE,
            token=tokens.issue,
            games=games,
            offered=_offered(),
            pinned=serving.pinned,
            here=_query(game_id),
            base=f"/t/{request.path_params['key']}/",
            said=said.get(request.query_params.get("said", "")),
            **{"answer": {}, "verb": "", **extra},
        )
        return HTMLResponse(html, status, headers=HEADERS)

    async def home(request: Request) -> Response:
        level = access(request)
        return await anyio.to_thread.run_sync(lambda: render(request, "page.html", level))

    async def live(request: Request) -> Response:
        level = access(request)
        return await anyio.to_thread.run_sync(lambda: render(request, "fragment.html", level))

    async def status_json(request: Request) -> Response:
        access(request)
        game_id = chosen(request)
        table = await anyio.to_thread.run_sync(page.read_page, serving.cli, serving.db, game_id)
        if table is None:
            raise guard.Refused(404, "no game yet: start one")
        return JSONResponse(table.status, headers=HEADERS)

    async def static(request: Request) -> Response:
        access(request)
        name = request.path_params["name"]
        if name not in STATIC:
            raise guard.Refused(404, "no such file")
        data = resources.files("scorekeeper.web").joinpath("static", name).read_bytes()
        return Response(
            data, media_type=STATIC[name], headers={**HEADERS, "Cache-Control": "max-age=300"}
        )

    async def events(request: Request) -> Response:
        access(request)
        chosen(request)
        return StreamingResponse(
            watcher.stream(request), media_type="text/event-stream", headers=HEADERS
        )

    async def body_of(request: Request, level: str) -> bytes:
        if level != WRITE:
            raise guard.Refused(403, "this is the watching link: it cannot record moves")
        guard.same_origin(request.headers, request.headers.get("host", ""))
        guard.declared_size(request.headers)
        body = bytearray()
        async for chunk in request.stream():
            body += chunk
            if len(body) > guard.MAX_BODY:
                raise guard.Refused(413, f"the body is over {guard.MAX_BODY // 1024} KiB")
        return bytes(body)

    async def posted(request: Request, kind: str) -> tuple[str, bytes, str, int | None]:
        """A move's request, past the guards: (access, body, verb, game number)."""
        level = access(request)
        body = await body_of(request, level)
        guard.body_type(request.headers, kind)
        return level, body, request.path_params["verb"], chosen(request)

    async def do(request: Request) -> Response:
        level, body, verb, game_id = await posted(request, guard.FORM_TYPE)
        answer = guard.read_form(body)
        words = await anyio.to_thread.run_sync(
            moves.form_words, serving.cli, serving.db, game_id, verb, answer
        )
        tokens.spend((answer.get("token") or [""])[0])
        result = await anyio.to_thread.run_sync(
            run, serving.cli, serving.db, words, _target(verb, game_id)
        )
        if not result.ok:
            status = _http_status(result)
            return await anyio.to_thread.run_sync(
                lambda: render(
                    request, "page.html", level, status, refused=result, verb=verb, answer=answer
                )
            )
        after = await anyio.to_thread.run_sync(
            page.read_page, serving.cli, serving.db, _target(verb, game_id)
        )
        key = tokens.issue().partition(".")[0]
        said[key] = result._replace(lines=page.reported(result.lines, after))
        while len(said) > 200:
            said.popitem(last=False)
        followed = verb != "new" and bool((answer.get("follow") or [""])[0])
        back = _query(game_id if followed else None, said=key)
        return RedirectResponse(f"./../?{back}", 303, headers=HEADERS)

    async def api(request: Request) -> Response:
        _, body, verb, game_id = await posted(request, guard.JSON_TYPE)
        words = guard.read_words(body)
        table = await anyio.to_thread.run_sync(
            moves.known_verb, serving.cli, serving.db, game_id, verb
        )
        words = moves.api_words(table, verb, words)
        result = await anyio.to_thread.run_sync(
            run, serving.cli, serving.db, [verb, *words], _target(verb, game_id)
        )
        status = 200 if result.ok else _http_status(result)
        return JSONResponse(
            {"ok": result.ok, "lines": list(result.lines), "error": result.error},
            status,
            headers=HEADERS,
        )

    async def refused(request: Request, exc: Exception) -> Response:
        if isinstance(exc, ScoreError):  # no such game (404), the file unusable (503)
            exc = guard.Refused(404 if isinstance(exc, InputError) else 503, str(exc))
        assert isinstance(exc, guard.Refused)
        path = request.url.path
        if "json" in request.headers.get("accept", "") or "/api/" in path or path.endswith(".json"):
            return JSONResponse({"ok": False, "error": exc.message}, exc.status, headers=HEADERS)
        key = request.path_params.get("key", "")
        back = f"/t/{key}/" if ring.access(key) else None
        return HTMLResponse(_refusal_page(exc.message, back), exc.status, headers=HEADERS)

    async def elsewhere(request: Request) -> Response:
        """403 without a key; with one, the table's address without its last slash is
        sent to it (307), a known address asked the wrong way is 405, any other 404."""
        key, _, rest = request.url.path.removeprefix("/t/").partition("/")
        if not request.url.path.startswith("/t/") or ring.access(key) is None:
            raise guard.Refused(403, "this page needs the table's link (with its key)")
        guard.known_host(request.headers, serving.hosts)
        if not rest and not request.url.path.endswith("/"):
            return RedirectResponse(f"/t/{key}/", 307, headers=HEADERS)
        first = rest.partition("/")[0]
        wants = POSTED if first in POSTED else KNOWN if rest in KNOWN else ()
        if wants and (request.method in ("GET", "HEAD")) == (wants is POSTED):
            raise guard.Refused(405, "this address takes no such request")
        raise guard.Refused(404, "no such page")

    @contextlib.asynccontextmanager
    async def lifespan(app):
        task = asyncio.create_task(watcher.watch())
        try:
            yield
        finally:
            watcher.stop()
            task.cancel()

    routes = [
        Route("/t/{key}/", home),
        Route("/t/{key}/live", live),
        Route("/t/{key}/events", events),
        Route("/t/{key}/status.json", status_json),
        Route("/t/{key}/static/{name}", static),
        Route("/t/{key}/do/{verb}", do, methods=["POST"]),
        Route("/t/{key}/api/{verb}", api, methods=["POST"]),
        Route("/{rest:path}", elsewhere, methods=["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD"]),
    ]
    return Starlette(
        routes=routes,
        exception_handlers={
            guard.Refused: refused,
            ScoreError: refused,
            404: _not_found,
            405: _not_allowed,
        },
        lifespan=lifespan,
    )


def _http_status(result: Said) -> int:
    """A refused command's HTTP status: 400 for click's usage error (exit status 2: a
    missing or malformed word), 422 for a move the rules or the cards refuse."""
    return 400 if result.status == 2 else 422


def _numeric(cell: str) -> bool:
    """True for a cell that is a number ("12", "−3", "2 (5)"): set right-aligned."""
    return bool(cell) and all(ch.isdigit() or ch in "−-+ ()" for ch in cell)


def _target(verb: str, game_id: int | None) -> int | None:
    """The --game a verb runs with: none for `new` (it starts one)."""
    return None if verb == "new" else game_id


def _offered() -> tuple:
    """(id, name, variants) of each game a table can start (scorekeeper.games.all_games;
    `new` refuses one whose verbs the CLI leaves out, with its reason)."""
    from scorekeeper.games import all_games

    return tuple((g.id, g.name, g.variants) for g in all_games())


def _query(game_id: int | None, **more: str) -> str:
    return urlencode({**({"game": game_id} if game_id is not None else {}), **more})


def _refusal_page(message: str, back: str | None = None) -> str:
    """A refusal's page: its one-line `message`, and a link to the table at `back`
    (given only to a request that brought a key)."""
    from html import escape

    link = f"<p><a href='{escape(back)}'>Back to the table</a></p>" if back else ""
    return (
        "<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'>"
        "<link rel=icon href='data:,'>"
        f"<title>Hack Pack score keeper</title><p>{escape(message)}</p>{link}"
    )


async def _not_found(request: Request, exc: Exception) -> Response:
    return HTMLResponse(_refusal_page("no such page"), 404, headers=HEADERS)


async def _not_allowed(request: Request, exc: Exception) -> Response:
    return HTMLResponse(_refusal_page("this address takes no such request"), 405, headers=HEADERS)
