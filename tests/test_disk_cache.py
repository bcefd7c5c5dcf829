"""The cache folder stays bounded (pnp.core.disk_cache.prune): each kind of entry keeps
its newest, the least lately used go first, a temporary file a killed write left behind
goes once it is an hour old, and a build whose rule files would be new keeps no more
than its kind's number of them."""

from __future__ import annotations

import os
import time

import pytest

from pnp.core import disk_cache
from pnp.core.disk_cache import prune, read_checked, used, write_checked


@pytest.fixture(autouse=True)
def fresh_process(monkeypatch):
    """Each test as a process of its own: no folder pruned yet."""
    monkeypatch.setattr(disk_cache, "_pruned", set())


def aged(path, seconds_ago: float) -> None:
    then = time.time() - seconds_ago
    os.utime(path, (then, then))


def test_the_oldest_entries_beyond_the_newest_go(tmp_path):
    for k in range(5):
        write_checked(tmp_path / f"e{k}", b"body %d" % k)
        aged(tmp_path / f"e{k}", 100 - k)  # e4 the newest
    prune(tmp_path, 3)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e2", "e3", "e4"]
    assert read_checked(tmp_path / "e4") == b"body 4"


def test_an_entry_used_lately_is_kept_over_a_newer_one(tmp_path):
    for k in range(3):
        write_checked(tmp_path / f"e{k}", b"x")
        aged(tmp_path / f"e{k}", 100 - k)
    used(tmp_path / "e0")  # the oldest written, the latest used
    prune(tmp_path, 2)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e0", "e2"]


def test_a_killed_writes_temporary_file_goes_after_an_hour(tmp_path):
    old, recent = tmp_path / ".e0abc.tmp", tmp_path / ".e1abc.tmp"
    for path in (old, recent):
        path.write_bytes(b"half an entry")
    aged(old, 3601)
    aged(recent, 60)  # perhaps another build writing it now
    prune(tmp_path, 10)
    assert not old.exists() and recent.exists()


def test_writing_with_keep_holds_the_folder_to_that_many(tmp_path):
    for k in range(4):
        write_checked(tmp_path / f"e{k}", b"x")
        aged(tmp_path / f"e{k}", 100 - k)
    write_checked(tmp_path / "new", b"y", keep=3)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e2", "e3", "new"]


def test_a_folder_that_cannot_be_listed_is_passed_over(tmp_path):
    prune(tmp_path / "missing", 1)  # no error
    write_checked(tmp_path / "missing" / "e", b"x", keep=1)
    assert read_checked(tmp_path / "missing" / "e") == b"x"


def test_builds_with_ever_new_rule_files_keep_a_bounded_number(own_cache, tmp_path, monkeypatch):
    """Each rulebook edit lays the rule files out and keeps them: the rules/ folder keeps
    the newest KEEP, not one per edit."""
    import shutil

    from pnp.build import BuildOptions, build
    from pnp.core.paths import SHIPPED_DATA_DIR
    from pnp.render import rule_files

    monkeypatch.setattr(rule_files, "KEEP", 2)
    data = tmp_path / "data"
    shutil.copytree(SHIPPED_DATA_DIR / "hack-attack", data / "hack-attack")
    rulebook = data / "hack-attack" / "rulebook.md"
    text = rulebook.read_text()
    for k in range(4):
        rulebook.write_text(text + f"\nEdit number {k}.\n")
        monkeypatch.setattr(disk_cache, "_pruned", set())  # each build its own process
        build(BuildOptions("hack-attack", data_dir=data, out_dir=tmp_path / f"out{k}"))
    assert len(list(own_cache.glob("rules/*/*"))) == 2


def test_a_folder_entry_goes_whole(tmp_path):
    """A translated game folder is an entry too (pnp.translated): the oldest beyond the
    newest `keep` is removed with everything in it."""
    for k in range(3):
        (tmp_path / f"f{k}" / "inside").mkdir(parents=True)
        (tmp_path / f"f{k}" / "inside" / "game.toml").write_text("x")
        aged(tmp_path / f"f{k}", 100 - k)
    used(tmp_path / "f0")
    prune(tmp_path, 2)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f0", "f2"]
