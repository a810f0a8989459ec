"""The rules references: one Markdown file per game, read as package data.

The files are `docs/rules/<game>.md` (the only copy; the package reaches them through the
symlink `ekimae/games/rules`). Each rule is a heading that starts with its ID
(``### TM-7.2 Station``, ``## SA-3 Amounts``): the IDs that the engines' refusals
(`IllegalActionError.rule`), the code and the logs cite. `rule_text("TM-7.2")` is that
rule's section, down to the next heading of the same or a higher level (so ``TM-7`` holds
every TM-7.x); `reference("tokyo-metro")` is a whole file.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from ekimae.core.errors import EkimaeError

HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*$")
RULE_ID = re.compile(r"^([A-Z]+-\d+(?:\.\d+)*)\b")
INDEX = "README"  # docs/rules/README.md lists the files; it is no game's reference


class UnknownRuleError(EkimaeError, LookupError):
    """A rule ID or a game that no reference has; the message suggests close ones."""


@dataclass(frozen=True)
class Rule:
    id: str  # "TM-7.2"
    title: str  # the heading after the ID: "Station"
    game: str  # the reference it is in: "tokyo-metro"
    level: int  # the heading's level (2 for "## …")
    text: str  # the Markdown of its section, heading included


def _folder() -> resources.abc.Traversable:
    return resources.files("ekimae.games") / "rules"


@cache
def titles() -> tuple[str, ...]:
    """The games with a reference, by their registry name, sorted."""
    names = (
        entry.name.removesuffix(".md")
        for entry in _folder().iterdir()
        if entry.name.endswith(".md") and entry.name != f"{INDEX}.md"
    )
    return tuple(sorted(names))


@cache
def reference(title: str) -> str:
    """The whole reference of the game `title` (its registry name), as Markdown."""
    if title not in titles():
        close = difflib.get_close_matches(title, titles(), n=3, cutoff=0.4)
        hint = f"; did you mean {' or '.join(close)}?" if close else ""
        raise UnknownRuleError(
            f"no rules reference for the game {title!r} (known: {', '.join(titles())}){hint}"
        )
    return (_folder() / f"{title}.md").read_text(encoding="utf-8")


def parse(title: str, markdown: str) -> list[Rule]:
    """Every rule of one reference, in the order written."""
    lines = markdown.splitlines()
    heads: list[tuple[int, int, str, str]] = []  # line number, level, id, title
    for number, line in enumerate(lines):
        found = HEADING.match(line)
        if found is None:
            continue
        rule = RULE_ID.match(found.group(2))
        level = len(found.group(1))
        if rule is not None:
            heads.append((number, level, rule.group(1), found.group(2)[rule.end() :].strip()))
        else:
            heads.append((number, level, "", ""))
    rules = []
    for i, (number, level, rule_id, name) in enumerate(heads):
        if not rule_id:
            continue
        end = next((n for n, lvl, _, _ in heads[i + 1 :] if lvl <= level), len(lines))
        text = "\n".join(lines[number:end]).strip() + "\n"
        rules.append(Rule(rule_id, name, title, level, text))
    return rules


@cache
def rules(title: str | None = None) -> dict[str, Rule]:
    """The rules of one game (None: of every game with a reference), by ID."""
    found: dict[str, Rule] = {}
    for name in titles() if title is None else (title,):
        for rule in parse(name, reference(name)):
            if rule.id in found:
                raise UnknownRuleError(f"rule {rule.id} is written twice ({name}.md)")
            found[rule.id] = rule
    return found


def find_rule(rule_id: str) -> Rule:
    """The rule `rule_id` (any case, e.g. ``tm-7.2``); `UnknownRuleError` suggesting close
    IDs when no reference has it."""
    known = rules()
    wanted = rule_id.strip().upper()
    if wanted in known:
        return known[wanted]
    close = difflib.get_close_matches(wanted, list(known), n=4, cutoff=0.6)
    same_part = sorted(
        (i for i in known if wanted and i.startswith(wanted.rstrip(".") + ".")), key=_order
    )[:4]
    suggestions = list(dict.fromkeys([*close, *same_part]))
    hint = f"; close ones: {', '.join(suggestions)}" if suggestions else ""
    raise UnknownRuleError(f"no rule {rule_id.strip()!r} in the rules references{hint}")


def rule_text(rule_id: str) -> str:
    """The Markdown section of the rule `rule_id` (its sub-rules included)."""
    return find_rule(rule_id).text


def _order(rule_id: str) -> tuple[str, tuple[int, ...]]:
    prefix, _, numbers = rule_id.partition("-")
    return prefix, tuple(int(n) for n in numbers.split(".") if n.isdigit())
