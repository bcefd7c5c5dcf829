"""What the page writes, through the same library calls as the command line: a move
(scorekeeper.play.record_move, the typed values read off its form by
scorekeeper.web.offer), undo and redo (scorekeeper.session), a new table and a rematch
(scorekeeper.start); and what it reads for scripts and the figures page. Each answers
what the page says after it (`Said`), or why it was not done (`Done`: the rules'
reason, or the choices a move still needs). Nothing here parses a command line or
reads what a command printed."""

from __future__ import annotations

from pathlib import Path
from typing import Mapping, Sequence

from pnp.core.records import NamedTuple
from scorekeeper import session
from scorekeeper.errors import InputError, ScoreError, StoreError, UsageError
from scorekeeper.game import Automatic
from scorekeeper.legal import given
from scorekeeper.store import NoDatabase, NoGame, Store
from scorekeeper.view import head_line
from scorekeeper.web.offer import FORM_FIELDS, LONGEST, FormError, misfit, offer, values_of
from scorekeeper.web.page import LOCK, Page, open_store

#: The fields of the New game form.
NEW_FIELDS = frozenset({"token", "game", "players", "colour", "first", "variant"})
#: The value a data-only game of `serve --data DIR` is chosen by in the New game form.
DATA = "data:"


class Said(NamedTuple):
    """What the page says of what it just did: its `line`, the `details` under it (an
    Attack's check), the `steps` the rules took by themselves (one line each, details
    on a tap: scorekeeper.game.Automatic) and, when the move ended the game, the
    `result`'s head line; `notes`: the steps as the command line prints them."""

    line: str
    details: tuple[str, ...] = ()
    steps: tuple[Automatic, ...] = ()
    result: str = ""
    notes: tuple[str, ...] = ()


class Done(NamedTuple):
    """A write as the page answers it: what it `said` (None: nothing was written), the
    HTTP `status`, the one-line reason it was `refused`, the `values` the form held, and
    what a move is still `asking` for (the labels of the fields its choice brought)."""

    said: Said | None
    status: int = 200
    refused: str = ""
    values: dict = {}
    asking: tuple[str, ...] = ()


class Startable(NamedTuple):
    """A game the New game form offers: `value` sent, its `name`, its official
    `variants`, and whether the table picks who goes first (`first`)."""

    value: str
    name: str
    variants: tuple = ()
    first: bool = False


class Writes:
    """The page's writes to the database `db`; `data`: the data folder whose data-only
    games a table may start (`serve --data DIR`), or None."""

    def __init__(self, db: Path, data: str | None = None):
        self.db, self.data = db, data

    def offered(self) -> tuple[Startable, ...]:
        """The games a table can start: every registered game the score keeper keeps
        (scorekeeper.games.all_games), then the data-only games of `data`."""
        from scorekeeper.games import all_games

        games = [Startable(g.id, g.name, g.variants, g.first) for g in all_games()]
        for sheet in self.sheets():
            games.append(Startable(DATA + sheet.id, sheet.name))
        return tuple(games)

    def sheets(self) -> list:
        """The points sheets of the data-only games of `data` (none without one)."""
        from scorekeeper.sheet_file import data_games

        if self.data is None:
            return []
        try:
            return data_games(self.data)[0]
        except InputError:
            return []

    def move(self, game_id: int | None, name: str, answer: Mapping[str, Sequence[str]]) -> Done:
        """Record move `name` from its form's `answer` on game `game_id` (undo and redo
        their buttons'); a step still to choose (a card's targets) is asked for, not
        recorded."""
        try:
            seen = seen_of(answer.get("seen", ()))
            values = values_of(answer)
        except FormError as exc:
            return Done(None, 400, str(exc))
        if name in ("undo", "redo"):
            if set(answer) - set(FORM_FIELDS):
                return Done(None, 400, f"the {name} button sends no fields")
            return self._guarded(lambda store: self._undo(store, game_id, name, seen))
        return self._guarded(lambda store: self._move(store, game_id, name, values, seen), values)

    def _move(
        self,
        store: Store,
        game_id: int | None,
        name: str,
        values: dict,
        seen: int | None,
        ask: bool = True,
    ) -> Done:
        """The move in one write transaction: refused if the table changed since the
        form was made (`seen`), a step asked for (with `ask`), or recorded."""
        with store.transaction():
            table = session.current(store, game_id)
            if not unchanged(store, table.row.id, seen):
                return Done(None, 409, CHANGED, values)
            return self._recorded(store, table, name, values, ask)

    def _recorded(
        self, store: Store, table: session.Current, name: str, values: dict, ask: bool = True
    ) -> Done:
        """Move `name` of `table` with `values` recorded (scorekeeper.play.record_move):
        404 for a move its game does not have, 400 for values no form of it sends, and,
        with `ask`, the choices still to make of a move whose fields depend on them."""
        from scorekeeper.play import record_move

        game_id = table.row.id
        legal = {m.name: m for m in table.game.legal(table.state)}
        if name not in move_names(table.game):
            raise NoMove(f"{table.game.name} has no move {name[:40]!r}")
        move = legal.get(name)
        if move is not None:
            wrong = misfit(move, values)
            if wrong is not None:
                raise UsageError(f"{move.label} {wrong}")
            form = offer(move, values)
            if ask and not form.ready:
                asking = tuple(
                    f.label
                    for f in form.fields
                    if f.required and f.kind != "fixed" and not _chosen(values, f.name)
                )
                return Done(None, 200, "", values, asking)
        played = record_move(store, game_id, name, values)
        result = head_line(played.outcome) if played.outcome else ""
        return Done(
            Said(f"{played.line}.", played.said, played.steps, _plain(result), played.notes)
        )

    def _undo(self, store: Store, game_id: int | None, name: str, seen: int | None = None) -> Done:
        """Undo or redo (`name`) in one write transaction, refused if the table changed
        since the button was shown (`seen`); what it said, and the result if the game is
        over after it."""
        with store.transaction():
            table = session.current(store, game_id)
            if not unchanged(store, table.row.id, seen):
                return Done(None, 409, CHANGED)
            row, after = getattr(session, name)(store, game_id)
        rules = after.game.rules
        outcome = rules.outcome(after.state)
        result = _plain(head_line(outcome)) if outcome else ""
        return Done(Said(f"{name.capitalize()}ne: {rules.describe(row.event)}.", result=result))

    def _guarded(self, write, values: dict | None = None) -> Done:
        """`write(store)` under LOCK on the database, its refusals as a Done: the
        library's reason with its HTTP status."""
        with LOCK:
            try:
                store = Store(self.db, create=False)
            except NoDatabase:
                return Done(None, 404, "no game yet: start one first", values or {})
            except ScoreError as exc:
                return Done(None, status_of(exc), str(exc), values or {})
            try:
                return write(store)
            except ScoreError as exc:
                return Done(None, status_of(exc), str(exc), values or {})
            finally:
                store.close()

    def step(self, game_id: int | None, name: str, answer: Mapping[str, Sequence[str]]):
        """(the Page, the Offer of move `name` for the values of `answer`): the fields a
        choice brings, for the page's script. Refused 404 (scorekeeper.web.guard) for a
        move not legal now, 400 for an answer no form sends."""
        from scorekeeper.web.guard import Refused
        from scorekeeper.web.page import read_page

        try:
            values = values_of(answer)
        except FormError as exc:
            raise Refused(400, str(exc)) from None
        table = read_page(self.db, game_id)
        offered = [o.move for s in (table.sections if table else ()) for o in s.offers]
        move = next((m for m in offered if m.name == name), None)
        if move is None:
            raise Refused(404, f"{name[:40]!r} is not a move legal now")
        wrong = misfit(move, values)
        if wrong is not None:
            raise Refused(400, f"{move.label} {wrong}")
        return table, offer(move, values)

    def new(self, form: Mapping[str, Sequence[str]]) -> Done:
        """Start the table the New game form describes (scorekeeper.start.start_table)."""
        from scorekeeper.start import start_table, started_line

        if set(form) - NEW_FIELDS:
            return Done(None, 400, "the New game form has no such field")
        game = (form.get("game") or [""])[0].strip()
        boxes = [b.strip() for b in form.get("players", ())]
        colours = list(form.get("colour", ())) + [""] * len(boxes)
        first = (form.get("first") or ["1"])[0].strip() or "1"
        variants = [v.strip() for v in form.get("variant", ()) if v.strip()]
        if len(boxes) > 12 or any(len(w) > LONGEST for w in (game, first, *boxes, *variants)):
            return Done(None, 400, "too many or too long names for one table")
        if not first.isdigit() or not 1 <= int(first) <= max(len(boxes), 1):
            return Done(None, 400, "who goes first is a seat of the form, 1 or more")
        seated = [(b, c) for b, c in zip(boxes, colours) if b]
        chosen = boxes[int(first) - 1] if boxes else ""
        if int(first) > 1 and not chosen:
            return Done(None, 422, f"seat {first}, chosen to go first, has no player")
        typed_colours = [f"{n}={c}" for n, c in seated if c.strip()]
        data = None
        if game.startswith(DATA):
            data, game = self.data, game.removeprefix(DATA)
            if data is None:
                return Done(None, 400, "this server keeps no data-only games (serve --data DIR)")
        lead = chosen if seated and chosen and chosen != seated[0][0] else None
        try:
            table = start_table(
                lambda: Store(self.db, create=True),
                game,
                [n for n, _ in seated],
                variants,
                lead,
                typed_colours,
                data,
            )
        except ScoreError as exc:
            return Done(None, status_of(exc), str(exc))
        return Done(Said(started_line(table)))

    def rematch(self, game_id: int | None, form: Mapping[str, Sequence[str]]) -> Done:
        """The same game again (scorekeeper.start.rematch), from the next player on when
        the form asks (`rotate`); refused if a game was started since the button was
        shown (its `seen`: the games in the file then), so a second tap starts nothing."""
        from scorekeeper.start import rematch, started_line

        if set(form) - {"token", "rotate", "seen"}:
            return Done(None, 400, "the Rematch button sends no such field")
        try:
            seen = seen_of(form.get("seen", ()))
        except FormError as exc:
            return Done(None, 400, str(exc))
        rotate = bool((form.get("rotate") or [""])[0])

        def again(store: Store) -> Done:
            with store.transaction():
                if seen is not None and store.changes()[0] != seen:
                    return Done(
                        None, 409, "a game was started since this page was shown: look again"
                    )
                return Done(Said(started_line(rematch(store, game_id, rotate))))

        return self._guarded(again)

    def api(self, game_id: int | None, name: str, values: dict, seen: int | None = None) -> dict:
        """A script's move (undo and redo too), as JSON: {"ok": true, "said": [LINE...],
        "over": BOOL} (the lines the command line prints of it, the status table aside)
        or {"ok": false, "error": TEXT, "status": N}; `seen`: as a form's, if the script
        says which table it means (the rows of its log)."""

        def write(store: Store) -> Done:
            if name in ("undo", "redo"):
                if values:
                    raise UsageError(f"{name} takes no values")
                return self._undo(store, game_id, name, seen)
            return self._move(store, game_id, name, values, seen, ask=False)

        done = self._guarded(write)
        if done.said is None:
            return {"ok": False, "error": done.refused, "status": done.status}
        said = done.said
        lines = [*said.details, said.line, *(f"automatic: {note}" for note in said.notes)]
        return {
            "ok": True,
            "said": lines + ([said.result] if said.result else []),
            "over": bool(said.result),
        }

    @staticmethod
    def chosen_values(answer: Mapping[str, Sequence[str]]) -> dict:
        """The typed values of a query's `answer` (a step's: see `step`)."""
        return values_of(answer)

    def moves_json(self, table: Page) -> dict:
        """`scorekeeper moves --json` of the table shown."""
        from scorekeeper.moves_view import moves_json

        moves = [o.move for s in table.sections for o in s.offers]
        return moves_json(table.row, table.status, moves)

    def stats(self) -> dict | None:
        """The `stats --json` figures of every finished game (None: no file yet), each
        game's with the lines `stats` says of how its tables ended ("said")."""
        from scorekeeper import stats as figures
        from scorekeeper.stats_command import read_games

        with LOCK:
            store = open_store(self.db)
            if store is None:
                return None
            try:
                finished, unfinished = read_games(store)
            finally:
                store.close()
        summary = figures.summary(finished, len(unfinished))
        for game in summary["games"]:  # how its tables ended, as `stats` says it
            game["said"] = [line.strip() for line in figures.game_lines(game)]
        return summary


class NoMove(InputError):
    """A move no game of the table's kind has (404)."""


def move_names(game) -> set[str]:
    """The moves `game` has, whatever is legal now: its verbs but its what-if ones
    (scorekeeper.context.what_if)."""
    from scorekeeper.context import is_what_if

    return {str(v.name) for v in game.verbs if not is_what_if(v)}


#: Why a form made for a table that has changed since is not recorded.
CHANGED = (
    "the table changed since this page was shown (a move was recorded on another phone "
    "or at the terminal): nothing was recorded; look again and choose"
)


def seen_of(sent: Sequence[str]) -> int | None:
    """The table a form was made for: the rows of its game's log then (its `seen`
    field's values as sent); None when not sent. FormError for anything else."""
    texts = [s for s in sent if s]
    if not texts:
        return None
    if len(texts) > 1 or not (texts[0].isascii() and texts[0].isdigit() and len(texts[0]) < 19):
        raise FormError("seen is the table's log rows, a whole number")
    return int(texts[0])


def unchanged(store: Store, game_id: int, seen: int | None) -> bool:
    """True if game `game_id`'s log has the rows a form was made for (`seen`; None: a
    form or script that does not say)."""
    return seen is None or store.log_key(game_id)[3] == seen


def status_of(exc: ScoreError) -> int:
    """The HTTP status of an error the library raised: 400 a malformed value (the
    command line's usage error), 404 no such game, 503 a file that cannot be used, 422 a
    move, a name or a start the rules or the cards refuse."""
    if isinstance(exc, StoreError):
        return 503
    if isinstance(exc, UsageError):
        return 400
    if isinstance(exc, (NoMove, NoGame)):
        return 404
    return 422


def _chosen(values: dict, field: str) -> bool:
    """True if `values` holds something for the form field `field` (NAME or NAME.ENTRY)."""
    head, dot, entry = field.partition(".")
    if not dot:
        return given(values, head)
    entries = values.get(head)
    return isinstance(entries, dict) and given(entries, entry)


def _plain(text: str) -> str:
    import click

    return click.unstyle(text)
