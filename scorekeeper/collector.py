"""The garbage collector in a command's process. A command is short, and what it makes
while it loads (modules, classes, functions, the table it reads) lives to its end, so
the collector's passes over those objects are wasted work: about 8 million instructions
of `scorekeeper status` (3 %), most of them while click is imported.

Importing this module raises the threshold of the collector's first generation from
Python's 700 new objects to LOADING, which a command does not reach: it is the first
thing scorekeeper.cli imports, before click. The process keeps it (putting 700 back when
a command is done would start a pass over everything it made, which is what this
avoids); objects in reference cycles are still collected, in larger batches. `serve`,
which runs until stopped, collects as usual once it has loaded (`collect_as_usual`). The
replay of a log turns the collector off while it folds (scorekeeper.session), and
`exit_without_collecting` skips the passes at exit."""

from __future__ import annotations

import atexit
import gc

#: The first generation's threshold in a command's process: more new objects than
#: `status` keeps when it is done (about 15,000, the second threshold never reached).
LOADING = 20_000

#: The thresholds the process had before this module raised the first one.
USUAL = gc.get_threshold()


def load_without_collecting() -> None:
    """Raise the first generation's threshold to LOADING (done once, on import)."""
    gc.set_threshold(LOADING, *USUAL[1:])


def collect_as_usual() -> None:
    """Put back the thresholds the process had before (unless something has set others
    since), for a process that goes on: `serve`."""
    if gc.get_threshold() == (LOADING, *USUAL[1:]):
        gc.set_threshold(*USUAL)


def exit_without_collecting() -> None:
    """When this process exits, skip the garbage collector's passes over every object
    left (`gc.freeze` in an atexit hook, which runs before them): the operating system
    frees the whole process at once, and those passes cost a command about a tenth of
    its time. An object in a reference cycle then keeps its `__del__` unrun at exit, as
    Python allows; the store commits each transaction itself, never in one. Registered
    once; a process that goes on after `main` (a test calling it) is unchanged until it
    exits."""
    atexit.unregister(gc.freeze)
    atexit.register(gc.freeze)


load_without_collecting()
