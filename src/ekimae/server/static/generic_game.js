// The page of any game without a page of its own: the view as data, legal actions as buttons.
import { el } from "/static/dom.js";
import { t, term } from "/static/i18n.js";
import { renderTable } from "/static/table.js";
import { connectTable } from "/static/live.js";
import { renderEnd } from "/static/endscreen.js";

let table = null;

export function initGame(cfg) { table = connectTable(cfg, (msg) => render(cfg, msg)); }

const send = (action) => table.send(action);

function render(cfg, msg) {
  document.body.dataset.actions = String(msg.actions);
  const mine = msg.legal.length > 0;
  const who = cfg.seat === null ? t("Spectating") : t("You are seat {n} {name}", { n: cfg.seat + 1, name: msg.names[cfg.seat] });
  const status = document.getElementById("status");
  status.textContent = msg.finished ? `${who} · ${t("Game over")}` : `${who} · ${msg.prompt ?? (mine ? t("your move") : t("waiting for others"))}`;
  status.className = mine ? "yours" : "";
  document.getElementById("practice").hidden = !msg.practice;
  renderTable(document.getElementById("table"), msg.view);
  document.getElementById("players").replaceChildren(...msg.names.map((n, s) => el("li", { text: `${t("Seat {n}", { n: s + 1 })} ${n}${msg.bots[s] ? ` (${t("bot: {bot}", { bot: msg.bots[s] })})` : ""}${s === cfg.seat ? ` ${t("(you)")}` : ""}${msg.scores ? ` — ${msg.scores[s]}` : ""}` })));
  renderActions(msg, send);
  const undo = document.getElementById("undo");
  undo.hidden = !msg.can_undo;
  undo.onclick = () => table.undo();
  // The log is the side log's (static/follow.js); the end screen the generic one.
  renderEnd(msg, cfg);
}

// The legal actions grouped by kind (headed by the glossary's word, sealed kinds said so),
// a menu for a long list; a title's own page may use it as it is.
export function renderActions(msg, send) {
  const box = document.getElementById("actions");
  if (!msg.legal.length) { box.replaceChildren(el("p", { text: msg.finished ? t("The game is over.") : t("Nothing to do now.") })); return; }
  const groups = new Map();
  for (const a of msg.legal) { if (!groups.has(a.kind)) groups.set(a.kind, []); groups.get(a.kind).push(a); }
  const parts = [];
  for (const [kind, list] of groups) {
    const sealed = msg.sealed.includes(kind);
    const name = term(kind) ?? kind; // the glossary's word for the kind, if any
    const heading = el("h3", { text: sealed ? `${name} — ${t("sealed: only you see it until it is revealed")}` : name });
    if (list.length > 12) {
      // A long list (amounts): one menu and one button instead of a wall of buttons.
      const pick = el("select", { class: "choice", "aria-label": kind }, ...list.map((a, i) => el("option", { value: i, text: a.label ?? a.text })));
      parts.push(el("div", { class: "group", "data-kind": kind }, heading, pick, el("button", { type: "button", class: "act", text: t("Send"), onclick: () => send(list[Number(pick.value)].action) })));
    } else {
      parts.push(el("div", { class: "group", "data-kind": kind }, heading, ...list.map((a) => el("button", { type: "button", class: "act", text: a.label ?? a.text, onclick: () => send(a.action) }))));
    }
  }
  box.replaceChildren(...parts);
}
