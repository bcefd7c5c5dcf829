"""The web page of `scorekeeper serve` as a Starlette application: HTML made on the
server (Jinja2 templates in this package), a few lines of script (live updates by
server-sent events, the fields a choice brings), nothing fetched from elsewhere. Every
address starts with the table's key, /t/KEY/ (scorekeeper.web.keys); the one middleware
(scorekeeper.web.guard.Guard) checks it, the Host, a post's origin, body and token, and
adds the security headers, before any route runs.

  GET  /t/KEY/                the table, the moves legal now (?game=N: another game)
  GET  /t/KEY/live            the part of the page that changes (the script swaps it in)
  GET  /t/KEY/events          server-sent events: "change" whenever the file changes
  GET  /t/KEY/status.json     what `scorekeeper status --json` prints
  GET  /t/KEY/moves.json      what `scorekeeper moves --json` prints
  GET  /t/KEY/history         every action of the game, newest first (?page=N)
  GET  /t/KEY/stats           the `scorekeeper stats` figures of the file
  GET  /t/KEY/form/MOVE       a move's fields for the values chosen so far (the script's)
  GET  /t/KEY/static/NAME     the page's style sheet and script
  POST /t/KEY/do/MOVE         a move's form (MOVE undo and redo: those buttons)
  POST /t/KEY/new             the New game form; /t/KEY/rematch: a Rematch button
  POST /t/KEY/api/MOVE        {"values": {...}}: a move for scripts (undo, redo too)

A move is recorded through the library call the command line makes
(scorekeeper.play.record_move), never by running a command: refused by the rules it is
answered 422 with the rules' one-line reason, a malformed one 400, and records nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections import OrderedDict
from importlib import resources
from pathlib import Path
from typing import Any, Callable
from urllib.parse import parse_qsl, urlencode

import anyio
from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup, escape
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    RedirectResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Route

from pnp.core.records import NamedTuple
from scorekeeper.colours import PALETTE
from scorekeeper.errors import InputError, ScoreError
from scorekeeper.web import guard, page
from scorekeeper.web.keys import WRITE, KeyRing, Keys
from scorekeeper.web.watcher import Watcher
from scorekeeper.web.writes import Done, Said, Writes, status_of

#: The addresses under /t/KEY/ read with GET ("" the page itself; static/ and form/
#: take a name after them).
KNOWN = ("", "live", "events", "status.json", "moves.json", "history", "stats")
#: The page's own files (scorekeeper/web/static), by name: nothing else is served.
STATIC = {"page.css": "text/css", "live.js": "text/javascript"}


class Serving(NamedTuple):
    """What the application serves: the database `db`, its `keys` (those the server
    starts with: a change of the keys file replaces them, scorekeeper.web.keys.KeyRing),
    the game `pinned` (`serve --game N`; None: the newest, or the one a link asks for),
    the `hosts` its links name (a request naming another host in its Host header is
    refused: a page of another site whose name was pointed at this computer, DNS
    rebinding), and `data`: a data folder whose data-only games a table may start
    (`serve --data DIR`; None: the registered games only)."""

    db: Path
    keys: Keys
    pinned: int | None = None
    hosts: tuple[str, ...] = ("127.0.0.1", "localhost")
    data: str | None = None


def make_app(serving: Serving) -> Starlette:
    """The Starlette application serving `serving` (see the module's text)."""
    templates = Environment(
        loader=PackageLoader("scorekeeper.web", "templates"),
        autoescape=select_autoescape(default=True),
        trim_blocks=True,
        lstrip_blocks=True,
        auto_reload=False,  # the package's templates do not change while it serves
    )
    templates.tests["numeric"] = _numeric
    templates.filters["isolated"] = isolated
    tokens = guard.Tokens()
    said: OrderedDict[str, Said] = OrderedDict()
    watcher = Watcher(serving.db)
    ring = KeyRing(serving.db, serving.keys)
    writes = Writes(serving.db, serving.data)

    def chosen(request: Request) -> int | None:
        if serving.pinned is not None:
            return serving.pinned
        typed = request.query_params.get("game", "")
        if typed and not (typed.isascii() and typed.isdigit() and 0 < int(typed) < 2**63):
            raise guard.Refused(400, "?game= takes a game number such as 2")
        return int(typed) if typed else None

    def render(request: Request, name: str, status: int = 200, **extra) -> HTMLResponse:
        """Template `name` with the table (Page) and everything the page shows."""
        game_id, whole = chosen(request), name == "page.html"
        view = page.View(extra.pop("table", None))
        if view.page is None:
            view = page.read_view(serving.db, game_id, extra.get("chosen"), whole)
        if view.error is not None and status == 200:
            status = 404 if isinstance(view.error, InputError) else 503
        lang = _language(request, view.page)
        if lang:
            view = view._replace(page=in_language(view.page, lang))
        html = templates.get_template(name).render(
            page=view.page,
            problem=view.problem,
            writable=request.state.access == WRITE,
            token=tokens.issue,
            games=view.games,
            offered=writes.offered() if whole else (),
            known=view.known,
            seats=view.seats,
            palette=PALETTE if whole else (),
            pinned=serving.pinned,
            here=_query(game_id, **({"lang": lang} if lang else {})),
            base=f"/t/{request.path_params['key']}/",
            said=said.get(request.query_params.get("said", "")),
            **{"refused": "", "open": "", **extra},
        )
        return HTMLResponse(html, status)

    async def off_thread(work: Callable[[], Any]) -> Any:
        return await anyio.to_thread.run_sync(work)

    async def home(request: Request) -> Response:
        return await off_thread(lambda: render(request, "page.html"))

    async def live(request: Request) -> Response:
        return await off_thread(lambda: render(request, "fragment.html"))

    async def shown(request: Request) -> page.Page:
        """The table the request asks for; Refused 404 while the file has no game."""
        table = await off_thread(lambda: page.read_page(serving.db, chosen(request)))
        if table is None:
            raise guard.Refused(404, "no game yet: start one")
        return table

    async def status_json(request: Request) -> Response:
        return JSONResponse((await shown(request)).status)

    async def moves_json(request: Request) -> Response:
        move = request.query_params.get("move")
        if move is not None:  # one move, its params for the values chosen so far
            answer = _answer(request, ("game", "move"))
            _, offered = await off_thread(lambda: writes.step(chosen(request), move, answer))
            values = writes.chosen_values(answer)
            return JSONResponse(
                {
                    **offered.move.to_json(),
                    "params": [p.to_json() for p in offered.move.all_params(values)],
                }
            )
        return JSONResponse(writes.moves_json(await shown(request)))

    async def history(request: Request) -> Response:
        number = request.query_params.get("page", "1")
        if not (number.isascii() and number.isdigit() and 0 < int(number) < 10**6):
            raise guard.Refused(400, "?page= takes a page number such as 2")
        table, lines = await off_thread(lambda: page.read_history(serving.db, chosen(request)))
        pages = max(1, -(-len(lines) // page.HISTORY_PAGE))
        at = min(int(number), pages)
        newest = list(reversed(lines))[(at - 1) * page.HISTORY_PAGE : at * page.HISTORY_PAGE]
        return await off_thread(
            lambda: render(request, "history.html", table=table, lines=newest, at=at, pages=pages)
        )

    async def stats(request: Request) -> Response:
        figures = await off_thread(writes.stats)
        return await off_thread(lambda: render(request, "stats.html", stats=figures))

    async def form(request: Request) -> Response:
        if request.state.access != WRITE:
            raise guard.Refused(403, "this is the watching link: it cannot record moves")
        move = request.path_params["move"]
        answer = _answer(request, ("game",))
        table, offer = await off_thread(lambda: writes.step(chosen(request), move, answer))
        return await off_thread(lambda: render(request, "offer_form.html", table=table, o=offer))

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC:
            raise guard.Refused(404, "no such file")
        data = resources.files("scorekeeper.web").joinpath("static", name).read_bytes()
        return Response(data, media_type=STATIC[name], headers={"Cache-Control": "max-age=300"})

    async def events(request: Request) -> Response:
        chosen(request)
        client = request.client.host if request.client else ""
        watching = request.state.access != WRITE
        why = watcher.refusal(client, watching)
        if why:
            raise guard.Refused(429, why)
        return StreamingResponse(
            watcher.stream(request, client, watching), media_type="text/event-stream"
        )

    def remember(what: Said) -> str:
        key = tokens.issue().partition(".")[0]
        said[key] = what
        while len(said) > 200:
            said.popitem(last=False)
        return key

    async def answered(request: Request, done: Done, to: str, **shown) -> Response:
        """What the page answers a write: the page again with what it `shown`s (the
        refusal, the move still open), or, once done, a redirect to the page at `to`
        (relative to the post's address) saying what was done."""
        if done.said is None:
            return await off_thread(
                lambda: render(request, "page.html", done.status, refused=done.refused, **shown)
            )
        return RedirectResponse(f"{to}?{_query(None, said=remember(done.said))}", 303)

    async def do(request: Request) -> Response:
        move, game_id = request.path_params["move"], chosen(request)
        form = request.state.form
        done = await off_thread(lambda: writes.move(game_id, move, form))
        follow = (form.get("follow") or [""])[0]
        if done.said is not None and follow:  # stay on this game, in its language
            lang = {k: v for k, v in parse_qsl(follow) if k == "lang"}
            return RedirectResponse(
                f"./../?{_query(game_id, said=remember(done.said), **lang)}", 303
            )
        return await answered(
            request, done, "./../", open=move, chosen={move: done.values}, asking=done.asking
        )

    async def new(request: Request) -> Response:
        done = await off_thread(lambda: writes.new(request.state.form))
        return await answered(request, done, "./", open="new", answer=request.state.form)

    async def rematch(request: Request) -> Response:
        done = await off_thread(lambda: writes.rematch(chosen(request), request.state.form))
        return await answered(request, done, "./")

    async def api(request: Request) -> Response:
        move, game_id = request.path_params["move"], chosen(request)
        values, seen = request.state.values, request.state.seen
        done = await off_thread(lambda: writes.api(game_id, move, values, seen))
        return JSONResponse(done, 200 if done["ok"] else done.pop("status"))

    async def refused(request: Request, exc: Exception) -> Response:
        if isinstance(exc, ScoreError):  # no such game (404), the file unusable (503)
            exc = guard.Refused(status_of(exc), str(exc))
        elif isinstance(exc, HTTPException):
            why = "no such page" if exc.status_code == 404 else "this address takes no such request"
            exc = guard.Refused(exc.status_code, why)
        assert isinstance(exc, guard.Refused)
        return guard.answer(exc, request.scope, ring.access)

    async def elsewhere(request: Request) -> Response:
        """The table's address without its last slash is sent to it (307), a known
        address asked the wrong way is 405, any other 404 (the Guard let it through:
        it brought a key)."""
        key, _, rest = request.url.path.removeprefix("/t/").partition("/")
        if not rest and not request.url.path.endswith("/"):
            return RedirectResponse(f"/t/{key}/", 307)
        first = rest.partition("/")[0]
        posted = first in guard.POSTED
        if (posted or rest in KNOWN or first in ("static", "form")) and (
            (request.method in ("GET", "HEAD")) == posted
        ):
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
        Route("/t/{key}/moves.json", moves_json),
        Route("/t/{key}/history", history),
        Route("/t/{key}/stats", stats),
        Route("/t/{key}/form/{move}", form),
        Route("/t/{key}/static/{name}", static),
        Route("/t/{key}/do/{move}", do, methods=["POST"]),
        Route("/t/{key}/new", new, methods=["POST"]),
        Route("/t/{key}/rematch", rematch, methods=["POST"]),
        Route("/t/{key}/api/{move}", api, methods=["POST"]),
        Route("/{rest:path}", elsewhere, methods=["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD"]),
    ]
    guarded = Middleware(
        guard.Guard, access=ring.access, hosts=serving.hosts, tokens=tokens, write=WRITE
    )
    return Starlette(
        routes=routes,
        middleware=[guarded],
        exception_handlers={
            guard.Refused: refused,
            ScoreError: refused,
            404: refused,
            405: refused,
        },
        lifespan=lifespan,
    )


def _answer(request: Request, skip: tuple[str, ...]) -> dict[str, list[str]]:
    """The query's fields as a form's answer (field -> values), those in `skip` aside."""
    answer: dict[str, list[str]] = {}
    for name, value in request.query_params.multi_items():
        if name not in skip:
            answer.setdefault(name, []).append(value)
    return answer


def isolated(text: str, names) -> Markup:
    """`text` as HTML, each of the players' `names` in it set apart (<bdi>), so that a
    name written right to left (Arabic, Hebrew) does not carry the numbers and words
    beside it into its own direction ("محمد 3, Ben 2" stays in that order)."""
    shown = str(escape(text))
    wanted = sorted({str(escape(n)) for n in names if n}, key=len, reverse=True)
    if not wanted:
        return Markup(shown)
    pattern = "|".join(re.escape(n) for n in wanted)
    return Markup(re.sub(pattern, lambda m: f"<bdi>{m.group(0)}</bdi>", shown))


def _numeric(cell: str) -> bool:
    """True for a cell that is a number ("12", "−3", "2 (5)", or "–": none yet): set
    right-aligned."""
    return bool(cell) and all(ch.isdigit() or ch in "−-+ ()–" for ch in cell)


def _language(request: Request, table: page.Page | None) -> str:
    """The language `?lang=` asks the page to show the card names in ("" for the
    kit's source language); Refused 400 for one the game's kit is not printed in."""
    from scorekeeper.languages import languages_of

    lang = request.query_params.get("lang", "")
    if not lang or table is None:
        return ""
    known = languages_of(table.game.id)
    if lang not in known:
        raise guard.Refused(400, f"?lang= takes a language of this kit: {', '.join(known)}")
    return "" if lang == known[0] else lang


def in_language(table: page.Page | None, lang: str) -> page.Page | None:
    """`table` with its card, category and game names in `lang` (scorekeeper.languages):
    on its board, in its recent actions, its result and the labels of its moves' choices;
    what a form sends back stays as it is."""
    from scorekeeper.languages import name_map, shown_in

    if table is None:
        return None
    return shown_in(table, name_map(table.game.id, lang), KEEP)


#: the fields of a page's parts that are not shown words (what forms send, the JSON)
KEEP = frozenset(
    {"row", "game", "status", "colours", "value", "values", "name", "move", "player", "logged"}
)


def _query(game_id: int | None, **more: str) -> str:
    return urlencode({**({"game": game_id} if game_id is not None else {}), **more})
