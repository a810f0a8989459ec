import { el, yen, seatName, setOverlay, renderPlayers, renderLines } from "/static/titles/tokyo_metro/common.js";
import { connectTable } from "/static/live.js";

let cards = {};
let table = null;
let latest = null;

export async function initGame(cfg) {
  cards = (await (await fetch("/api/titles/tokyo-metro/components")).json()).cards;
  table = connectTable(cfg, (msg) => { latest = msg; render(cfg, msg); }, "#actions button:not(#hint), #undo");
}

const send = (action) => table.send(action);
const undo = () => table.undo();

let currentCfg = null;

function render(cfg, msg) {
  currentCfg = cfg;
  const v = msg.view;
  // How many actions the game has taken: lets tests (and scripts) wait for the next one.
  document.body.dataset.actions = String(msg.actions);
  const status = document.getElementById("status");
  const mine = cfg.seat !== null && v.to_act.includes(cfg.seat);
  const who = cfg.seat === null ? "Spectating" : `You are seat ${seatName(msg.names, cfg.seat)}`;
  status.textContent = msg.finished ? `${who} · Game over` :
    `${who} · Round ${v.round}/${v.rounds} · ${v.phase} phase · to act: ${v.to_act.map((s) => seatName(msg.names, s)).join(", ")}${mine ? " — your move" : ""}`;
  status.className = mine ? "yours" : "";
  // Every seat is told when the host chose the seed: they may know the decks.
  document.getElementById("practice").hidden = !msg.practice;
  setOverlay(msg.overlay);
  renderPlayers(document.getElementById("players"), v, msg.names, cfg.seat);
  renderLines(document.getElementById("lines-table"), v, msg.names);
  renderCards(v);
  renderActions(msg);
  const undoButton = document.getElementById("undo");
  undoButton.hidden = !msg.can_undo;
  undoButton.onclick = undo;
  document.getElementById("log").replaceChildren(...v.log.map((line) => el("li", { text: line })));
  renderEnd(msg);
}

function renderActions(msg) {
  const box = document.getElementById("actions");
  // The trains phase in words: which train stopped where, and what this seat may do.
  const prompt = msg.prompt ? [el("p", { id: "prompt", text: msg.prompt })] : [];
  if (!msg.legal.length) { box.replaceChildren(...prompt, el("p", { text: msg.finished ? "The game is over." : "Waiting for others." })); return; }
  const groups = new Map();
  for (const a of msg.legal) { if (!groups.has(a.kind)) groups.set(a.kind, []); groups.get(a.kind).push(a); }
  const parts = [];
  for (const [kind, list] of groups) {
    if (kind === "turn-bid") {
      // The bid is sealed: it goes only to the server, which shows it to nobody else.
      const pick = el("select", { id: "bid-amount", "aria-label": "your secret bid" }, ...list.map((a) => el("option", { value: a.action.amount, text: yen(a.action.amount) })));
      parts.push(el("div", { class: "group" }, el("h3", { text: "Secret turn-order bid" }), pick,
        el("button", { id: "bid-submit", type: "button", onclick: () => send({ type: "turn-bid", amount: Number(pick.value) }), text: "Seal bid" })));
      continue;
    }
    parts.push(el("div", { class: "group" }, el("h3", { text: `${kind} (${list.length})` }),
      ...list.map((a) => el("button", { type: "button", class: "act", "data-kind": kind, onclick: () => send(a.action), text: a.label ? `${a.label} (${a.text})` : a.text }))));
  }
  // A push re-draws this box; the hint (asked at some action count) survives it.
  const hintText = el("p", { id: "hint-text", "aria-live": "polite", text: hintLine(msg) });
  const hintButton = el("button", { id: "hint", type: "button", text: "Hint (what would the strong bot do?)", onclick: askHint });
  box.replaceChildren(...prompt, ...parts, el("div", { class: "group" }, hintButton, hintText));
}

let hint = null; // { at: action count when asked, text }

function hintLine(msg) {
  if (!hint) return "";
  return hint.at === msg.actions || hint.text === "Thinking…" ? hint.text : `${hint.text} (asked before the last move)`;
}

async function askHint() {
  const at = latest.actions;
  hint = { at, text: "Thinking…" };
  document.getElementById("hint-text").textContent = hint.text;
  const res = await fetch(`/api/games/${currentCfg.gameId}/hint?token=${encodeURIComponent(currentCfg.token)}`);
  const body = await res.json();
  hint = { at, text: res.ok ? `Hint: ${body.text} (estimated win chance ${Math.round(body.win_chance * 100)}%)` : `No hint: ${body.detail ?? body.error?.message}` };
  const out = document.getElementById("hint-text");
  if (out) out.textContent = hintLine(latest);
}

function renderCards(v) {
  const cols = v.columns.map((c) => el("div", { class: "col" },
    el("strong", { text: `${c.deck} (deck ${c.deck_count})` }),
    ...[...c.cards].reverse().map((id) => el("div", { class: "card" }, el("b", { text: id }),
      ...(cards[id]?.actions ?? []).map((a) => el("div", { class: `spot${a.spot in v.taken ? " taken" : ""}`,
        text: `${a.spot}: ${a.kind}${a.value ? " " + a.value : ""} ×${a.slots}${a.spot in v.taken ? ` [seat ${v.taken[a.spot] + 1}]` : ""}` })))),
    el("div", { text: `discard: ${c.discard_top ?? "—"} (${c.discard_count})` })));
  document.getElementById("cards").replaceChildren(el("div", { class: "cards" }, ...cols));
}

function renderEnd(msg) {
  const end = document.getElementById("end");
  end.hidden = !msg.finished;
  if (!msg.finished) return;
  const f = msg.view.final;
  const ranking = msg.scores.map((s, i) => [s, i]).sort((a, b) => b[0] - a[0]);
  const rows = (f?.lines ?? []).map((l) => el("tr", {}, el("td", { text: l.line }), el("td", { text: yen(l.value) }),
    el("td", { text: l.speculations.map((s) => `seat ${s.seat + 1} paid ${yen(s.paid)}`).join(", ") || "—" }),
    el("td", { text: yen(l.value_after_speculations) }),
    el("td", { text: l.stocks.map((s) => `seat ${s.seat + 1} +${yen(s.paid)}`).join(", ") || "—" })));
  document.getElementById("result").replaceChildren(
    el("ol", { id: "ranking" }, ...ranking.map(([s, i]) => el("li", { text: `${seatName(msg.names, i)}: ${yen(s)}${i === msg.winner ? " (winner)" : ""}` }))),
    el("table", {}, el("thead", {}, el("tr", {}, ...["Line", "Value", "Speculations", "After", "Stock payouts"].map((h) => el("th", { text: h })))), el("tbody", {}, ...rows)),
    el("p", {}, el("a", { href: `/replay/${msg.game_id}`, text: "Watch the replay" })));
}
