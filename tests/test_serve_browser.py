"""`scorekeeper serve` in a real browser (issue 26, Tests): Debian's Chromium, driven by
Playwright on a phone-sized viewport, on the server run as the user runs it. Each game
is started from the page's New game form and played with taps (drop-down lists, the
card search box, number and tick boxes): after every move the page's table equals
`status --json` and its head line and sentences `status`'s; a move the rules refuse
shows the command line's own one-line reason and records nothing; undo and redo are
tapped; a finished game shows `result --explain`. A second phone on the watching link
sees each move within LIVE_MS, whether recorded from the page or at the terminal,
without reloading, and cannot record. Helpers: tests.serve_fixture. Screenshots of
each game go to HACKPACK_SHOTS when it is set."""

from __future__ import annotations

import time

import pytest

import tests.serve_fixture as fixture
from tests.serve_fixture import (
    LAUNCH_ARGS,
    LIVE_MS,
    PHONE,
    Phone,
    Server,
    chromium_or_skip,
    cli,
    expected_board,
    screenshot,
    status,
)


def test_without_chromium_the_browser_tests_skip_unless_they_are_required(monkeypatch, tmp_path):
    monkeypatch.setattr(fixture, "CHROMIUM", tmp_path / "no-chromium")
    monkeypatch.delenv(fixture.REQUIRE, raising=False)
    with pytest.raises(pytest.skip.Exception, match=r"no Chromium at .*apt-get install chromium"):
        chromium_or_skip()
    monkeypatch.setenv(fixture.REQUIRE, "1")
    with pytest.raises(pytest.fail.Exception, match="HACKPACK_REQUIRE_BROWSER=1 requires the"):
        chromium_or_skip()


@pytest.fixture(scope="module")
def chromium():
    """One browser for the module (each test opens its own contexts in it)."""
    path = chromium_or_skip()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=path, args=LAUNCH_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def table(tmp_path):
    """`scorekeeper --db TMP/db.sqlite3 serve --port 0`, running (a new file)."""
    server = Server(tmp_path / "db.sqlite3")
    yield server
    server.stop()
    assert "Traceback" not in server.log()  # no request made the server fail


@pytest.fixture
def phones(chromium, table):
    """A function making a phone (a browser context of its own, as a second device
    is) on the table; each is closed, and checked for script and console errors
    (a blocked resource, a script that fails), before the server stops."""
    made = []

    def make() -> Phone:
        context = chromium.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        made.append((context, Phone(context.new_page(), table.db)))
        return made[-1][1]

    yield make
    for context, phone in made:
        context.close()
        assert phone.problems == []


def finished(phone: Phone) -> None:
    """Check that the page shows the explained result as `result --explain` words it
    (every check and tie-breaker), and no move's form any more."""
    explained = cli(phone.db, "result", "--explain")
    assert explained.returncode == 0, explained.stderr
    lines = [line.strip() for line in explained.stdout.splitlines() if line.strip()]
    assert phone.texts(".result h2") == lines[:1]
    assert phone.texts(".result p") == lines[1:]
    assert phone.page.locator("details.verb[id^='verb-']").count() == 0
    assert phone.enabled("undo") and not phone.enabled("redo")


def test_hack_attack_from_a_new_game_to_a_tie_broken_result(table, phones):
    phone = phones()
    phone.open(table.links.record)
    assert phone.texts("#live h1") == ["No game yet"]
    screenshot(phone.page, "no-game-yet")
    assert phone.start("hack-attack", ["Ana", "Ben"]) == 200
    assert phone.texts(".said p") == ["Game 1: Hack Attack: Defense with Ana, Ben."]
    start = phone.shows_the_table()
    assert (start["game"], start["current"], start["turn"]) == ("hack-attack", "Ana", 1)
    assert not phone.enabled("undo") and not phone.enabled("redo")
    offered = phone.offered("protect", "tech")  # the search box's suggestions
    assert offered["smart-tv"] == "Smart TV" and offered["laptop"] == "Laptop"

    phone.moved("protect", player="Ana", tech="smart-tv")  # a suggestion picked
    t = phone.moved("attack", attack="phishing-email", revealed=["social-engineering"])
    assert t["players"][0]["protected"] == 1  # the defense held: nothing lost
    assert phone.texts(".said p")[-1] == "Ana drew Phishing Email: the defense held."
    assert phone.moved("end-turn")["current"] == "Ben"
    t = phone.moved("protect", player="Ben", tech="Laptop")  # a card's name typed
    assert t["players"][1]["tech"][0]["card"] == "laptop"
    t = phone.moved("user-error", player="Ben", count=1)  # the number box
    assert (t["players"][1]["user_errors"], t["players"][1]["total"]) == (1, 2)
    phone.moved("end-turn")
    before = status(table.db)
    after = phone.moved("protect", player="Ana", tech="games-console")
    reason = phone.refused(
        ["protect", "Ana", "smart-plug"], "protect", player="Ana", tech="smart-plug"
    )
    assert reason.startswith("Ana has already Protected a Tech card this turn")
    screenshot(phone.page, "hack-attack-refused")
    assert phone.shared("undo") == 200
    assert phone.shows_the_table() == before and phone.enabled("redo")
    assert phone.shared("redo") == 200
    assert phone.shows_the_table() == after and not phone.enabled("redo")
    screenshot(phone.page, "hack-attack-mid-game")

    phone.moved("end-turn")
    phone.moved("protect", player="Ben", tech="cloud-photo-library")
    phone.moved("end-turn")
    phone.moved("protect", player="Ana", tech="smart-plug")
    phone.moved("end-turn")
    phone.moved("end-turn")
    t = phone.moved("protect", player="Ana", tech="smart-thermostat")
    assert (t["final_round"], t["final_round_started_by"]) == (True, "Ana")
    phone.moved("end-turn")
    assert phone.moved("end-turn")["over"]
    finished(phone)
    result = status(table.db)["result"]
    assert result["winners"] == ["Ben"]
    assert phone.texts(".result p")[-2:] == [
        "Tied on 4: Ana and Ben. Tie-breaker: fewest Protected Tech — Ana 4, Ben 2.",
        "Ben wins the tie-breaker with 2 Protected Tech.",
    ]
    screenshot(phone.page, "hack-attack-finished")


def test_hack_back_opening_actions_and_a_win_at_zero_vc(table, phones):
    phone = phones()
    phone.open(table.links.record)
    assert phone.start("hack-back", ["Ana", "Ben"]) == 200
    t = phone.shows_the_table()
    assert (t["phase"], t["waiting_for"], t["heroes"]) == ("opening", ["Ana", "Ben"], [])
    phone.refused(["draw", "Ana"], "draw", player="Ana")  # no turn before the opening
    offered = phone.offered("hero", "card")
    assert "rubber-duck-debugger" in offered and "script-kiddie" in offered
    phone.moved("hero", player="Ana", card="rubber-duck-debugger")
    t = phone.moved("hero", player="Ben", card="Script Kiddie")  # a name typed
    assert (t["phase"], t["current"]) == ("play", "Ana")  # the lowest printed VC
    phone.moved("draw", player="Ana")
    assert phone.moved("draw", player="Ana")["current"] == "Ben"
    reason = phone.refused(["draw", "Ana"], "draw", player="Ana")
    assert "it is Ben's turn, not Ana's" in reason
    assert phone.offered("activate", "hero_number") == {
        "1": "Rubber Duck Debugger (Ana)",
        "2": "Script Kiddie (Ben)",
    }
    before = status(table.db)
    after = phone.moved("activate", player="Ben", hero_number=2, target=[1])
    assert [h["vc"] for h in after["heroes"]] == [9, 11]  # Attack 1 on #1, then +2
    assert phone.shared("undo") == 200
    assert phone.shows_the_table() == before
    assert phone.shared("redo") == 200
    assert phone.shows_the_table() == after
    assert phone.moved("draw", player="Ben")["current"] == "Ana"
    t = phone.moved("play", player="Ana", card="air-gapped-mainframe", target=[1])
    assert [h["vc"] for h in t["heroes"]] == [4, 11]  # Defend 5 on #1
    screenshot(phone.page, "hack-back-mid-game")
    t = phone.moved("play", player="Ana", card="patch-tuesday")  # every Hero −4
    assert [h["vc"] for h in t["heroes"]] == [0, 7]
    assert t["over"] and t["result"]["winners"] == ["Ana"]
    finished(phone)
    screenshot(phone.page, "hack-back-finished")


def test_not_a_hack_to_the_hack_off(table, phones):
    phone = phones()
    phone.open(table.links.record)
    assert phone.start("not-a-hack", ["Ana", "Ben", "Cleo"]) == 200
    phone.shows_the_table()
    t = phone.moved("hack", drawer="Ana", winner="Ben", cards=2)
    assert t["players"][1]["hacks"] == [2] and t["current"] == "Ben"
    reason = phone.refused(["steal", "Ana", "Cleo"], "steal", player="Ana", victim="Cleo")
    assert reason.startswith("Cleo has no winning hack to steal")
    negative = sorted(phone.offered("negative", "card"))[0]
    t = phone.moved("negative", player="Ben", card=negative)
    assert len(t["players"][1]["actions"]) == 1 and t["players"][1]["actions"][0] < 0
    t = phone.moved("positive", player="Cleo", card="pos-bug-bounty")
    assert len(t["players"][2]["actions"]) == 1 and t["players"][2]["actions"][0] > 0
    before = status(table.db)
    after = phone.moved("steal", player="Cleo", victim="Ben")
    assert (after["players"][1]["hacks"], after["players"][2]["hacks"]) == ([], [2])
    assert phone.shared("undo") == 200
    assert phone.shows_the_table() == before
    assert phone.shared("redo") == 200
    assert phone.shows_the_table() == after
    screenshot(phone.page, "not-a-hack-mid-game")
    t = phone.moved("banned", player="Cleo")  # her New Account card counters it
    assert (t["players"][2]["banned"], t["players"][2]["new_accounts"]) == (False, 0)
    t = phone.moved("banned", player="Ana", no_counter=True)  # the tick box
    assert t["players"][0]["banned"] and t["finalists"] == ["Ben", "Cleo"]
    assert phone.page.locator("table.board tbody tr.out").count() == 1
    t = phone.moved("hack-off", votes=["Ana=Cleo"], cards=3)
    assert t["over"] and t["result"]["winners"] == ["Cleo"]
    finished(phone)
    screenshot(phone.page, "not-a-hack-finished")


def watched(phone: Phone, cells: list[list[str]], since: float) -> float:
    """Wait until the page's table shows `cells`, at most LIVE_MS after `since` (a
    time.monotonic() taken as the move was sent); the seconds from `since`."""
    phone.page.wait_for_function(
        """want => JSON.stringify([...document.querySelectorAll(
               "table.board tbody tr:not(.detail)")].map(r => [...r.cells].map(
               c => c.innerText.replace("\u25b6", "").trim()))) === JSON.stringify(want)""",
        arg=cells,
        timeout=max(1.0, LIVE_MS - (time.monotonic() - since) * 1000),
    )
    return time.monotonic() - since


def test_a_watching_phone_follows_the_page_and_the_terminal_and_cannot_record(table, phones):
    assert cli(table.db, "new", "hack-attack", "Ana", "Ben").returncode == 0
    recorder, watcher = phones(), phones()
    recorder.open(table.links.record)
    watcher.open(table.links.watch)
    watcher.page.evaluate("window.stayed = true")  # gone if the page reloads
    assert watcher.texts("header .watching") == ["watching"]
    assert watcher.page.locator("form, #forms, details").count() == 0
    assert watcher.board() == recorder.board()

    shown = [r["cells"] for r in watcher.board()]
    sent = time.monotonic()  # (a) from the other phone
    assert recorder.enter("user-error", player="Ben", count=2) == 200
    shown, was = expected_board(status(table.db)), shown
    assert shown != was and shown[1][3:] == ["2", "\u22122"]
    took = [watched(watcher, shown, sent)]
    recorder.shows_the_table()
    moved = cli(table.db, "protect", "Ana", "laptop")  # (b) at the terminal
    sent = time.monotonic()
    assert moved.returncode == 0, moved.stderr
    shown, was = expected_board(status(table.db)), shown
    assert shown != was and shown[0][1:3] == ["1", "3"]
    took += [watched(watcher, shown, sent), watched(recorder, shown, sent)]  # both follow
    sent = time.monotonic()
    assert recorder.shared("undo") == 200
    shown, was = expected_board(status(table.db)), shown
    assert shown != was
    took.append(watched(watcher, shown, sent))
    assert max(took) < LIVE_MS / 1000, took
    assert watcher.page.evaluate("window.stayed") is True
    assert watcher.texts("ol.recent li") == recorder.texts("ol.recent li")
    screenshot(watcher.page, "watching")

    before = status(table.db)
    for link in table.links:  # the route for scripts answers as `status --json` prints
        assert watcher.page.request.get(f"{link}status.json").json() == before
    token = recorder.page.locator("form[action^='do/end-turn'] input[name='token']").input_value()
    key = table.links.watch.rstrip("/").rpartition("/")[2]
    base = table.links.watch.split("/t/")[0]
    answer = watcher.page.request.post(
        f"{base}/t/{key}/do/end-turn?game=1", form={"token": token}, max_redirects=0
    )
    assert answer.status == 403
    assert "this is the watching link: it cannot record moves" in answer.text()
    answer = watcher.page.request.post(f"{base}/t/{key}/api/end-turn", data={"args": []})
    assert (answer.status, answer.json()["ok"]) == (403, False)
    assert status(table.db) == before
    assert watcher.page.evaluate("window.stayed") is True


def test_a_move_sent_is_not_undone_by_a_live_update_that_arrives_first(table, phones):
    """The server records the new game and the file's change reaches the page before
    the answer to its own form does (held back here for a second): the page must not
    reload itself then (it would lose the answer, what the move said)."""
    phone = phones()
    phone.open(table.links.record)

    def answer_late(route) -> None:
        answer = route.fetch(max_redirects=0)  # the server records the game now
        assert answer.status == 303
        time.sleep(1.0)  # the change reaches the page meanwhile
        route.fulfill(response=answer)

    phone.page.route("**/do/new", answer_late)
    assert phone.start("hack-attack", ["Ana", "Ben"]) == 200
    assert phone.texts(".said p") == ["Game 1: Hack Attack: Defense with Ana, Ben."]
