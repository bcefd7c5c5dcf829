"""Card text true to current security guidance (issue 14): each corrected field keeps the
key phrase of its new wording, Attack icons name Defenses that really counter the attack,
and the cover table still plays (every Attack can be fully covered from the deck; the
two Attacks the rules describe keep the icons the rules give them).
Sources: NIST SP 800-63B-4, NCSC, CISA, NSA home-network guidance, FTC/FCC consumer
pages, UK product security rules (2024); rules: shared/rules/hack-attack, "Attack"."""

from __future__ import annotations

from collections import Counter

import pytest

from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.games.hack_attack.cards import AttackCard, DefenseCard, TechCard, UserErrorCard
from pnp.games.hack_attack.loader import load_hack_attack
from pnp.games.hack_back.loader import load_hack_back
from pnp.games.not_a_hack.cards import load_not_a_hack

HA = load_hack_attack(SHIPPED_DATA_DIR / "hack-attack")
CARDS = {c.id: c for c in HA.cards}


@pytest.mark.parametrize(
    "card_id, field, phrase",
    [
        ("carrier-account-pin", "how_to", "number lock (SIM-swap protection)"),
        ("carrier-account-pin", "how_to", "much harder"),
        ("default-router-password", "text", "factory default like admin/admin"),
        ("check-the-sender", "how_to", "looks right proves nothing"),
        ("check-the-sender", "how_to", "press and hold"),
        ("check-the-sender", "how_to", "go to the site yourself"),
        ("verify-by-call-back", "how_to", "from a different phone"),
        ("hotspot-on-public-wifi", "how_to", "sign-in page"),
        ("evil-twin-wifi", "text", "fake sign-in page that harvests the logins"),
        ("three-random-words", "how_to", "never an example you saw printed"),
        (
            "two-step-verification",
            "how_to",
            "best a passkey or security key, else an authenticator app",
        ),
    ],
)
def test_corrected_wording(card_id, field, phrase):
    assert phrase in getattr(CARDS[card_id], field)


@pytest.mark.parametrize(
    "card_id, field, gone",
    [
        ("carrier-account-pin", "how_to", "nobody can move your number"),
        ("default-router-password", "text", "thousands of others"),
        ("evil-twin-wifi", "text", "watch traffic"),
    ],
)
def test_overpromises_are_gone(card_id, field, gone):
    assert gone not in getattr(CARDS[card_id], field)


def test_attack_icons_name_defenses_that_counter_them():
    assert CARDS["credential-stuffing"].icons == ("passwords", "passwords", "passwords")
    assert CARDS["stalkerware"].icons == ("device-security", "device-security", "passwords")
    # the rules' own examples keep their icons (rules, "Attack")
    assert set(CARDS["ransomware-infection"].icons) == {
        "backups",
        "social-engineering",
        "device-security",
    }
    assert Counter(CARDS["phishing-email"].icons) == {"social-engineering": 2, "passwords": 1}


@pytest.mark.parametrize("card_id", ["smart-doorbell", "baby-monitor", "streaming-account"])
def test_app_accounts_are_open_to_credential_stuffing_and_protected_by_passwords(card_id):
    card = CARDS[card_id]
    assert isinstance(card, TechCard)
    assert "credential-stuffing" in card.vulnerable_to
    assert "passwords" in card.defenses
    assert card.points == len(card.defenses)  # the deck's 1-point-per-Defense pattern


def test_every_attack_can_be_fully_covered_from_the_deck():
    """At 5–6 players the table covers all three icons, one Defense card each."""
    supply = Counter(
        c.category for c in HA.cards if isinstance(c, DefenseCard) for _ in range(c.count)
    )
    for attack in (c for c in HA.cards if isinstance(c, AttackCard)):
        for category, need in Counter(attack.icons).items():
            assert supply[category] >= need, (attack.id, category)
    # every User Error can still be prevented
    for ue in (c for c in HA.cards if isinstance(c, UserErrorCard)):
        assert supply[ue.category] > 0


def test_other_games_drop_the_myths():
    mainframe = load_hack_back(SHIPPED_DATA_DIR / "hack-back").cards["air-gapped-mainframe"]
    assert "Unhackable" not in mainframe.flavor and "USB stick" in mainframe.flavor
    nah = {c.id: c for c in load_not_a_hack(SHIPPED_DATA_DIR / "not-a-hack").cards}
    assert "CVE number" in nah["pos-cve-named"].text
    assert "important" not in nah["pos-cve-named"].text
    assert "nowhere else" in nah["pos-strong-passphrase"].text
    assert "Nobody will ever guess" not in nah["pos-strong-passphrase"].text


def test_the_rulebook_names_its_sources():
    text = (SHIPPED_DATA_DIR / "hack-attack" / "rulebook.md").read_text(encoding="utf-8")
    assert "## Sources" in text
    for source in ("NIST SP 800-63B-4", "NCSC", "CISA", "NSA", "FTC", "FCC"):
        assert source in text
