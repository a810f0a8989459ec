"""The rules references: one Markdown file per game and language, read as package data.

The files are `docs/rules/<game>.md` in English and `docs/rules/<lang>/<game>.md` in French,
Italian and Japanese (issue 20; the only copy: the package reaches them through the symlink
`ekimae/games/rules`). Each rule is a heading that starts with its ID
(``### TM-7.2 Station``, ``## SA-3 Amounts``): the IDs that the engines' refusals
(`IllegalActionError.rule`), the code and the logs cite; every translation has exactly the
English file's IDs. `rule_text("TM-7.2", "fr")` is that rule's section, down to the next
heading of the same or a higher level (so ``TM-7`` holds every TM-7.x);
`reference("tokyo-metro", "ja")` is a whole file. The English files decide which games and
rules exist; where a translation lacks a file or a rule, the English text is given with a
note saying so, in the language asked for.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources

from ekimae.core.errors import EkimaeError
from ekimae.games.glossary import LANGUAGES

HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*$")
RULE_ID = re.compile(r"^([A-Z]+-\d+(?:\.\d+)*)\b")
INDEX = "README"  # docs/rules/README.md lists the files; it is no game's reference
ENGLISH = "en"
# Put before the English text when a translation lacks the file or the rule asked for.
UNTRANSLATED = {
    "en": "",
    "fr": "*Pas encore traduit en français : voici le texte anglais.*",
    "it": "*Non ancora tradotto in italiano: ecco il testo inglese.*",
    "ja": "*まだ日本語に翻訳されていません。英語の原文を表示します。*",
}


class UnknownRuleError(EkimaeError, LookupError):
    """A rule ID or a game that no reference has; the message suggests close ones."""


@dataclass(frozen=True)
class Rule:
    id: str  # "TM-7.2"
    title: str  # the heading after the ID: "Station"
    game: str  # the reference it is in: "tokyo-metro"
    level: int  # the heading's level (2 for "## …")
    text: str  # the Markdown of its section, heading included
    lang: str = ENGLISH  # the language `text` is written in


def _folder(lang: str = ENGLISH) -> resources.abc.Traversable:
    folder = resources.files("ekimae.games") / "rules"
    return folder if lang == ENGLISH else folder / lang


def check_language(lang: str) -> str:
    """`lang` if the references know it (en, fr, it, ja), else `UnknownRuleError`."""
    if lang not in LANGUAGES:
        raise UnknownRuleError(
            f"no rules reference in the language {lang!r} (known: {', '.join(LANGUAGES)})"
        )
    return lang


@cache
def translated(title: str, lang: str) -> bool:
    """Whether the game `title` has its own reference file in `lang` (English: always)."""
    check_language(lang)
    return lang == ENGLISH or (_folder(lang) / f"{title}.md").is_file()


@cache
def titles() -> tuple[str, ...]:
    """The games with a reference, by their registry name, sorted."""
    names = (
        entry.name.removesuffix(".md")
        for entry in _folder().iterdir()
        if entry.name.endswith(".md") and entry.name != f"{INDEX}.md"
    )
    return tuple(sorted(names))


def _check_title(title: str) -> None:
    if title not in titles():
        close = difflib.get_close_matches(title, titles(), n=3, cutoff=0.4)
        hint = f"; did you mean {' or '.join(close)}?" if close else ""
        raise UnknownRuleError(
            f"no rules reference for the game {title!r} (known: {', '.join(titles())}){hint}"
        )


@cache
def written(title: str, lang: str = ENGLISH) -> str:
    """The file of `title` in `lang` exactly as written; `UnknownRuleError` if there is none."""
    _check_title(title)
    if not translated(title, lang):
        raise UnknownRuleError(f"no {lang} translation of the {title} rules reference")
    return (_folder(lang) / f"{title}.md").read_text(encoding="utf-8")


def reference(title: str, lang: str = ENGLISH) -> str:
    """The whole reference of the game `title` (its registry name) in `lang`, as Markdown;
    the English one, after a note, when `lang` has no file for it."""
    _check_title(title)
    if not translated(title, lang):
        return f"{UNTRANSLATED[lang]}\n\n{written(title)}"
    text = written(title, lang)
    # Rules the translation does not have yet (a section added in English since): the
    # English sections, each after the note, so every rule's anchor is on the page.
    lacking = set(missing(title, lang))
    added: list[str] = []
    for rule in rules(title).values():
        if rule.id in lacking and not any(rule.text in block for block in added):
            added.append(rule.text)
    for block in added:
        text = f"{text.rstrip()}\n\n{UNTRANSLATED[lang]}\n\n{block}"
    return text


def parse(title: str, markdown: str, lang: str = ENGLISH) -> list[Rule]:
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
        rules.append(Rule(rule_id, name, title, level, text, lang))
    return rules


@cache
def rules(title: str | None = None, lang: str = ENGLISH) -> dict[str, Rule]:
    """The rules of one game (None: of every game with a reference) as written in `lang`,
    by ID; a translation without a file has none (see `missing`)."""
    check_language(lang)
    found: dict[str, Rule] = {}
    for name in titles() if title is None else (title,):
        if not translated(name, lang):
            continue
        where = f"{name}.md" if lang == ENGLISH else f"{lang}/{name}.md"
        for rule in parse(name, written(name, lang), lang):
            if rule.id in found:
                raise UnknownRuleError(f"rule {rule.id} is written twice ({where})")
            found[rule.id] = rule
    return found


def missing(title: str, lang: str) -> list[str]:
    """The English rule IDs of `title` that its `lang` reference lacks (all of them when
    there is no file), in the English order."""
    _check_title(title)
    have = rules(title, lang)
    return [rule_id for rule_id in rules(title) if rule_id not in have]


def find_rule(rule_id: str, lang: str = ENGLISH) -> Rule:
    """The rule `rule_id` (any case, e.g. ``tm-7.2``) in `lang`: the translation's section,
    or the English one after a note when the translation lacks it (its `lang` then says
    "en"); `UnknownRuleError` suggesting close IDs when no reference has it."""
    check_language(lang)
    known = rules()
    wanted = rule_id.strip().upper()
    if wanted in known:
        english = known[wanted]
        if lang == ENGLISH:
            return english
        local = rules(english.game, lang).get(wanted)
        if local is not None:
            return local
        return replace(english, text=f"{UNTRANSLATED[lang]}\n\n{english.text}")
    close = difflib.get_close_matches(wanted, list(known), n=4, cutoff=0.6)
    same_part = sorted(
        (i for i in known if wanted and i.startswith(wanted.rstrip(".") + ".")), key=_order
    )[:4]
    suggestions = list(dict.fromkeys([*close, *same_part]))
    hint = f"; close ones: {', '.join(suggestions)}" if suggestions else ""
    raise UnknownRuleError(f"no rule {rule_id.strip()!r} in the rules references{hint}")


def rule_text(rule_id: str, lang: str = ENGLISH) -> str:
    """The Markdown section of the rule `rule_id` (its sub-rules included) in `lang`."""
    return find_rule(rule_id, lang).text


def _order(rule_id: str) -> tuple[str, tuple[int, ...]]:
    prefix, _, numbers = rule_id.partition("-")
    return prefix, tuple(int(n) for n in numbers.split(".") if n.isdigit())
