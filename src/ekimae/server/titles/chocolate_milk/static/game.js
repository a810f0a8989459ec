// CHOCOLATE MILK's page: the board the server drew from this seat's view (grid, Stock
// cards, crates), played on the board (issue 31): a card of the grid next to your
// architect to step there and buy (then the drink and the crate, if there is a choice), a
// Stock card to sell on it (then which drinks), a button for a new crate; each move said in
// a sentence before Confirm. The others' moves marked on the board, the end screen.
import { el } from "/static/dom.js";
import { t } from "/static/i18n.js";
import { connectTable } from "/static/live.js";
import { setMarker, setSeatColours, seatChip } from "/static/follow.js";
import { renderEnd } from "/static/endscreen.js";
import { translateBoard } from "/static/titles/chocolate_milk/drawing.js";

let table = null;
let cfg = null;
let latest = null;
let sel = null; // { cell } or { card } chosen on the board, or { item } (one action)
let selAt = -1;

export async function initGame(c) {
  cfg = c;
  const parts = await (await fetch("/api/titles/chocolate-milk/components")).json();
  setSeatColours(parts.seat_inks);
  setMarker(markMove);
  table = connectTable(cfg, render, "#actions button, #undo, #choice button");
}

function render(msg) {
  latest = msg;
  document.body.dataset.actions = String(msg.actions);
  if (msg.actions !== selAt) { sel = null; selAt = msg.actions; }
  const mine = msg.legal.length > 0;
  const who = cfg.seat === null ? t("Spectating") : t("You are seat {n} {name}", { n: cfg.seat + 1, name: msg.names[cfg.seat] });
  const status = document.getElementById("status");
  status.textContent = msg.finished ? `${who} · ${t("Game over")} · ${msg.prompt ?? ""}` : `${who} · ${msg.prompt ?? (mine ? t("your move") : t("waiting for others"))}`;
  status.className = mine ? "yours" : "";
  document.getElementById("practice").hidden = !msg.practice;
  // The server builds the board from the view, escaping every text it puts in.
  document.getElementById("board").innerHTML = msg.overlay ?? "";
  translateBoard(document.getElementById("board"));
  document.getElementById("players").replaceChildren(...msg.names.map((n, s) => el("li", { "data-seat": String(s) }, seatChip(s, msg.names),
    `${msg.bots[s] ? ` (${t("bot: {bot}", { bot: msg.bots[s] })})` : ""}${s === cfg.seat ? ` ${t("(you)")}` : ""}`)));
  renderChoice(msg);
  renderList(msg);
  const undo = document.getElementById("undo");
  undo.hidden = !msg.can_undo;
  undo.onclick = () => table.undo();
  renderEnd(msg, cfg);
}

// Where a move of the side log lies on the board (static/follow.js marks it).
function markMove(entry) {
  const a = entry.action;
  const board = document.getElementById("board");
  const crates = board.querySelector(`.cm-crates[data-seat="${entry.seat}"]`);
  if (!a) return [];
  if (a.type === "buy") return [board.querySelector(`.cm-cell[data-cell="${a.cell}"]`), crates].filter(Boolean);
  if (a.type === "sell") return [board.querySelector(`.cm-card[data-card="${a.card}"]`), crates].filter(Boolean);
  if (a.type === "crate") return [crates].filter(Boolean);
  return [];
}

// ------------------------------------------------------------------ choosing on the board

function target(node, label, onpick) {
  node.classList.add("cm-target");
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", label);
  node.addEventListener("click", onpick);
  node.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); onpick(); } });
}

const choose = (next) => { sel = next; renderChoice(latest); focusConfirm(); };
const again = () => { sel = null; renderChoice(latest); };

function focusConfirm() {
  const button = document.getElementById("confirm-btn") ?? document.querySelector("#choice .chip");
  if (!button) return;
  button.focus({ preventScroll: true });
  button.scrollIntoView({ block: "nearest" });
}

const group = (list, key) => {
  const out = new Map();
  for (const a of list) { const k = key(a); if (!out.has(k)) out.set(k, []); out.get(k).push(a); }
  return out;
};

function drawTargets(msg) {
  const board = document.getElementById("board");
  const pick = (list, what) => (list.length === 1 ? { item: list[0] } : what);
  for (const [cell, list] of group(msg.legal.filter((a) => a.kind === "buy"), (a) => a.action.cell)) {
    const node = board.querySelector(`.cm-cell[data-cell="${cell}"]`);
    if (node) target(node, list.length === 1 ? list[0].label : t("Step to {cell} and buy a drink there", { cell }), () => choose(pick(list, { cell })));
  }
  for (const [card, list] of group(msg.legal.filter((a) => a.kind === "sell"), (a) => a.action.card)) {
    const node = board.querySelector(`.cm-card[data-card="${card}"]`);
    if (node) target(node, list.length === 1 ? list[0].label : t("Sell drinks on this card"), () => choose(pick(list, { card })));
  }
}

function chips(list) {
  // A long list (a sale of many drinks): a menu and a button instead of a wall of chips.
  if (list.length > 8) {
    const menu = el("select", { id: "option-pick", "aria-label": t("Choose") }, ...list.map((a, i) => el("option", { value: String(i), text: a.label ?? a.text })));
    return el("div", { class: "chips" }, menu, el("button", { type: "button", class: "chip", text: t("Choose"), onclick: () => choose({ item: list[Number(menu.value)] }) }));
  }
  return el("div", { class: "chips" }, ...list.map((a) => el("button", { type: "button", class: "chip", "data-kind": a.kind, text: a.label ?? a.text, onclick: () => choose({ item: a }) })));
}

function renderChoice(msg) {
  const box = document.getElementById("choice");
  const back = el("button", { type: "button", id: "back-btn", class: "secondary", text: `← ${t("Back")}`, onclick: again });
  if (!msg.legal.length) {
    box.replaceChildren(el("p", { class: "waiting", text: msg.finished ? t("The game is over.") : t("Waiting for others.") }));
    return;
  }
  if (sel?.item) {
    box.replaceChildren(el("div", { id: "confirm", role: "group", "aria-label": t("confirm your action") },
      el("p", { id: "confirm-text", text: sel.item.label ?? sel.item.text }),
      el("button", { type: "button", id: "confirm-btn", class: "big", text: t("Confirm"), onclick: () => table.send(sel.item.action) }), back));
    return;
  }
  if (sel?.cell) {
    const list = msg.legal.filter((a) => a.kind === "buy" && a.action.cell === sel.cell);
    box.replaceChildren(el("p", { class: "step", text: t("Which drink, into which crate?") }), chips(list), back);
    return;
  }
  if (sel?.card) {
    const list = msg.legal.filter((a) => a.kind === "sell" && a.action.card === sel.card);
    box.replaceChildren(el("p", { class: "step", text: t("Which drinks do you sell?") }), chips(list), back);
    return;
  }
  const plain = msg.legal.filter((a) => a.kind === "crate" || a.kind === "pass");
  box.replaceChildren(
    el("p", { class: "step", text: t("Click a highlighted card of the grid to step there and buy, or a highlighted Stock card to sell on it, or:") }),
    el("div", { class: "big-buttons" }, ...plain.map((a) => el("button", { type: "button", class: `big ${a.kind}`, "data-kind": a.kind, text: a.label ?? a.text, onclick: () => choose({ item: a }) }))));
  drawTargets(msg);
}

// Every legal move as a button, for whoever prefers a list (a screen reader, a keyboard).
function renderList(msg) {
  document.getElementById("move-list").hidden = !msg.legal.length;
  document.getElementById("actions").replaceChildren(...msg.legal.map((a) => el("button", { type: "button", class: "act", "data-kind": a.kind, text: a.label ?? a.text, onclick: () => table.send(a.action) })));
}
