// Following the game (issue 31), the same on every title's page: the side log (a right
// column on a wide screen, a drawer behind the last move's line on a phone), the marks
// on the board of what each other seat did since this seat's last action, and the pace at
// which others' moves are shown. live.js starts it; a title tells it where a move lies on
// its board with `setMarker((entry, msg) => [elements])`.
//
// An entry (server/follow.py): { i: the action's index (-1: the setup), seat (null: the
// game), kind, action (its wire form; null when another seat's sealed choice), sealed,
// lines: [[part, …], …] } where a part is text or [kind, value, shown, extra?]: a seat,
// yen, a drink (extra: its ink and glyph), a colour, a name… drawn here.
import { el } from "/static/dom.js";
import { t, lang } from "/static/i18n.js";

let marker = null;
let seatColours = null;

// The title's: which elements of its board an entry's move touched.
export const setMarker = (fn) => { marker = fn; };

// The title's seat colours (its board's), used everywhere on the page (--seatN).
export function setSeatColours(colours) {
  seatColours = colours;
  colours.forEach((c, i) => document.documentElement.style.setProperty(`--seat${i}`, c));
}

const MARKS = "ekimae.marks"; // "0": this browser switched the marks off
const paceKey = (gameId) => `ekimae.pace.${gameId}`;
// "One by one" is the server's pace (Settings.pace_ms), 900 ms where it has none.
const serverPace = () => Number(document.body.dataset.pace) || 900;
const PACES = () => [[0, t("at once")], [400, t("quickly")], [serverPace(), t("one by one")], [1800, t("slowly")]];

// ------------------------------------------------------------------ drawing a line

const coin = () => el("span", { class: "sl-coin", "aria-hidden": "true" });

export function partNode(part, names) {
  if (typeof part === "string") return document.createTextNode(part);
  const [kind, value, shown, extra] = part;
  if (kind === "seat") {
    if (value === null || value === undefined) return el("span", { class: "sl-game", text: shown });
    return seatChip(value, names);
  }
  if (kind === "yen") return el("span", { class: "sl-yen" }, coin(), shown);
  if (kind === "drink" && extra) {
    return el("span", { class: "sl-drink", title: shown },
      el("span", { class: "sl-drink-tile", style: `--ink: ${extra.ink}`, "aria-hidden": "true", text: extra.glyph }), shown);
  }
  if (kind === "colour" && extra) return el("span", { class: "sl-colour" }, el("span", { class: "sl-swatch", style: `--ink: ${extra.ink}`, "aria-hidden": "true" }), shown);
  return el("span", { class: `sl-k sl-k-${kind}`, text: shown });
}

// A seat as players know it: its colour AND its number (colour is never the only cue)
// and the player's name.
export function seatChip(seat, names) {
  const name = names?.[seat] ?? "";
  return el("span", { class: "sl-seat", "data-chip-seat": String(seat), style: `--c: var(--seat${seat})` },
    el("span", { class: "sl-dot", "aria-hidden": "true", text: String(seat + 1) }),
    el("span", { class: "sl-name", text: name || t("Seat {n}", { n: seat + 1 }) }));
}

const plain = (line, names) => line.map((p) => (typeof p === "string" ? p : p[0] === "seat" && p[1] !== null ? (names?.[p[1]] || p[2]) : p[2])).join("");
export const entryText = (entry, names) => entry.lines.map((line) => plain(line, names)).join(" ");

// ------------------------------------------------------------------ the panel

function panel(cfg, replay, onPace) {
  const list = el("ol", { id: "sidelog-list", class: "sl-list", role: "log", "aria-live": replay ? "off" : "polite", "aria-relevant": "additions", "aria-label": t("What happened, newest first") });
  const marks = el("input", { type: "checkbox", id: "sl-marks" });
  marks.checked = localStorage.getItem(MARKS) !== "0";
  const settings = [el("label", { class: "sl-setting" }, marks, ` ${t("Mark the others' moves on the board")}`)];
  let pace = null;
  if (!replay) {
    pace = el("select", { id: "sl-pace", "aria-label": t("Pace of the others' moves") },
      ...PACES().map(([ms, word]) => el("option", { value: String(ms), text: word })));
    settings.push(el("label", { class: "sl-setting" }, `${t("Others' moves shown")} `, pace));
    pace.addEventListener("change", () => { localStorage.setItem(paceKey(cfg.gameId), pace.value); onPace(); });
  }
  const close = el("button", { type: "button", id: "sl-close", class: "sl-close", "aria-label": t("Close the log"), text: "×" });
  const aside = el("aside", { id: "sidelog", class: "sidelog", "aria-labelledby": "sidelog-title" },
    el("div", { class: "sl-head" }, el("h2", { id: "sidelog-title", text: t("Log") }), close),
    el("details", { class: "sl-settings" }, el("summary", { text: t("Settings") }), ...settings),
    list);
  document.body.append(aside);
  document.body.classList.add("has-sidelog");
  // The phone's drawer: the last move's line under the status opens it.
  const last = el("button", { type: "button", id: "last-move", class: "last-move", "aria-controls": "sidelog", "aria-expanded": "false" });
  const status = document.getElementById("status");
  if (status) status.after(last); else document.querySelector("main")?.prepend(last);
  const open = (on) => {
    document.body.classList.toggle("sl-open", on);
    last.setAttribute("aria-expanded", String(on));
    if (on) close.focus(); else last.focus();
  };
  last.addEventListener("click", () => open(!document.body.classList.contains("sl-open")));
  close.addEventListener("click", () => open(false));
  document.addEventListener("keydown", (ev) => { if (ev.key === "Escape" && document.body.classList.contains("sl-open")) open(false); });
  marks.addEventListener("change", () => { localStorage.setItem(MARKS, marks.checked ? "1" : "0"); onPace(); });
  return { list, marks, pace, last };
}

// ------------------------------------------------------------------ marks on the board

const SVGNS = "http://www.w3.org/2000/svg";

function ring(node, seat, fresh) {
  const svg = node.ownerSVGElement;
  let box;
  try { box = node.getBBox(); } catch { return; }
  if (!box || (!box.width && !box.height)) return;
  const m = svg.getCTM()?.inverse().multiply(node.getCTM() ?? svg.getCTM());
  if (!m) return;
  const pts = [[box.x, box.y], [box.x + box.width, box.y], [box.x, box.y + box.height], [box.x + box.width, box.y + box.height]]
    .map(([x, y]) => new DOMPoint(x, y).matrixTransform(m));
  const xs = pts.map((p) => p.x), ys = pts.map((p) => p.y);
  const pad = 4;
  const x = Math.min(...xs) - pad, y = Math.min(...ys) - pad, w = Math.max(...xs) - x + pad, h = Math.max(...ys) - y + pad;
  let layer = svg.querySelector(":scope > g.follow-layer");
  if (!layer) { layer = document.createElementNS(SVGNS, "g"); layer.setAttribute("class", "follow-layer"); layer.setAttribute("pointer-events", "none"); svg.append(layer); }
  const g = document.createElementNS(SVGNS, "g");
  g.setAttribute("class", `follow-ring${fresh ? " follow-new" : ""}`);
  g.setAttribute("data-seat", String(seat));
  g.style.setProperty("--hl", `var(--seat${seat})`);
  const rect = document.createElementNS(SVGNS, "rect");
  for (const [k, v] of Object.entries({ x, y, width: w, height: h, rx: 6 })) rect.setAttribute(k, String(v));
  const badge = document.createElementNS(SVGNS, "circle");
  for (const [k, v] of Object.entries({ cx: x + w, cy: y, r: 8 })) badge.setAttribute(k, String(v));
  const number = document.createElementNS(SVGNS, "text");
  for (const [k, v] of Object.entries({ x: x + w, y: y + 4, "text-anchor": "middle" })) number.setAttribute(k, String(v));
  number.textContent = String(seat + 1);
  g.append(rect, badge, number);
  layer.append(g);
}

function markNode(node, seat, fresh) {
  if (!node) return;
  if (node instanceof SVGGraphicsElement && node.ownerSVGElement) { ring(node, seat, fresh); return; }
  node.classList.add("follow-hl");
  node.classList.toggle("follow-new", fresh);
  node.style.setProperty("--hl", `var(--seat${seat})`);
  node.dataset.hlSeat = String(seat + 1);
}

function clearMarks() {
  for (const node of document.querySelectorAll(".follow-ring")) node.remove();
  for (const node of document.querySelectorAll(".follow-hl")) { node.classList.remove("follow-hl", "follow-new", "follow-pick"); delete node.dataset.hlSeat; }
}

// ------------------------------------------------------------------ the whole

export function initFollow(cfg, { replay = false, onPick = null } = {}) {
  const entries = new Map(); // i -> entry
  const drawn = new Map(); // i -> [li, its entry's JSON]
  let names = [];
  let latest = null;
  let fetching = null;
  let markedBefore = new Set(); // entries marked at the last update: the rest are new
  let picked = null; // an entry chosen in the log: its move marked on the board
  const ui = panel(cfg, replay, () => latest && after(latest));

  const paceMs = () => {
    if (replay || latest?.real_time) return 0;
    const own = localStorage.getItem(paceKey(cfg.gameId));
    return Number(own ?? document.body.dataset.pace ?? 0) || 0;
  };
  if (ui.pace) ui.pace.value = String(PACES().map(([ms]) => ms).includes(paceMs()) ? paceMs() : serverPace());

  const pick = (entry) => {
    picked = entry.i;
    const handler = api.onPick ?? onPick;
    if (handler) handler(entry); else if (latest) after(latest);
  };

  const lineNodes = (entry) => entry.lines.map((line) => el("span", { class: "sl-line" }, ...line.map((p) => partNode(p, names))));
  const itemFor = (entry) => {
    const body = el("button", { type: "button", class: "sl-pick", "data-i": String(entry.i), title: t("Show this move on the board") }, ...lineNodes(entry));
    body.addEventListener("click", () => pick(entry));
    const seat = entry.seat ?? null;
    return el("li", { class: `sl-entry${entry.sealed ? " sealed" : ""}`, "data-i": String(entry.i), "data-seat": seat ?? "", "data-kind": entry.kind, ...(seat !== null ? { style: `--c: var(--seat${seat})` } : {}) }, body);
  };

  // The list, newest first: only what changed is redrawn (a screen reader hears the new).
  const drawList = () => {
    const keep = new Set();
    const ordered = [...entries.keys()].sort((a, b) => b - a);
    let before = null; // the node the next (older) entry goes after
    for (const i of ordered) {
      const entry = entries.get(i);
      if (!entry.lines.length) continue;
      keep.add(i);
      const json = JSON.stringify(entry);
      let found = drawn.get(i);
      if (!found || found[1] !== json) {
        const li = itemFor(entry);
        if (found) found[0].replaceWith(li);
        found = [li, json];
        drawn.set(i, found);
      }
      const li = found[0];
      if (before === null) { if (ui.list.firstChild !== li) ui.list.prepend(li); } else if (before.nextSibling !== li) before.after(li);
      before = li;
    }
    for (const [i, [li]] of drawn) if (!keep.has(i)) { li.remove(); drawn.delete(i); }
    const newest = ordered.map((i) => entries.get(i)).find((e) => e.lines.length);
    ui.last.replaceChildren(el("span", { class: "lm-label", text: `${t("Last move:")} ` }),
      ...(newest ? [el("span", { class: "lm-text" }, ...lineNodes(newest).slice(-1))] : [el("span", { text: "—" })]),
      el("span", { class: "lm-open" }, ` · ${t("Log")} `, el("span", { "aria-hidden": "true", text: "▸" })));
    document.body.dataset.sidelog = String(drawn.size);
  };

  const load = async (params) => {
    const q = new URLSearchParams({ lang, ...params });
    const res = await fetch(`/api/games/${encodeURIComponent(cfg.gameId)}/moves?${q}`);
    if (!res.ok) return null;
    return res.json();
  };

  // The whole log (a new page, a gap after a reconnection, a replay's seat).
  const fetchAll = (params) => {
    fetching ??= load(params).then((data) => {
      fetching = null;
      if (!data) return;
      names = data.names ?? names;
      entries.clear();
      for (const e of data.moves) entries.set(e.i, e);
      drawList();
      if (latest) after(latest);
    });
    return fetching;
  };

  function merge(msg) {
    names = msg.names ?? names;
    if (replay) return; // the move list is the whole game's (`loadReplay`)
    const from = msg.moves_from ?? 0;
    for (const i of [...entries.keys()]) if (i >= msg.actions || i >= from) entries.delete(i);
    for (const e of msg.moves ?? []) entries.set(e.i, e);
    const known = [...entries.keys()].filter((i) => i >= 0 && i < from);
    const gap = !replay && from > 0 && known.length < from;
    if (gap) fetchAll({ since: "0", ...(cfg.token ? { token: cfg.token } : {}) });
  }

  // Which entries to mark: in a replay the step's move; for a spectator the last move;
  // for a seat everything the others did since its own last action.
  function targets(msg) {
    const all = [...entries.values()].filter((e) => e.i >= 0 && e.i < msg.actions).sort((a, b) => a.i - b.i);
    if (replay && !all.some((e) => e.i === msg.actions - 1)) all.push(...(msg.moves ?? []));
    if (picked !== null) return all.filter((e) => e.i === picked);
    if (replay) return all.filter((e) => e.i === msg.actions - 1);
    if (msg.finished) return []; // the end screen says the rest
    const me = cfg.seat;
    if (me === null || me === undefined) return all.slice(-1);
    let mine = -1;
    for (const e of all) if (e.seat === me) mine = e.i;
    return all.filter((e) => e.i > mine && e.seat !== me && e.seat !== null);
  }

  function after(msg) {
    latest = msg;
    clearMarks();
    if (!marker) return;
    if (picked !== null && !entries.has(picked)) picked = null;
    const chosen = ui.marks.checked || picked !== null ? targets(msg) : [];
    const now = new Set();
    for (const entry of chosen) {
      let nodes = [];
      try { nodes = marker(entry, msg) ?? []; } catch { nodes = []; }
      const fresh = !markedBefore.has(entry.i) || picked === entry.i;
      for (const node of nodes) markNode(node, entry.seat ?? 0, fresh);
      now.add(entry.i);
    }
    markedBefore = now;
    for (const li of ui.list.querySelectorAll(".sl-entry")) li.classList.toggle("marked", now.has(Number(li.dataset.i)));
    document.body.dataset.marked = String(document.querySelectorAll(".follow-ring, .follow-hl").length);
    picked = null;
  }

  const api = {
    onPick: null, // a replay's: a chosen move shows the table after it
    // Before the title draws an update: the entries it carries.
    update(msg) {
      merge(msg);
      drawList();
    },
    // After the title drew it: the marks on its board.
    after,
    // A replay's move list, as one view saw it ("all" or a seat's number).
    loadReplay: (seat) => fetchAll({ seat }),
    paceMs,
    // Whether an update shows a move of someone else (then the next waits `paceMs`).
    othersMove(msg, before) {
      if (!before || msg.actions <= before.actions) return false;
      const newest = (msg.moves ?? []).filter((e) => e.i === msg.actions - 1)[0];
      return newest ? newest.seat !== cfg.seat : false;
    },
    entries: () => [...entries.values()],
    names: () => names,
    seatColours: () => seatColours,
  };
  return api;
}
