"""Every speed cache of the score keeper, in one place: what is cached, its key, and when
it is dropped. None of them changes an answer; each only saves work a command would
otherwise do again.

1. The table a command replayed, and the table as it stands (`replayed`/`remember_replay`
   and `current`/`remember_current`): per open Store, keyed by `Store.log_key` (which
   changes whenever the file could have changed: any write by another connection or by
   this one, or rows rolled back). A verb reads its game, then `record` reads it again
   in its write transaction: the second read is free. Dropped with the Store.
2. Card views (`open_store`, `keep_view`, `write_views`): what the table needs of a
   game's cards (scorekeeper.cards.card_view), kept in the database's card_views table
   keyed by what it was made from (data files and code, sizes and times). A view made
   by a command is written with that command's next log row, in its transaction
   (`write_views`, called by the session after each append), so a refused or read-only
   command changes nothing.
3. Saved states (the snapshots table, scorekeeper.snapshot): written by the session,
   dropped by the store's triggers when a log row is changed or removed by hand.
4. The card data itself, once per process (scorekeeper.cards: functools.lru_cache).
"""

from __future__ import annotations

import weakref
from typing import Any

#: Store -> {"replayed": (key, table, states), "current": (key, current)}; weak, so a
#: closed and dropped Store takes its memos with it.
_MEMOS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
#: Store -> {game: (key, view text)}: card views made by this command, not yet written.
_VIEWS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
#: The Store the running command has open (scorekeeper.context.Ctx sets it), if any.
_OPEN: list[Any] = []


def _memo(store) -> dict:
    try:
        return _MEMOS.setdefault(store, {})
    except TypeError:  # a store that cannot be weakly referenced: no memo
        return {}


def replayed(store, key: tuple):
    """(table, states) this Store replayed at log key `key`, or None."""
    known = _memo(store).get("replayed")
    return (known[1], known[2]) if known is not None and known[0] == key else None


def remember_replay(store, key: tuple, table, states: list) -> None:
    """Keep the table replayed at `key` and its states (the state before the first step
    and after each)."""
    _memo(store)["replayed"] = (key, table, states)


def current(store, key: tuple):
    """The `session.Current` this Store read at log key `key`, or None."""
    known = _memo(store).get("current")
    return known[1] if known is not None and known[0] == key else None


def remember_current(store, key: tuple, now) -> None:
    """Keep the `session.Current` read at `key`."""
    _memo(store)["current"] = (key, now)


def use(store) -> None:
    """`store` is the running command's open database (None: it has none now)."""
    _OPEN[:] = [store] if store is not None else []


def forget(store) -> None:
    """`store` is closed: it is no longer the running command's open database."""
    if _OPEN and _OPEN[0] is store:
        _OPEN.clear()


def open_store():
    """The database the running command has open, or None."""
    return _OPEN[0] if _OPEN else None


def keep_view(store, game: str, key: str, view: str) -> None:
    """Keep a card view made by this command, to be written with its next log row."""
    try:
        _VIEWS.setdefault(store, {})[game] = (key, view)
    except TypeError:
        pass


def write_views(store) -> None:
    """Write the card views this command made (`keep_view`) in its open transaction,
    right after a log row was appended, and forget them."""
    pending = _VIEWS.pop(store, None) if _weakable(store) else None
    if pending:
        store.keep_card_views(pending)


def _weakable(store) -> bool:
    try:
        weakref.ref(store)
    except TypeError:
        return False
    return True
