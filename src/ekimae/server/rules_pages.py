"""The rules references in the browser: `GET /rules` (the games) and `GET /rules/{game}`
(one reference as HTML, each rule's heading an anchor named by its ID, e.g.
``/rules/tokyo-metro#TM-7.2``). The Markdown is `ekimae.games.reference`'s (docs/rules);
markdown-it renders it with raw HTML turned off, so whatever a file holds is escaped.

The application includes `router` (`app.include_router(rules_pages.router)`)."""

from __future__ import annotations

import html

from fastapi import APIRouter, HTTPException
from fastapi.responses import HTMLResponse
from markdown_it import MarkdownIt

from ekimae.games import reference

router = APIRouter()

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 52rem; margin: 2rem auto;
       padding: 0 1rem; line-height: 1.5; }}
h2, h3 {{ scroll-margin-top: 1rem; }}
:target {{ background: #fff3b0; }}
a.anchor {{ text-decoration: none; color: #999; margin-left: .3em; }}
code {{ background: #f3f3f3; padding: 0 .2em; }}
</style></head>
<body>
<nav><a href="/">Ekimae</a> · <a href="/rules">Rules</a></nav>
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


@router.get("/rules", response_class=HTMLResponse)
def rules_index() -> HTMLResponse:
    items = []
    for name in reference.titles():
        rules = list(reference.rules(name).values())
        first = reference.reference(name).splitlines()[0].lstrip("# ").strip()
        span = f"{rules[0].id} to {rules[-1].id}" if rules else "no rules"
        items.append(
            f'<li><a href="/rules/{html.escape(name)}">{html.escape(first)}</a> '
            f"<small>({html.escape(span)}, {len(rules)} rules)</small></li>"
        )
    body = "<h1>Rules references</h1>\n<ul>\n" + "\n".join(items) + "\n</ul>"
    return HTMLResponse(PAGE.format(title="Rules — Ekimae", body=body))


@router.get("/rules/{game}", response_class=HTMLResponse)
def rules_page(game: str) -> HTMLResponse:
    if game not in reference.titles():
        known = ", ".join(reference.titles())
        raise HTTPException(404, f"no rules reference for {game!r} (known: {known})")
    markdown = reference.reference(game)
    first = markdown.splitlines()[0].lstrip("# ").strip()
    return HTMLResponse(PAGE.format(title=html.escape(first), body=render_reference(markdown)))
