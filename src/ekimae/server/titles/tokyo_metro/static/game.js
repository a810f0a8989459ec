import { el, yen, seatName, setOverlay, renderPlayers, renderLines } from "/static/titles/tokyo_metro/common.js";

let cards = {};
let socket = null;
let latest = null;
let retry = 500;
// An action sent and not yet answered (ack or error): its buttons stay disabled, so a
// double click or a click on a page about to change cannot send a second, stale action.
let pending = false;

export async function initGame(cfg) {
  cards = (await (await fetch("/api/titles/tokyo-metro/components")).json()).cards;
  connect(cfg);
}

function connect(cfg) {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const q = cfg.token ? `?token=${encodeURIComponent(cfg.token)}` : "";
  socket = new WebSocket(`${proto}://${location.host}/ws/${cfg.gameId}${q}`);
  socket.onopen = () => { retry = 500; };
  socket.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "state") { latest = msg; render(cfg, msg); }
    else if (msg.type === "error") { setPending(false); document.getElementById("error").textContent = `Refused: ${msg.error.message}`; }
    else if (msg.type === "ack" || msg.type === "undone") setPending(false);
  };
  // Resume on a dropped connection: the server pushes the full current view on connect.
  socket.onclose = (ev) => {
    if (ev.code === 4403) {
      // The host withdrew this seat's link (or it was never valid): reconnecting cannot help.
      document.getElementById("status").textContent = "This link no longer opens a seat: the host withdrew it. Ask them for a new invitation.";
      return;
    }
    // The fresh view pushed on reconnect tells whether the action was taken.
    setPending(false);
    document.getElementById("status").textContent = "Connection lost — reconnecting…";
    setTimeout(() => connect(cfg), retry);
    retry = Math.min(retry * 2, 8000);
  };
}

function setPending(on) {
  pending = on;
  document.body.dataset.pending = on ? "1" : "";
  for (const b of document.querySelectorAll("#actions button:not(#hint), #undo")) b.disabled = on;
}

function send(action) {
  document.getElementById("error").textContent = "";
  setPending(true);
  // In a step where seats act at once (sealed bids), `seq` (this seat's own count) keeps
  // one seat's bid from making another's stale; otherwise the game-wide `expected`.
  const guard = latest.simultaneous ? { seq: latest.seq } : { expected: latest.actions };
  socket.send(JSON.stringify({ type: "act", action, ...guard, key: crypto.randomUUID() }));
}

function undo() {
  document.getElementById("error").textContent = "";
  setPending(true);
  // `expected` makes the server refuse if anyone acted since this page last heard.
  socket.send(JSON.stringify({ type: "undo", expected: latest.actions }));
}

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
  setPending(pending);
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
