// A hint, the same for any game's page (issue 30: in words): the move the `strong` bot
// would make for this seat now (GET /api/games/{id}/hint, searched from the seat's view),
// said as the page's Confirm says it, why in one line where the bot can say it, and a
// chance of winning only when its playouts measured one (a range, in words). The hint is
// for this seat's move now: it clears once the seat has acted (its own count, `seq`; a
// sealed bid by another seat meanwhile changes nothing it may do).
import { el } from "/static/dom.js";
import { t } from "/static/i18n.js";

// The answer's lines: the move, why, the chance (the server words them in the page's language).
export const hintLines = (body) => [t("Hint: {label}", { label: body.label ?? body.text }), body.why, body.chance?.text].filter(Boolean);

// A hint's box, kept by the page across its redraws: `ask()` fetches, `lines(msg)` says
// what to show at this push (nothing once the position moved on).
export function hintState(cfg, latest) {
  let hint = null; // { at: the position when asked, lines, thinking }
  const position = (msg) => msg?.seq;
  return {
    async ask(onChange) {
      const at = position(latest());
      hint = { at, lines: [t("Thinking…")], thinking: true };
      onChange();
      // The page's language goes with it (?lang= may have chosen it, not the cookie).
      const q = new URLSearchParams({ token: cfg.token, lang: document.documentElement.lang || "en" });
      const res = await fetch(`/api/games/${cfg.gameId}/hint?${q}`);
      const body = await res.json().catch(() => ({}));
      hint = { at, lines: res.ok ? hintLines(body) : [t("No hint: {reason}", { reason: body.detail ?? body.error?.message ?? res.status })] };
      onChange();
    },
    lines(msg) {
      if (hint && !hint.thinking && msg && hint.at !== position(msg)) hint = null;
      return hint?.lines ?? [];
    },
  };
}

export const hintNodes = (lines) => lines.map((line) => el("span", { class: "hint-line", text: line }));

export function hintPanel(cfg, latest) {
  const state = hintState(cfg, latest);
  const text = el("p", { id: "hint-text", "aria-live": "polite" });
  const draw = () => text.replaceChildren(...hintNodes(state.lines(latest())));
  const button = el("button", { id: "hint", type: "button", class: "secondary", text: t("Hint (what would the strong bot do?)"), onclick: () => state.ask(draw) });
  const node = el("div", { class: "hint-panel" }, button, text);
  return {
    node,
    // After each push: only a seat that may act now can ask.
    update(msg) {
      node.hidden = !cfg.token || msg.finished;
      button.disabled = !msg.legal.length;
      draw();
    },
  };
}
