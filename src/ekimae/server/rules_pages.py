"""The rules references in the browser: `GET /rules` (the games) and `GET /rules/{game}`
(one reference as HTML, each rule's heading an anchor named by its ID, e.g.
``/rules/tokyo-metro#TM-7.2``). The Markdown is `ekimae.games.reference`'s (docs/rules);
markdown-it renders it with raw HTML turned off, so whatever a file holds is escaped.

Both take `?lang=en|fr|it|ja` (issue 20; default English): the page is in that language,
says so in `<html lang=…>`, and links to itself in the other languages.

The application includes `router` (`app.include_router(rules_pages.router)`)."""

from __future__ import annotations

import html
import json

from fastapi import APIRouter, HTTPException
from fastapi.responses import HTMLResponse
from markdown_it import MarkdownIt

from ekimae.games import reference
from ekimae.games.glossary import LANGUAGES
from ekimae.i18n import catalog
from ekimae.server import quickstart

router = APIRouter()

# Each language by its own name, for the links between the languages.
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "it": "Italiano", "ja": "日本語"}
# The pages' own words, per language (every language must have every message).
MESSAGES = {
    "en": {"rules": "Rules", "title": "Rules references", "span": "{first} to {last}",
           "count": "{n} rules", "none": "no rules", "languages": "Languages"},
    "fr": {"rules": "Règles", "title": "Références des règles", "span": "de {first} à {last}",
           "count": "{n} règles", "none": "aucune règle", "languages": "Langues"},
    "it": {"rules": "Regole", "title": "Riferimenti delle regole",
           "span": "da {first} a {last}", "count": "{n} regole", "none": "nessuna regola",
           "languages": "Lingue"},
    "ja": {"rules": "ルール", "title": "ルールリファレンス", "span": "{first}〜{last}",
           "count": "{n}項目", "none": "ルールなし", "languages": "言語"},
}  # fmt: skip

PAGE = """<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 52rem; margin: 2rem auto;
       padding: 0 1rem; line-height: 1.5; }}
h2, h3 {{ scroll-margin-top: 1rem; }}
:target {{ background: #fff3b0; }}
a.anchor {{ text-decoration: none; color: #999; margin-left: .3em; }}
code {{ background: #f3f3f3; padding: 0 .2em; overflow-wrap: anywhere; }}
nav.languages {{ float: right; }}
nav.languages [aria-current] {{ font-weight: bold; color: inherit; text-decoration: none; }}
:lang(ja) {{ font-family: system-ui, "Noto Sans CJK JP", "Noto Sans JP", sans-serif; }}
.quick-start {{ background: #f7f5ee; border: 1px solid #ddd3b8; border-radius: 8px;
                padding: .2rem 1rem .6rem; }}
.quick-picture {{ margin: .5rem 0; overflow-x: auto; }}
.quick-picture svg {{ max-width: 100%; height: auto; }}
.quick-picture figcaption {{ color: #666; font-size: .85rem; }}
</style></head>
<body>
<nav class="languages" aria-label="{languages}">{switch}</nav>
<nav><a href="/">Ekimae</a> · <a href="/rules{query}">{rules}</a></nav>
{body}
</body></html>
"""


def _renderer() -> MarkdownIt:
    """CommonMark with raw HTML off (escaped), plus tables."""
    return MarkdownIt("commonmark", {"html": False}).enable("table")


def render_reference(markdown: str) -> str:
    """The reference as HTML: a heading that starts with a rule ID gets that ID as its
    `id` and a ¶ link to itself."""
    md = _renderer()
    tokens = md.parse(markdown)
    for i, token in enumerate(tokens):
        if token.type != "heading_open" or i + 1 >= len(tokens):
            continue
        inline = tokens[i + 1]
        found = reference.RULE_ID.match(inline.content)
        if found is None:
            continue
        rule_id = found.group(1)
        token.attrSet("id", rule_id)
        anchor = inline.children or []
        link_open = type(inline)("link_open", "a", 1)
        link_open.attrSet("href", f"#{rule_id}")
        link_open.attrSet("class", "anchor")
        link_open.attrSet("aria-label", f"link to {rule_id}")
        text = type(inline)("text", "", 0)
        text.content = "¶"
        link_close = type(inline)("link_close", "a", -1)
        inline.children = [*anchor, link_open, text, link_close]
    rendered: str = md.renderer.render(tokens, md.options, {})
    return rendered


def _language(lang: str | None) -> str:
    """`lang` if the references speak it (None: English); 404 naming the known ones."""
    if lang is None:
        return "en"
    if lang not in LANGUAGES:
        raise HTTPException(
            404, f"no rules reference in the language {lang!r} (known: {', '.join(LANGUAGES)})"
        )
    return lang


def _query(lang: str) -> str:
    return "" if lang == "en" else f"?lang={lang}"


def _page(lang: str, path: str, title: str, body: str) -> HTMLResponse:
    """The page in `lang`, with links to the same page (`path`) in every language."""
    links = []
    for other in LANGUAGES:
        name = html.escape(LANGUAGE_NAMES[other])
        current = ' aria-current="page"' if other == lang else ""
        links.append(
            f'<a href="{html.escape(path + _query(other))}" hreflang="{other}" '
            f'lang="{other}"{current}>{name}</a>'
        )
    words = MESSAGES[lang]
    return HTMLResponse(
        PAGE.format(
            lang=lang,
            title=title,
            body=body,
            switch=" · ".join(links),
            query=_query(lang),
            rules=html.escape(words["rules"]),
            languages=html.escape(words["languages"]),
        )
    )


def _first_line(markdown: str) -> str:
    """The reference's title: its first heading (a fallback's note comes before it)."""
    heading = next((line for line in markdown.splitlines() if line.startswith("# ")), "")
    return heading.lstrip("# ").strip()


@router.get("/rules", response_class=HTMLResponse)
def rules_index(lang: str | None = None) -> HTMLResponse:
    lang = _language(lang)
    words = MESSAGES[lang]
    items = []
    for name in reference.titles():
        rules = list(reference.rules(name).values())
        first = _first_line(reference.reference(name, lang))
        span = (
            words["span"].format(first=rules[0].id, last=rules[-1].id) if rules else words["none"]
        )
        count = words["count"].format(n=len(rules))
        items.append(
            f'<li><a href="/rules/{html.escape(name)}{_query(lang)}">{html.escape(first)}</a> '
            f"<small>({html.escape(span)}, {html.escape(count)})</small></li>"
        )
    title = html.escape(words["title"])
    body = f"<h1>{title}</h1>\n<ul>\n" + "\n".join(items) + "\n</ul>"
    return _page(lang, "/rules", f"{title} — Ekimae", body)


@router.get("/rules/{game}", response_class=HTMLResponse)
def rules_page(game: str, lang: str | None = None) -> HTMLResponse:
    if game not in reference.titles():
        known = ", ".join(reference.titles())
        raise HTTPException(404, f"no rules reference for {game!r} (known: {known})")
    lang = _language(lang)
    markdown = reference.reference(game, lang)
    title = html.escape(_first_line(markdown))
    # Issue 30: how to play in two minutes first, drawn by the title's own code; the full
    # reference (IDs kept for lookups) after it.
    quick = quickstart.section(game, lang)
    body = render_reference(markdown)
    if quick:
        head, sep, rest = body.partition("</h1>")
        body = f"{head}{sep}{quick}{rest}" if sep else quick + body
        # The pictures' scripts say their texts in the page's language (static/i18n.js).
        words = json.dumps(catalog(lang), ensure_ascii=False).replace("</", "<\\/")
        body += f'<script type="application/json" id="i18n-catalog">{words}</script>'
        body += '<script type="module" src="/static/quickstart.js"></script>'
    return _page(lang, f"/rules/{game}", title, body)
