// A hint, the same for any game's page: the move the `strong` bot would make for this seat
// now (GET /api/games/{id}/hint, searched from the seat's view), with its estimated win
// chance. The answer stays while pushes redraw the page, marked once the position moved on.
import { el } from "/static/dom.js";
import { t } from "/static/i18n.js";

export function hintPanel(cfg, latest) {
  let hint = null; // { at: the action count when asked, text, thinking }
  const text = el("p", { id: "hint-text", "aria-live": "polite" });
  const line = () => {
    if (!hint) return "";
    return hint.thinking || hint.at === latest()?.actions ? hint.text : `${hint.text} ${t("(asked before the last move)")}`;
  };
  const ask = async () => {
    const at = latest()?.actions;
    hint = { at, text: t("Thinking…"), thinking: true };
    text.textContent = line();
    const res = await fetch(`/api/games/${cfg.gameId}/hint?token=${encodeURIComponent(cfg.token)}`);
    const body = await res.json();
    hint = { at, text: res.ok
      ? t("Hint: {text} (estimated win chance {percent}%)", { text: body.text, percent: Math.round(body.win_chance * 100) })
      : t("No hint: {reason}", { reason: body.detail ?? body.error?.message }) };
    text.textContent = line();
  };
  const button = el("button", { id: "hint", type: "button", class: "secondary", text: t("Hint (what would the strong bot do?)"), onclick: ask });
  const node = el("div", { class: "hint-panel" }, button, text);
  return {
    node,
    // After each push: only a seat that may act now can ask.
    update(msg) {
      node.hidden = !cfg.token || msg.finished;
      button.disabled = !msg.legal.length;
      text.textContent = line();
    },
  };
}
