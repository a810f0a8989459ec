"""The rules references (docs/rules, read by `ekimae.games.reference`): every rule ID the
engines cite exists, every TOKYO METRO ID of the project's rules list exists, and a lookup
gives the rule's own section or a clear error with close IDs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ekimae.games import reference
from ekimae.games.tokyo_metro.explain import PHASE_RULE, RULE_OF_KIND

GAMES = Path(reference.__file__).parent
CITED = re.compile(r"\b(?:TM|SOLO|SA|QD)-\d+(?:\.\d+)*\b")

# The IDs of the TOKYO METRO section of the project's rules list (../shared/RULES.md,
# which a fresh clone may not have), written out here so that the check needs no file.
RULES_MD_TEXT = """
TM-1 TM-1.1 TM-1.2 TM-1.3 TM-1.4 TM-1.5 TM-1.6 TM-2 TM-2.1 TM-2.2 TM-2.3 TM-2.4
TM-3 TM-3.1 TM-3.2 TM-3.3 TM-3.4 TM-3.5 TM-3.6 TM-4 TM-4.1 TM-4.2 TM-4.3 TM-5 TM-5.1
TM-6 TM-6.1 TM-6.2 TM-6.3 TM-6.4 TM-7 TM-7.1 TM-7.2 TM-7.3 TM-7.4 TM-7.5 TM-7.6 TM-7.7
TM-7.8 TM-7.9 TM-7.10 TM-7.11 TM-7.12 TM-7.13 TM-8 TM-8.1 TM-8.2 TM-8.3 TM-8.4 TM-8.5
TM-8.6 TM-9 TM-9.1 TM-9.2 TM-9.3 TM-9.4 TM-9.5 TM-9.6 TM-9.7 SOLO-1
"""
RULES_MD_TM = RULES_MD_TEXT.split()
EXAMPLE_IDS = ["SA-1", "SA-2", "SA-3", "SA-4", "SA-5", "QD-1", "QD-2", "QD-3", "QD-4", "QD-5"]


def _cited_in_games() -> set[str]:
    """Every rule ID written anywhere in the games' sources (refusals, docstrings)."""
    found: set[str] = set()
    for path in GAMES.rglob("*.py"):
        found.update(CITED.findall(path.read_text(encoding="utf-8")))
    return found


def test_every_id_the_engines_cite_is_in_a_reference() -> None:
    known = reference.rules()
    cited = _cited_in_games() | set(RULE_OF_KIND.values()) | set(PHASE_RULE.values())
    assert {"TM-7.2", "TM-8.5", "SA-3", "QD-4"} <= cited  # the scan does find them
    assert sorted(cited - set(known)) == []


def test_every_rules_list_id_is_in_the_tokyo_metro_reference() -> None:
    known = reference.rules("tokyo-metro")
    assert [i for i in RULES_MD_TM if i not in known] == []


def test_the_example_games_have_their_ids() -> None:
    assert [i for i in EXAMPLE_IDS if i not in reference.rules()] == []
    assert reference.find_rule("SA-3").game == "sealed-auction"
    assert reference.find_rule("QD-4").game == "quick-draw"


def test_a_rule_is_its_own_section() -> None:
    """TM-7.2 (Station) ends where TM-7.3 begins; TM-7 holds all its sub-rules."""
    text = reference.rule_text("TM-7.2")
    assert text.startswith("### TM-7.2 Station\n")
    assert "TM-7.3" not in text and "pyramid" in text
    whole = reference.rule_text("tm-7")  # any case
    assert "### TM-7.1 " in whole and "### TM-7.13 " in whole and "### TM-8.1" not in whole


def test_an_unknown_id_suggests_close_ones() -> None:
    with pytest.raises(reference.UnknownRuleError, match=r"no rule 'TM-7\.20'.*TM-7\.2\b"):
        reference.rule_text("TM-7.20")
    with pytest.raises(reference.UnknownRuleError, match="SOLO-1"):
        reference.rule_text("SOLO")


def test_an_unknown_game_is_refused_with_the_known_ones() -> None:
    with pytest.raises(reference.UnknownRuleError, match="tokyo-metro"):
        reference.reference("tokyo-metr")
    assert reference.titles() == ("quick-draw", "sealed-auction", "tokyo-metro")


def test_headings_without_an_id_are_not_rules() -> None:
    rules = reference.parse("x", "# Title\n\n## AB-1 One\nfirst\n### Notes\nmore\n## AB-2 Two\n")
    assert [(r.id, r.title, r.level) for r in rules] == [("AB-1", "One", 2), ("AB-2", "Two", 2)]
    assert rules[0].text == "## AB-1 One\nfirst\n### Notes\nmore\n"
