"""SVG files converted on two cores when the cache lacks them (issue 41 item 4: a cold
cache is spread over both cores). A build that writes its rule files starts a second
process early (pnp.render.rule_files); while that process waits for the rulebook, it
can convert pictures too. `converting_alongside(send)` names, for the loading it wraps,
the function that hands it files; `prefetch(paths)`, called with every SVG of a table
before they are probed one by one (pnp.data.icons), hands it those pnp.data.svg_cache
lacks. The second process converts them from the last one back (`convert_from_last`)
while this one probes them from the first on: each is looked for in the cache just
before it is converted (pnp.data.svg._converted), so a file the other process has
stored is read, not converted again, and the second process stops at the first file it
finds stored. Each is checked before svglib sees it, in either process; a file it
refuses is left to this process, which reports it as it always has. Nothing changes
what is printed: both processes store what the same svglib made of the same bytes.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from pathlib import Path

from pnp.core.errors import ImageRefused
from pnp.data import svg, svg_cache

#: The function that hands files to the second process, while a build loads its data.
_SEND: ContextVar[Callable[[list[Path]], None] | None] = ContextVar("svg_send", default=None)


@contextlib.contextmanager
def converting_alongside(send: Callable[[list[Path]], None] | None) -> Iterator[None]:
    """While the block runs, `prefetch` hands the files the cache lacks to `send`."""
    token = _SEND.set(send)
    try:
        yield
    finally:
        _SEND.reset(token)


def active() -> bool:
    """Whether files the cache lacks are handed to a second process now."""
    return _SEND.get() is not None


def prefetch(paths: list[Path]) -> None:
    """The SVG files `paths` are about to be probed: hand those whose content the cache
    lacks to the second process, when there is one (a file that cannot be read is left
    for its probe to report)."""
    send = _SEND.get()
    if send is None:
        return
    missing = []
    for path in paths:
        try:
            data, _ = svg.read_bytes(path)
        except ImageRefused:
            continue
        if not svg_cache.kept(svg_cache.content_key(data)):
            missing.append(path)
    if len(missing) > 1:  # one is converted here sooner than handed over
        send(missing)


def convert_from_last(paths: list[Path]) -> int:
    """In the second process: check, convert and store `paths` from the last one back,
    until one is found stored already (the other process got there first); a file that
    cannot be read, is refused or fails is passed over. How many were converted."""
    done = 0
    for path in reversed(paths):
        try:
            data, _ = svg.read_bytes(path)
            key = svg_cache.content_key(data)
            if svg_cache.kept(key):
                break
            svg.check_svg_bytes(data)
            svg_cache.store(key, svg_cache.convert(data))
            done += 1
        except Exception:  # noqa: BLE001 - the probe in the build's process reports it
            continue
    return done
