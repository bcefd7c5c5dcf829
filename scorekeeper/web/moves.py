"""What a move sent to the page stands for: the verb checked against the table's forms
(scorekeeper.web.forms), and the words of the command line it is, from a form's answer
or from a JSON request's words. Each refusal is a scorekeeper.web.guard.Refused (400 a
field or word no form sends, 404 a verb the page does not offer), before anything runs."""

from __future__ import annotations

from pathlib import Path

import click

from scorekeeper.web import guard, page

#: The shared verbs the page offers beside the game's own.
SHARED_VERBS = ("undo", "redo")


def known_verb(cli: click.Group, db: Path, game_id: int | None, verb: str) -> page.Page | None:
    """The table a verb is for, if `verb` is one its page offers (the game's verbs,
    undo and redo, new); refused 404 otherwise, nothing run."""
    if verb == "new":
        return None
    table = page.read_page(cli, db, game_id)
    if table is None:
        raise guard.Refused(404, "no game yet: start one first")
    if verb not in SHARED_VERBS and verb not in {f.verb for f in table.forms}:
        raise guard.Refused(404, f"{table.name} has no verb {verb[:40]!r}")
    return table


def api_words(table: page.Page | None, verb: str, words: list[str]) -> list[str]:
    """The words of a JSON request, checked (forms.typed_words): `new` takes only
    --variant; a verb of the game its own options; undo and redo none."""
    from scorekeeper.web.forms import Form, FormError, typed_words

    if verb == "new":
        form = Form("new", "", "", (), frozenset({"--variant"}))
    elif verb in SHARED_VERBS or table is None:
        form = Form(verb, "", "", ())
    else:
        form = next(f for f in table.forms if f.verb == verb)
    try:
        return typed_words(form, words)
    except FormError as exc:
        raise guard.Refused(400, str(exc)) from None


def form_words(
    cli: click.Group, db: Path, game_id: int | None, verb: str, answer: dict
) -> list[str]:
    """The command line a form's `answer` stands for (scorekeeper.web.forms.words_of);
    refused 404 for a verb the page does not offer, 400 for an answer no form sends."""
    from scorekeeper.web.forms import FormError, words_of

    if verb == "new":
        return new_words(answer)
    table = known_verb(cli, db, game_id, verb)
    assert table is not None
    if verb in SHARED_VERBS:
        if set(answer) - {"token", "follow"}:
            raise guard.Refused(400, f"the {verb} button sends no fields")
        return [verb]
    form = next(f for f in table.forms if f.verb == verb)
    try:
        return [verb, *words_of(form, answer, table.row.players)]
    except FormError as exc:
        raise guard.Refused(400, str(exc)) from None


def new_words(answer: dict) -> list[str]:
    """`new GAME PLAYER... [--variant V]...` from the new-game form: the players one
    per box (or several in one, separated by commas)."""
    if set(answer) - {"token", "game", "players", "variant"}:
        raise guard.Refused(400, "the new game form has no such field")
    game = (answer.get("game") or [""])[0].strip()
    players = [p.strip() for box in answer.get("players", ()) for p in box.split(",") if p.strip()]
    variants = [v.strip() for v in answer.get("variant", ()) if v.strip()]
    if len(players) > 12 or any(len(w) > 120 for w in (game, *players, *variants)):
        raise guard.Refused(400, "too many or too long names for one table")
    return ["new", *(w for v in variants for w in ("--variant", v)), "--", game, *players]
