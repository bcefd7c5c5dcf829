"""`scorekeeper serve` in a real browser (issues 26 and 40, Tests): Debian's Chromium,
driven by Playwright on a phone-sized viewport, on the server run as the user runs it.
One game of each is started from the page's New game form and played to its end using
only what the page offers: after every move the page offers exactly the moves
`scorekeeper moves --json` lists (the rules' own), no other, each with the choices the
rules offer; its table equals `status --json`, its head line and sentences `status`'s,
its last actions `history`'s; a second phone on the watching link follows every move
without reloading (pushed by the server: the wait is a bound for a loaded machine, not
a speed test) and cannot record. A finished game shows
`result --explain`. Every tap target is 44 x 44 CSS px or more; a number box takes a
minus sign. Helpers: tests.serve_fixture. Screenshots of each game, in play and at its
end, go to HACKPACK_SHOTS when it is set."""

from __future__ import annotations

import time

import pytest

import tests.serve_fixture as fixture
from tests.data_only_game import write_game
from tests.serve_fixture import (
    LAUNCH_ARGS,
    PHONE,
    START_S,
    Phone,
    Server,
    chromium_or_skip,
    cli,
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
    """`scorekeeper --db TMP/db.sqlite3 serve --port 0 --data GAMES`, running (a new
    file; GAMES holds the data-only game Dice Night)."""
    server = Server(tmp_path / "db.sqlite3", "--data", str(write_game(tmp_path / "games")))
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


def watched(phone: Phone, cells: list[list[str]], since: float) -> float:
    """Wait until the page's table shows `cells`, at most START_S after `since` (a
    time.monotonic() taken as the move was sent: a bound for a loaded machine, not a
    speed test); the seconds from `since`."""
    phone.page.wait_for_function(
        """want => JSON.stringify([...document.querySelectorAll(
               "table.board tbody tr:not(.detail)")].map(r => [...r.cells].map(
               c => c.innerText.replace("\u25b6", "").trim()))) === JSON.stringify(want)""",
        arg=cells,
        timeout=max(1.0, 1000 * (START_S - (time.monotonic() - since))),
    )
    return time.monotonic() - since


class Table:
    """Two phones at a table: one recording on the record link, one watching; every
    move made on the first is checked (Phone.moved) and followed by the second."""

    def __init__(self, phones, table):
        self.phone, self.watcher, self.links = phones(), phones(), table.links
        self.phone.open(table.links.record)
        self.took: list[float] = []

    def watch(self) -> None:
        self.watcher.open(self.links.watch)
        self.watcher.page.evaluate("window.stayed = true")  # gone if the page reloads

    def move(self, move: str, **values) -> dict:
        sent = time.monotonic()
        after = self.phone.moved(move, **values)
        cells = [r["cells"] for r in self.phone.board()]
        self.took.append(watched(self.watcher, cells, sent))
        return after

    def followed(self) -> None:
        """The watching phone followed every move, without reloading."""
        assert len(self.took) > 0
        assert self.watcher.page.evaluate("window.stayed") is True
        assert self.watcher.recent() == self.phone.recent()


def finished(phone: Phone) -> None:
    """Check that the page shows the explained result as `result --explain` words it
    (every check and tie-breaker), offers no move any more, and offers a rematch; and
    that every tap target of the finished page is 44 x 44 px or more."""
    explained = cli(phone.db, "result", "--explain")
    assert explained.returncode == 0, explained.stderr
    lines = [line.strip() for line in explained.stdout.splitlines() if line.strip()]
    assert phone.texts(".result h2") == lines[:1]
    assert phone.texts(".result p") == lines[1:]
    assert phone.offers() == {}
    assert phone.enabled("undo") and not phone.enabled("redo")
    assert phone.texts(".again button")[0] == "Rematch: same seats"
    assert phone.small_targets() == []


def test_hack_attack_to_its_end_from_what_the_page_offers(table, phones):
    at = Table(phones, table)
    phone = at.phone
    assert phone.texts("#live h1") == ["No game yet"]
    assert phone.start("hack-attack", ["Ana", "Ben"], first=2) == 200  # Ben goes first
    assert phone.texts(".said p.line") == ["Game 1: Hack Attack: Defense with Ben, Ana."]
    at.watch()
    start = phone.shows_the_table()
    assert (start["current"], list(phone.offers())) == (
        "Ben",
        ["protect", "attack", "end-turn", "user-error"],
    )
    assert phone.small_targets() == []
    t = at.move("protect", tech="smart-tv")  # the player is Ben's: one choice, not asked
    assert "protect" not in phone.offers()  # once a turn
    t = at.move("attack", attack="phishing-email", revealed=["social-engineering"])
    assert phone.texts(".said p.line")[0] == "Ben drew Phishing Email: the defense held."
    how = phone.page.locator(".said details.how p").all_text_contents()  # behind a tap
    assert how[0].startswith("Attack icons:") and how[-1].startswith("Ben first discards")
    before = at.move("user-error", player="Ana", count=1)
    after = at.move("end-turn")
    assert phone.shared("undo") == 200 and phone.shows_the_table() == before
    assert phone.shared("redo") == 200 and phone.shows_the_table() == after
    screenshot(phone.page, "hack-attack-in-play")
    while not t["over"]:
        offers = phone.offers()
        if "protect" in offers:
            t = at.move("protect", tech=offers["protect"]["fields"]["tech"][0])
        t = at.move("end-turn")
    finished(phone)
    at.followed()
    screenshot(phone.page, "hack-attack-finished")


def test_hack_back_to_a_win_at_zero_vc_from_what_the_page_offers(table, phones):
    at = Table(phones, table)
    phone = at.phone
    assert phone.start("hack-back", ["Ana", "Ben"]) == 200
    at.watch()
    assert list(phone.offers()) == ["hero", "no-hero"]
    at.move("hero", player="Ana", card="rubber-duck-debugger")
    t = at.move("hero", player="Ben", card="script-kiddie")
    assert (t["phase"], t["current"]) == ("play", "Ana")  # the lowest printed VC
    assert list(phone.offers()) == ["draw", "play", "activate"]
    at.move("draw")
    t = at.move("draw")
    assert t["current"] == "Ben"
    said = phone.page.locator(".said details.auto")
    assert said.count() == 1  # the four end-of-turn checks: one line, a tap away
    assert said.locator("summary").inner_text() == "By the rules: End of Ana's turn 1: Ben's turn."
    t = at.move("activate", target__1="1")  # Ben's one Hero; its Attack 1 on #1
    assert [h["vc"] for h in t["heroes"]] == [9, 11]
    at.move("draw")
    screenshot(phone.page, "hack-back-in-play")
    t = at.move("play", card="air-gapped-mainframe", target__1="1")  # the card brings its target
    assert [h["vc"] for h in t["heroes"]] == [4, 11]  # Defend 5 on #1
    t = at.move("play", card="patch-tuesday")  # every Hero −4
    assert t["over"] and t["result"]["winners"] == ["Ana"]
    finished(phone)
    at.followed()
    screenshot(phone.page, "hack-back-finished")


def test_not_a_hack_to_the_hack_off_from_what_the_page_offers(table, phones):
    at = Table(phones, table)
    phone = at.phone
    assert phone.start("not-a-hack", ["Ana", "Ben", "Cleo"]) == 200
    at.watch()
    nobody_has_a_hack_to_steal = ["hack", "negative", "banned", "new-account", "positive"]
    assert list(phone.offers()) == [*nobody_has_a_hack_to_steal, "used-up"]
    t = at.move("hack", winner="Ben", cards=2)
    assert t["players"][1]["hacks"] == [2] and t["current"] == "Ben"
    negative = phone.offers()["negative"]["fields"]["card"][0]
    t = at.move("negative", card=negative)
    assert t["players"][1]["actions"][0] < 0
    t = at.move("positive", player="Cleo", card="pos-bug-bounty")
    t = at.move("steal", player="Cleo", victim="Ben")  # each choice brings the next box
    assert (t["players"][1]["hacks"], t["players"][2]["hacks"]) == ([], [2])
    screenshot(phone.page, "not-a-hack-in-play")
    t = at.move("banned")  # Cleo's New Account card counters it
    assert (t["players"][2]["banned"], t["players"][2]["new_accounts"]) == (False, 0)
    t = at.move("banned", no_counter=True)  # Ana lets the ban stand: the tick box
    assert t["players"][0]["banned"] and t["finalists"] == ["Ben", "Cleo"]
    assert list(phone.offers())[0] == "hack-off"
    t = at.move("hack-off", votes__Ana="Cleo", cards=3)
    assert t["over"] and t["result"]["winners"] == ["Cleo"]
    finished(phone)
    at.followed()
    screenshot(phone.page, "not-a-hack-finished")


def test_a_data_only_game_on_its_points_sheet_with_minus_signs(table, phones):
    at = Table(phones, table)
    phone = at.phone
    assert phone.start("data:dice-night", ["Ana", "Ben"]) == 200
    at.watch()
    form = phone.form("points")
    box = form.locator("input[name='entries.Ben']")
    assert box.get_attribute("inputmode") is None  # the full keyboard's numbers: a minus
    box.fill("2")
    form.locator(f"button.sign[data-for='{box.get_attribute('id')}']").tap()
    assert box.input_value() == "-2"
    t = at.move("points", entries__Ana="3", entries__Ben="-2")
    assert [p["total"] for p in t["players"]] == [3, -2]
    for _ in range(3):
        t = (
            at.move("end-round")
            if "end-round" in phone.offers()
            else at.move("points", entries__Ana="1")
        )
    while not t["over"]:
        t = at.move("points", entries__Ben="1")
        t = at.move("end-round")
    finished(phone)
    at.followed()
    screenshot(phone.page, "points-sheet-finished")


def test_every_tap_target_is_44_px_or_more(table, phones):
    assert cli(table.db, "new", "not-a-hack", "Ana", "Ben", "Cleo").returncode == 0
    phone = phones()
    phone.open(table.links.record)
    for move in phone.offers():
        if not phone.offers()[move]["quick"]:
            phone.form(move)  # every move opened, its boxes shown
    phone.page.locator("details#new-game > summary").tap()
    phone.page.locator("details.more-seats > summary").tap()  # every seat shown
    assert phone.small_targets() == []
    for path in ("history", "stats"):
        phone.open(table.links.record + path)
        assert phone.small_targets() == [], path
    watcher = phones()
    watcher.open(table.links.watch)
    assert watcher.small_targets() == []
    screenshot(phone.page, "stats")


def test_a_watching_phone_follows_the_terminal_and_cannot_record(table, phones):
    assert cli(table.db, "new", "hack-attack", "Ana", "Ben").returncode == 0
    recorder, watcher = phones(), phones()
    recorder.open(table.links.record)
    watcher.open(table.links.watch)
    watcher.page.evaluate("window.stayed = true")  # gone if the page reloads
    assert watcher.texts("header .watching") == ["watching"]
    assert watcher.page.locator("form, #forms, details.move").count() == 0
    moved = cli(table.db, "protect", "Ana", "laptop")  # at the terminal
    sent = time.monotonic()
    assert moved.returncode == 0, moved.stderr
    shown = [r["cells"] for r in recorder.board()]
    took = [watched(watcher, fixture.expected_board(status(table.db)), sent)]
    took.append(watched(recorder, fixture.expected_board(status(table.db)), sent))
    assert shown and len(took) == 2
    assert watcher.page.evaluate("window.stayed") is True
    screenshot(watcher.page, "watching")
    before = status(table.db)
    for link in table.links:  # the route for scripts answers as `status --json` prints
        assert watcher.page.request.get(f"{link}status.json").json() == before
    recorder.page.reload()
    recorder.settle()
    token = recorder.page.locator("form[action^='do/end-turn'] input[name='token']").input_value()
    key = table.links.watch.rstrip("/").rpartition("/")[2]
    base = table.links.watch.split("/t/")[0]
    answer = watcher.page.request.post(
        f"{base}/t/{key}/do/end-turn?game=1", form={"token": token}, max_redirects=0
    )
    assert answer.status == 403
    assert "this is the watching link: it cannot record moves" in answer.text()
    answer = watcher.page.request.post(f"{base}/t/{key}/api/end-turn", data={"values": {}})
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

    phone.page.route("**/new", answer_late)
    assert phone.start("hack-attack", ["Ana", "Ben"]) == 200
    assert phone.texts(".said p.line") == ["Game 1: Hack Attack: Defense with Ana, Ben."]
