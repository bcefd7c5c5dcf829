"""What every request to the page passes before anything runs: the table's key in its
address, a body within its size, a form from this page (same origin, a one-time token)
or JSON of the expected shape. Each refusal is an HTTP 4xx with a one-line message and
changes nothing: 403 no key or a wrong one, a read-only key writing, a cross-site post,
a token that is not this page's; 409 a form sent twice; 413 a body too big; 415 a body
of another type; 400 a body that does not read. (OWASP's CSRF advice: a token per form
and a check of Origin / Sec-Fetch-Site.)"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import threading
from collections import OrderedDict
from urllib.parse import parse_qs, urlsplit

#: The largest body a request may carry, in bytes (a form of the page sends well under
#: 2 KiB).
MAX_BODY = 16 * 1024
#: How many used tokens are remembered (a form sent again within them is refused).
REMEMBERED = 20_000
FORM_TYPE = "application/x-www-form-urlencoded"
JSON_TYPE = "application/json"


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
    Sec-Fetch-Site same-origin), or Sec-Fetch-Site cross-site or same-site. A request with neither (curl, an old browser) passes: the key in the
    address and the form token still guard it."""
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


def read_words(body: bytes) -> list[str]:
    """The words of a JSON request {"args": ["Ana", "laptop"]}: refused 400 for a body
    that is not JSON, not such an object, or with a word that is not text."""
    try:
        sent = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise Refused(400, 'the body is not JSON; send {"args": ["WORD", ...]}') from None
    words = sent.get("args", []) if isinstance(sent, dict) else None
    if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
        raise Refused(
            400, 'send {"args": ["WORD", ...]}: a list of texts, the words after the verb'
        )
    if len(words) > 48 or any(len(w) > 120 for w in words):
        raise Refused(400, "too many or too long words for one move")
    return words
