"""The faces of a kit checked in a second process while this one draws them (issue 41
item 4: the build's second core): `pnp build` lays every face out and checks it there
(pnp.validate.FaceChecks, every face in report order) and draws the faces here
unchecked, so the checks cost the drawing no time. The faults are the same, in the same
order, as a FaceChecks handed to the painter finds: each face's faults depend on the
face alone, and `problems()` sorts them by face.

A face with an error is drawn all the same; when drawing it fails, the build asks which
faces cannot be drawn (`stops`) and reports the checks' errors, as it would have without
drawing that face. Where no second process can be started (no `os.fork`, a process with
other threads: pnp.render.alongside), `checks_alongside` gives None and the build checks
each face as it first draws it.
"""

from __future__ import annotations

import base64
import pickle
from functools import partial
from typing import Any

from pnp.core.errors import Problem
from pnp.layout.card_frame import CardFrame
from pnp.render.alongside import Alongside
from pnp.validate import FaceChecks


class ChecksAlongside:
    """Every face of `kit` (its `data`, on `frame`) checked in the forked process `work`."""

    def __init__(self, work: Alongside):
        self._work = work
        self._found: tuple[list[Problem], set[tuple[str, str]]] | None = None

    def _result(self) -> tuple[list[Problem], set[tuple[str, str]]]:
        if self._found is None:
            problems, undrawable = pickle.loads(base64.b64decode(self._work.result()))
            self._found = problems, undrawable
        return self._found

    def problems(self) -> list[Problem]:
        """Every face's faults, as FaceChecks.problems gives them (waits for them)."""
        return self._result()[0]

    def stops(self, face: tuple[str, str] | None) -> bool:
        """Whether `face` (("card", id) or ("back", back id), as KitPainter.drawing names
        it) has an error: drawing it may fail, and the build reports the errors."""
        return face in self._result()[1]

    def close(self) -> None:
        """Wait for the process if the build failed before its answer was read."""
        self._work.close()


def checks_alongside(kit: Any, data: Any, frame: CardFrame) -> ChecksAlongside | None:
    """Start checking every face of `kit` in a second process, or None when none can be
    started (the caller checks each face as it draws it)."""
    work = Alongside(partial(_every_face, kit, data, frame))
    if not work.forked:
        return None
    work.send()
    return ChecksAlongside(work)


def _every_face(kit: Any, data: Any, frame: CardFrame) -> str:
    """In the second process: every face laid out and checked, its problems and the faces
    that cannot be drawn, pickled (the process answers in JSON)."""
    checks = FaceChecks(kit, data, frame)
    checks.rest()
    found = (checks.problems(), checks.undrawable)
    return base64.b64encode(pickle.dumps(found)).decode("ascii")
