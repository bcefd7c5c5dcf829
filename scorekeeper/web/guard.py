"""What every request to the page passes before anything runs, in one ASGI middleware
(`Guard`), so no handler repeats it: a Host the server's links name, the table's key in
its address, and for a post the write key, the same origin, a body within its size, a
form from this page (a one-time token) or JSON of the expected shape; and the security
headers on every answer. Each refusal is an HTTP 4xx with a one-line message and
changes nothing: 400 another Host or a body that does not read; 403 no key or a wrong
one, a read-only key writing, a cross-site post, a token that is not this page's; 409
a form sent twice; 413 a body too big; 415 a body of another type. (OWASP's CSRF
advice: a token per form and a check of Origin / Sec-Fetch-Site.)"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import secrets
import threading
from collections import OrderedDict
from html import escape
from typing import Any, Callable
from urllib.parse import parse_qs, urlsplit

from scorekeeper.web.offer import LONGEST, MOST_VALUES

#: The largest body a request may carry, in bytes (a form of the page sends well under
#: 2 KiB).
MAX_BODY = 16 * 1024
#: Seconds a post's whole body may take to arrive (a form is one packet): a body
#: promised and never sent would otherwise hold its connection and a task for ever.
BODY_SECONDS = 10
#: How many used tokens are remembered (a form sent again within them is refused).
REMEMBERED = 20_000
FORM_TYPE = "application/x-www-form-urlencoded"
JSON_TYPE = "application/json"
#: The most values a script's move names (each of its texts within the forms' limits,
#: scorekeeper.web.offer.LONGEST and MOST_VALUES).
MOST_NAMES = 24


class Refused(Exception):
    """A request refused: `status` (an HTTP 4xx) and a one-line `message`."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status, self.message = status, message


class Tokens:
    """One-time form tokens: each page's form carries one (`issue`); a post must bring
    one this server issued (an HMAC of a random nonce under a secret made at start)
    and not used before (`spend`). Thread-safe."""

    def __init__(self) -> None:
        self._secret = secrets.token_bytes(32)
        self._spent: OrderedDict[str, None] = OrderedDict()
        self._lock = threading.Lock()

    def issue(self) -> str:
        """A new token: NONCE.SIGNATURE (URL-safe text)."""
        nonce = secrets.token_urlsafe(12)
        return f"{nonce}.{self._sign(nonce)}"

    def spend(self, token: str) -> None:
        """Accept `token` once. Refused 403 for a token this server did not issue (made
        up, or from before a restart: reload the page), 409 for one already used (a
        form sent twice: the first one counted)."""
        nonce, _, signature = token.partition(".")
        if not nonce or not hmac.compare_digest(signature, self._sign(nonce)):
            raise Refused(
                403, "this form is not from this page (or the server restarted): reload the page"
            )
        with self._lock:
            if token in self._spent:
                raise Refused(409, "this form was sent already (a reload?); it is not run again")
            self._spent[token] = None
            while len(self._spent) > REMEMBERED:
                self._spent.popitem(last=False)

    def _sign(self, nonce: str) -> str:
        return hmac.new(self._secret, nonce.encode(), hashlib.sha256).hexdigest()[:32]


def known_host(headers, hosts) -> None:
    """Refused 400 for a Host header naming none of `hosts` (the names the server's
    links use; its port aside): a page of another site whose name was pointed at this
    computer (DNS rebinding) cannot reach the table, key or not."""
    name = urlsplit("//" + headers.get("host", "")).hostname or ""
    if name not in hosts:
        raise Refused(400, "this server answers only at the addresses it printed")


def same_origin(headers, host: str) -> None:
    """Refused 403 for a request another site's page sent: an Origin header naming
    another host than the request's `host` ("name:port"; "null" passes only beside
    Sec-Fetch-Site same-origin), or Sec-Fetch-Site cross-site or same-site. A request
    with neither (curl, an old browser) passes: the key in the address and the form
    token still guard it."""
    fetched = headers.get("sec-fetch-site", "")
    if fetched in ("cross-site", "same-site"):
        raise Refused(403, "a page of another site cannot record moves here")
    origin = headers.get("origin")
    if origin == "null" and fetched == "same-origin":
        return  # a browser that hides the origin but says it is this page's
    if origin is not None and urlsplit(origin).netloc != host:
        raise Refused(403, "a page of another site cannot record moves here")


def body_type(headers, expected: str) -> None:
    """Refused 415 unless the body's Content-Type is `expected` (its parameters such
    as charset aside)."""
    got = headers.get("content-type", "").split(";")[0].strip().lower()
    if got != expected:
        raise Refused(415, f"send the body as {expected}, not {got or 'no type'}")


def declared_size(headers) -> None:
    """Refused 413 for a Content-Length over MAX_BODY, 400 for one that is no number."""
    length = headers.get("content-length")
    if length is None:
        return
    if not length.isdigit():
        raise Refused(400, "the Content-Length is not a number")
    if int(length) > MAX_BODY:
        raise Refused(413, f"the body is over {MAX_BODY // 1024} KiB; a form sends far less")


def read_form(body: bytes) -> dict[str, list[str]]:
    """A form's fields from its urlencoded `body` (field -> values). Refused 400 for
    a body that is not UTF-8 or not a form."""
    try:
        text = body.decode("utf-8")
        return parse_qs(text, keep_blank_values=True, strict_parsing=bool(text), max_num_fields=200)
    except (UnicodeDecodeError, ValueError):
        raise Refused(400, "the form does not read (not UTF-8 form fields)") from None


def read_values(body: bytes) -> tuple[dict, int | None]:
    """The typed values of a JSON request {"values": {"player": "Ana", "tech":
    "laptop"}} (scorekeeper.legal: a text, a whole number, true or false, a list of
    texts, or an object of texts for an "each" value), and its "seen" if it has one
    (the rows of the game's log the script saw: the move is refused, 409, if there are
    more now): refused 400 for a body that is not JSON, not such an object, or too big
    for one move."""
    try:
        sent = json.loads(body.decode("utf-8") or "{}")
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise Refused(400, 'the body is not JSON; send {"values": {"NAME": VALUE, ...}}') from None
    values = sent.get("values", {}) if isinstance(sent, dict) else None
    if not isinstance(values, dict) or not all(_plain(v) for v in values.values()):
        raise Refused(
            400,
            'send {"values": {"NAME": VALUE, ...}}: each value a text, a whole number, '
            "true or false, a list of texts or an object of texts",
        )
    texts = [t for v in values.values() for t in _texts(v)]
    if (
        len(values) > MOST_NAMES
        or len(texts) > MOST_VALUES
        or any(len(t) > LONGEST for t in [*values, *texts])
    ):
        raise Refused(400, "too many or too long values for one move")
    seen = sent.get("seen")
    if seen is not None and (type(seen) is not int or not 0 <= seen < 2**63):
        raise Refused(400, '"seen" is the rows of the game\'s log the script saw, a whole number')
    if set(sent) - {"values", "seen"}:
        raise Refused(400, 'send {"values": {...}} and, if you like, "seen": N; nothing else')
    return values, seen


def _plain(value: Any) -> bool:
    if isinstance(value, (str, bool, int)):
        return True
    if isinstance(value, list):
        return all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and isinstance(v, (str, int)) for k, v in value.items())
    return False


def _texts(value: Any) -> list[str]:
    if isinstance(value, list):
        return [str(v) for v in value]
    if isinstance(value, dict):
        return [*value, *(str(v) for v in value.values())]
    return [str(value)]


#: Headers on every answer: nothing from elsewhere, no framing, no key in a Referer
#: sent elsewhere, nothing kept (an answer that sets its own Cache-Control keeps it).
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
    "frame-ancestors 'none'; form-action 'self'; base-uri 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
    "X-Frame-Options": "DENY",
}
#: The first part of an address under /t/KEY/ that takes a post, and its body's type.
POSTED = {"do": FORM_TYPE, "new": FORM_TYPE, "rematch": FORM_TYPE, "api": JSON_TYPE}


class Guard:
    """The page's one middleware (ASGI), before every route: the Host (`known_host`),
    the key in the address (`access`: read or write, held in the request's
    state.access), and for a post the write key, the origin (`same_origin`), the body's
    size, type and shape, read whole (state.form: a form's fields, its token spent;
    state.values and state.seen: a JSON request's); the security headers (HEADERS) on every
    answer. A refusal is answered here (`answer`), and nothing behind it runs."""

    def __init__(
        self,
        app: Callable,
        access: Callable[[str], str | None],
        hosts: tuple[str, ...],
        tokens: Tokens,
        write: str,
    ):
        self.app, self.access, self.hosts = app, access, hosts
        self.tokens, self.write = tokens, write

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        send = _with_headers(send)
        try:
            read = await self._check(scope, receive)
        except Refused as exc:
            await answer(exc, scope, self.access)(scope, receive, send)
            return
        await self.app(scope, _after_body(receive) if read else receive, send)

    async def _check(self, scope, receive) -> bool:
        """The checks above (Refused for the first that fails); True once the body of a
        post has been read here."""
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        path: str = scope["path"]
        key, _, rest = path.removeprefix("/t/").partition("/")
        level = self.access(key) if path.startswith("/t/") else None
        if level is None:
            raise Refused(403, "this page needs the table's link (with its key)")
        known_host(headers, self.hosts)
        state = scope.setdefault("state", {})
        state["access"] = level
        if scope["method"] != "POST" or rest.partition("/")[0] not in POSTED:
            return False
        if level != self.write:
            raise Refused(403, "this is the watching link: it cannot record moves")
        same_origin(headers, headers.get("host", ""))
        declared_size(headers)
        body = await _body(receive)
        kind = POSTED[rest.partition("/")[0]]
        body_type(headers, kind)
        if kind == JSON_TYPE:
            state["values"], state["seen"] = read_values(body)
            return True
        form = read_form(body)
        self.tokens.spend((form.get("token") or [""])[0])
        state["form"] = form
        return True


async def _body(receive) -> bytes:
    """The request's whole body; Refused 413 once it grows past MAX_BODY, 408 when it
    has not all come within BODY_SECONDS."""
    try:
        async with asyncio.timeout(BODY_SECONDS):
            return await _whole_body(receive)
    except TimeoutError:
        raise Refused(408, f"the request's body did not come within {BODY_SECONDS} s") from None


async def _whole_body(receive) -> bytes:
    body = bytearray()
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            raise Refused(400, "the request was cut off")
        body += message.get("body", b"")
        if len(body) > MAX_BODY:
            raise Refused(413, f"the body is over {MAX_BODY // 1024} KiB")
        if not message.get("more_body"):
            return bytes(body)


def _after_body(receive):
    """What a route reads of a request whose body the Guard read already: an empty body
    once, then what the connection says next (its end, when the client goes)."""
    given = False

    async def receiving() -> dict:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": b"", "more_body": False}
        return await receive()

    return receiving


def _with_headers(send):
    async def sending(message) -> None:
        if message["type"] == "http.response.start":
            given = {k.decode("latin-1").lower() for k, _ in message.get("headers", [])}
            extra = [
                (k.lower().encode("latin-1"), v.encode("latin-1"))
                for k, v in HEADERS.items()
                if k.lower() not in given
            ]
            message = {**message, "headers": [*message.get("headers", []), *extra]}
        await send(message)

    return sending


def answer(exc: Refused, scope, access: Callable[[str], str | None]):
    """The response to a refusal: JSON {"ok": false, "error": ...} for a script's
    request (an api/ address, a .json one, or one that accepts JSON), else a small page
    with the message and, for a request that brought a key, a link back to the table."""
    from starlette.responses import HTMLResponse, JSONResponse

    path: str = scope["path"]
    accepts = dict(scope["headers"]).get(b"accept", b"").decode("latin-1")
    if "json" in accepts or "/api/" in path or path.endswith(".json"):
        return JSONResponse({"ok": False, "error": exc.message}, exc.status)
    key = path.removeprefix("/t/").partition("/")[0]
    back = f"/t/{key}/" if path.startswith("/t/") and access(key) else None
    return HTMLResponse(refusal_page(exc.message, back), exc.status)


def refusal_page(message: str, back: str | None = None) -> str:
    """A refusal's page: its one-line `message`, and a link to the table at `back`
    (given only to a request that brought a key)."""
    link = f"<p><a href='{escape(back)}'>Back to the table</a></p>" if back else ""
    return (
        "<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'>"
        "<link rel=icon href='data:,'>"
        f"<title>Hack Pack score keeper</title><p>{escape(message)}</p>{link}"
    )
