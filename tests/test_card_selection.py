"""`--cards ID,ID,GLOB` on build, preview and export (issue 43, item 3): a proof of a few
cards. Only the cards chosen are printed (counted in the PDF), every copy of each with
its own back; an item that matches no card is one error naming the closest ids (exit 1,
as `preview --card` reports an unknown card), and an empty item is a usage error (exit
2); nothing is written then."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pnp.cli import main
from pnp.core.errors import PnpError
from pnp.core.pictures import only_pictures_of, picture_wanted
from pnp.selection import card_patterns, chosen_ids, no_card
from tests.pdfread import placements

DATA = Path(__file__).parent / "sizes_game"  # size-test: ace x3, beta x2, core x4
IDS = ["ace", "beta", "core"]


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def _placed(path: Path) -> tuple[int, int]:
    """(fronts, backs) placed in a cards.pdf: fronts on odd pages, backs on even ones."""
    reader = PdfReader(str(path))
    counts = [len(placements(reader, i)) for i in range(len(reader.pages))]
    return sum(counts[0::2]), sum(counts[1::2])


def test_build_prints_only_the_chosen_cards_every_copy_with_its_back(tmp_path):
    result = run(
        *("build", "--game", "size-test", "--data", str(DATA), "--out", str(tmp_path)),
        *("--cards", "ACE,b*"),
    )
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:2] == ["size-test: 5 cards — 5 card", "  only the cards --cards chose: ace, beta"]
    assert _placed(tmp_path / "size-test" / "cards.pdf") == (3 + 2, 3 + 2)


def test_a_proof_of_three_shipped_cards(tmp_path):
    """Hack Attack: the Smart TV and the Phishing Email (two copies each) and the turn
    summary aid (one per player at the largest table, six): ten placed, and the
    rulebook's kit table still lists the whole kit."""
    result = run(
        *("build", "--game", "hack-attack", "--out", str(tmp_path)),
        *("--cards", "smart-tv,phishing-*,aid-your-turn"),
    )
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1] == (
        "  only the cards --cards chose: smart-tv, phishing-email, aid-your-turn"
    )
    assert result.output.splitlines()[0] == "hack-attack: 10 cards — 2 Tech, 2 Attack, 6 Player aid"
    kit = tmp_path / "hack-attack"
    assert _placed(kit / "cards.pdf") == (10, 10)
    rules = " ".join(p.extract_text() for p in PdfReader(str(kit / "rules.pdf")).pages[:3])
    assert "Cards in all\n143\nPlayer aids (two per player)\n12" in rules


def test_export_writes_only_the_chosen_cards(tmp_path):
    result = run(
        *("export", "--game", "size-test", "--data", str(DATA), "--out", str(tmp_path)),
        *("--format", "png", "--dpi", "50", "--cards", "core"),
    )
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in (tmp_path / "size-test" / "png").iterdir())
    assert names == [f"core-{n}-{side}.png" for n in range(1, 5) for side in ("back", "front")]


def test_preview_draws_each_chosen_card_and_prints_each_path(tmp_path):
    result = run(
        *("preview", "--game", "size-test", "--data", str(DATA), "--out", str(tmp_path)),
        *("--cards", "*e", "--dpi", "50"),
    )
    assert result.exit_code == 0, result.output
    folder = tmp_path / "size-test" / "preview"
    assert result.stdout.splitlines() == [str(folder / f"{i}-front.png") for i in ("ace", "core")]
    assert sorted(p.name for p in folder.iterdir()) == ["ace-front.png", "core-front.png"]


@pytest.mark.parametrize(
    "args, line",
    [
        (("--cards", "acee"), "Error: size-test has no card 'acee'; did you mean ace?"),
        (
            ("--cards", "ace,zz*,cor"),
            "Error: size-test has no card matching 'zz*' (its cards are ace, beta, core) nor "
            "'cor' (did you mean core?)",
        ),
    ],
)
@pytest.mark.parametrize("verb", ["build", "preview", "export"])
def test_an_item_that_matches_no_card_is_one_error_naming_near_ids(tmp_path, verb, args, line):
    extra = ("--format", "png") if verb == "export" else ()
    result = run(
        *(verb, "--game", "size-test", "--data", str(DATA), "--out", str(tmp_path)), *args, *extra
    )
    assert (result.exit_code, result.output) == (1, line + "\n")
    assert not (tmp_path / "size-test").exists() or not any((tmp_path / "size-test").iterdir())


@pytest.mark.parametrize(
    "args, message",
    [
        (
            ("--cards", "ace,,core"),
            "'ace,,core' has an empty item; separate ids with single commas",
        ),
        (("--cards", " , "), "name at least one card id or glob, like smart-tv,phish*"),
    ],
)
@pytest.mark.parametrize("verb", ["build", "preview", "export"])
def test_an_empty_item_is_a_usage_error(tmp_path, verb, args, message):
    result = run(verb, "--game", "size-test", "--data", str(DATA), "--out", str(tmp_path), *args)
    assert result.exit_code == 2
    assert result.output.endswith(f"Error: Invalid value for '--cards': {message}\n")


def test_preview_takes_card_or_cards_not_both_nor_neither(tmp_path):
    base = ("preview", "--game", "size-test", "--data", str(DATA), "--out", str(tmp_path))
    both = run(*base, "--card", "ace", "--cards", "core")
    neither = run(*base)
    assert (both.exit_code, neither.exit_code) == (2, 2)
    assert both.output.endswith("Error: use --card ID or --cards ID,ID,GLOB, not both\n")
    assert neither.output.endswith(
        "Error: name one card with --card ID, or several with --cards ID,ID,GLOB\n"
    )


def test_patterns_in_order_once_and_matched_in_the_kits_order():
    assert card_patterns(" core, a* ,core") == ("core", "a*")
    assert chosen_ids("g", ("core", "A*"), IDS) == ["ace", "core"]
    assert chosen_ids("g", ("[ab]*",), IDS) == ["ace", "beta"]
    with pytest.raises(PnpError, match="has an empty item"):
        card_patterns("a,")
    assert no_card("g", ["qqqq"], IDS) == "g has no card 'qqqq'; its cards are ace, beta, core"


def test_pictures_are_read_for_the_chosen_cards_only():
    with only_pictures_of(frozenset({"smart-*", "router"})):
        assert [picture_wanted(i) for i in ("smart-tv", "Router", "phishing-email")] == [
            True,
            True,
            False,
        ]
    assert picture_wanted("phishing-email")
