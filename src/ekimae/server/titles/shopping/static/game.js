// THE SHOPPING GAME's page: the mall (SVG drawn by the server from the data and the view,
// sent as the overlay), played on the board (issue 31): the blue points a move reaches,
// the cards in front with something to take and the vending machine are targets to click
// (or to reach with Tab and Enter); the move is said in a sentence before Confirm. The
// market prices, every player's crate and what it would pay; the moves of the others
// marked on the mall, each player's disc gliding along; the end screen.
import { el, yen } from "/static/dom.js";
import { t, lang } from "/static/i18n.js";
import { connectTable } from "/static/live.js";
import { setMarker, setSeatColours, seatChip } from "/static/follow.js";
import { renderEnd } from "/static/endscreen.js";
import { initZoom } from "/static/titles/tokyo_metro/zoom.js";

let table = null;
let parts = null;
let cfg = null;
let latest = null;
let svg = null;
let zoom = null;
let sel = null; // what is chosen: { shop } (an item to pick) or { item } (one action)
let selAt = -1;
let fitted = "";
let discs = new Map(); // seat -> {x, y}: where each disc was last drawn

export async function initGame(c) {
  cfg = c;
  parts = await (await fetch("/api/titles/shopping/components")).json();
  setSeatColours(parts.seat_inks);
  setMarker(markMove);
  table = connectTable(cfg, render, "#actions button, #undo, #choice button");
}

// Items and piles are catalogue messages (board.py's NAMES); a drink in Japanese by its
// Japanese name; a fish token ("tuna-15") by its fish.
const drinkName = (d) => (lang === "ja" && d.ja ? d.ja : t(d.name));
const itemName = (token) => {
  const drink = parts.drinks[token];
  if (drink) return drinkName(drink);
  if (parts.items[token]) return t(parts.items[token]);
  const [fish, face] = token.split("-");
  return face ? `${t(fish)} ${face}` : token;
};

// The mall drawn by the server speaks English; its texts carry their catalogue message
// (`data-t`, values in `data-tv`, the place in `data-place`), said here in the page's language.
function translateDrawing(root) {
  if (lang === "en") return;
  for (const node of root.querySelectorAll("[data-t]")) {
    const values = Object.fromEntries(Object.entries(JSON.parse(node.dataset.tv ?? "{}")).map(([k, v]) => [k, typeof v === "string" ? t(v) : v]));
    node.textContent = t(node.dataset.t, values);
  }
  for (const node of root.querySelectorAll("[data-t-label]")) node.setAttribute("aria-label", t(node.dataset.tLabel));
  if (lang === "ja") for (const node of root.querySelectorAll("[data-place]")) node.textContent = parts.places_ja[node.dataset.place] ?? node.textContent;
}

function chip(token) {
  const drink = parts.drinks[token];
  return drink ? el("span", { class: "sh-chip", style: `background:${parts.inks[drink.colour]}`, title: t(drink.colour) }) : null;
}

function items(tokens) {
  if (!tokens.length) return el("span", { text: t("nothing") });
  const counts = new Map();
  for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
  return el("span", {}, ...[...counts].flatMap(([token, n], i) => [
    i ? ", " : "", ...(chip(token) ? [chip(token)] : []), n > 1 ? `${itemName(token)} ×${n}` : itemName(token)]));
}

function render(msg) {
  latest = msg;
  const view = msg.view;
  document.body.dataset.actions = String(msg.actions);
  if (msg.actions !== selAt) { sel = null; selAt = msg.actions; }
  const mine = msg.legal.length > 0;
  const who = cfg.seat === null ? t("Spectating") : t("You are seat {n} {name}", { n: cfg.seat + 1, name: msg.names[cfg.seat] });
  const status = document.getElementById("status");
  status.textContent = msg.finished ? `${who} · ${t("Game over")}` : `${who} · ${msg.prompt ?? ""}`;
  status.className = mine ? "yours" : "";
  document.getElementById("practice").hidden = !msg.practice;
  drawMall(msg);
  renderMarket(view);
  renderPlayers(msg);
  renderChoice(msg);
  renderList(msg);
  const undo = document.getElementById("undo");
  undo.hidden = !msg.can_undo;
  undo.onclick = () => table.undo();
  renderEnd(msg, cfg);
}

// ------------------------------------------------------------------ the mall

function drawMall(msg) {
  const doc = new DOMParser().parseFromString(msg.overlay ?? "<svg xmlns='http://www.w3.org/2000/svg'/>", "image/svg+xml");
  const fresh = document.importNode(doc.documentElement, true);
  translateDrawing(fresh);
  if (!svg) {
    svg = fresh;
    document.getElementById("mall").replaceChildren(svg);
    zoom = initZoom(svg, document.getElementById("zoom"));
    if (innerWidth > 800) zoom.reset(); // a wide screen shows the whole mall
  } else {
    svg.replaceChildren(...fresh.childNodes);
  }
  glide(msg);
}

// Each disc glides from where it was drawn to where it is now (a move said by moving).
function glide(msg) {
  const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  const now = new Map();
  for (const g of svg.querySelectorAll("g.player")) {
    const c = g.querySelector("circle");
    const seat = Number(g.dataset.seat);
    const at = { x: Number(c.getAttribute("cx")), y: Number(c.getAttribute("cy")) };
    now.set(seat, at);
    const was = discs.get(seat);
    if (!reduced && was && (was.x !== at.x || was.y !== at.y)) {
      g.animate([{ transform: `translate(${was.x - at.x}px, ${was.y - at.y}px)` }, { transform: "translate(0, 0)" }], { duration: 600, easing: "ease-in-out" });
    }
  }
  discs = now;
}

const point = (id) => svg.querySelector(`circle[data-point="${id}"]`);

// Where a move of the side log lies on the mall (static/follow.js marks it).
function markMove(entry) {
  const a = entry.action;
  const disc = svg?.querySelector(`g.player[data-seat="${entry.seat}"]`);
  if (!a) return disc ? [disc] : [];
  if (a.type === "move") return [disc, a.to !== "out" ? point(a.to) : null].filter(Boolean);
  if (a.type === "take") return [svg.querySelector(`g.shop[data-shop="${a.shop}"]`)].filter(Boolean);
  if (a.type === "machine") return [svg.querySelector("rect.machine")].filter(Boolean);
  return disc ? [disc] : [];
}

// ------------------------------------------------------------------ choosing on the mall

const SVGNS = "http://www.w3.org/2000/svg";
const svgEl = (tag, attrs) => { const n = document.createElementNS(SVGNS, tag); for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v)); return n; };

function target(node, label, onpick) {
  node.classList.add("sh-target");
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", label);
  const title = svgEl("title", {});
  title.textContent = label;
  node.append(title);
  node.addEventListener("click", onpick);
  node.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); onpick(); } });
  return node;
}

function drawTargets(msg) {
  const layer = svgEl("g", { id: "sh-targets" });
  svg.append(layer);
  const choose = (next) => { sel = next; renderChoice(latest); focusConfirm(); };
  for (const a of msg.legal) {
    if (a.kind === "move" && a.action.to !== "out") {
      const p = point(a.action.to);
      if (!p) continue;
      layer.append(target(svgEl("circle", { cx: p.getAttribute("cx"), cy: p.getAttribute("cy"), r: 15, class: "sh-point-target", "data-point": a.action.to }), a.label ?? a.text, () => choose({ item: a })));
    }
    if (a.kind === "machine") {
      const m = svg.querySelector("rect.machine");
      if (m) layer.append(target(svgEl("rect", { x: m.getAttribute("x"), y: m.getAttribute("y"), width: m.getAttribute("width"), height: m.getAttribute("height"), rx: 6, class: "sh-card-target", "data-machine": "1" }), a.label ?? a.text, () => choose({ item: a })));
    }
  }
  const shops = new Map();
  for (const a of msg.legal.filter((x) => x.kind === "take")) {
    if (!shops.has(a.action.shop)) shops.set(a.action.shop, []);
    shops.get(a.action.shop).push(a);
  }
  for (const [shop, list] of shops) {
    const card = svg.querySelector(`g.shop[data-shop="${shop}"] rect.card`);
    if (!card) continue;
    const label = list.length === 1 ? (list[0].label ?? list[0].text) : t("Take something at {shop}", { shop: shopName(shop) });
    layer.append(target(svgEl("rect", { x: card.getAttribute("x"), y: card.getAttribute("y"), width: card.getAttribute("width"), height: card.getAttribute("height"), rx: 6, class: "sh-card-target", "data-shop": shop }), label,
      () => choose(list.length === 1 ? { item: list[0] } : { shop })));
  }
  fitOnPhone(layer, msg);
}

const shopName = (shop) => {
  const name = parts.shops[shop]?.name ?? shop;
  return lang === "ja" ? parts.places_ja[name] ?? name : name;
};

// On a phone the whole mall is too small to read: show the targets' part of it.
function fitOnPhone(layer, msg) {
  const key = `${msg.actions}`;
  if (fitted === key || !layer.childNodes.length) return;
  fitted = key;
  if (innerWidth > 800) return;
  const box = layer.getBBox();
  if (box.width > 0) zoom.fitTo({ x: box.x, y: box.y, w: box.width, h: box.height }, 110);
}

function focusConfirm() {
  const button = document.getElementById("confirm-btn") ?? document.querySelector("#choice .chip");
  if (!button) return;
  button.focus({ preventScroll: true });
  button.scrollIntoView({ block: "nearest" });
}

function renderChoice(msg) {
  const box = document.getElementById("choice");
  svg?.querySelector("#sh-targets")?.remove();
  const out = [];
  if (!msg.legal.length) {
    out.push(el("p", { class: "waiting", text: msg.finished ? t("The game is over.") : t("Waiting for others.") }));
    box.replaceChildren(...out);
    return;
  }
  if (sel?.item) {
    out.push(el("div", { id: "confirm", role: "group", "aria-label": t("confirm your action") },
      el("p", { id: "confirm-text", text: sel.item.label ?? sel.item.text }),
      el("button", { type: "button", id: "confirm-btn", class: "big", text: t("Confirm"), onclick: () => table.send(sel.item.action) }),
      el("button", { type: "button", id: "back-btn", class: "secondary", text: `← ${t("Back")}`, onclick: () => { sel = null; renderChoice(latest); } })));
    box.replaceChildren(...out);
    return;
  }
  if (sel?.shop) {
    const list = msg.legal.filter((a) => a.kind === "take" && a.action.shop === sel.shop);
    out.push(el("p", { class: "step", text: t("What do you take at {shop}?", { shop: shopName(sel.shop) }) }),
      el("div", { class: "chips" }, ...list.map((a) => el("button", { type: "button", class: "chip", "data-item": a.action.item, text: itemName(a.action.item), onclick: () => { sel = { item: a }; renderChoice(latest); focusConfirm(); } }))),
      el("button", { type: "button", id: "back-btn", class: "secondary", text: `← ${t("Back")}`, onclick: () => { sel = null; renderChoice(latest); } }));
    box.replaceChildren(...out);
    return;
  }
  const take = msg.view.phase === "take";
  out.push(el("p", { class: "step", text: take
    ? t("Click a highlighted card in front of you (or the vending machine) to take from it, or:")
    : t("Click a highlighted blue point to walk there, or:") }));
  const plain = msg.legal.filter((a) => a.kind === "pass" || (a.kind === "move" && a.action.to === "out"));
  out.push(el("div", { class: "big-buttons" }, ...plain.map((a) => el("button", { type: "button", class: `big ${a.kind}`, "data-kind": a.kind, text: a.label ?? a.text, onclick: () => { sel = { item: a }; renderChoice(latest); focusConfirm(); } }))));
  box.replaceChildren(...out);
  if (svg) drawTargets(msg);
}

// Every legal move as a button, for whoever prefers a list (a screen reader, a keyboard).
function renderList(msg) {
  const box = document.getElementById("actions");
  document.getElementById("move-list").hidden = !msg.legal.length;
  box.replaceChildren(...msg.legal.map((a) => el("button", { type: "button", class: "act", "data-kind": a.kind, text: a.label ?? a.text, onclick: () => table.send(a.action) })));
}

// ------------------------------------------------------------------ the rest of the table

function renderMarket(view) {
  const row = (name, value, ink) => el("tr", {}, el("td", {}, ...(ink ? [el("span", { class: "sh-chip", style: `background:${ink}` })] : []), name), el("td", { class: "yen", text: yen(value) }));
  const rows = [
    ...Object.entries(view.piles).map(([pile, price]) => row(parts.piles[pile] ? t(parts.piles[pile]) : pile, price)),
    ...Object.entries(view.colours).map(([colour, price]) => row(t("{colour} drink", { colour: t(colour) }), price, parts.inks[colour])),
    row(t("tuna (next)"), view.tuna_price),
    row(t("salmon"), view.salmon_price),
  ];
  document.getElementById("market").replaceChildren(
    el("table", { class: "sh-market" }, el("tbody", {}, ...rows)),
    el("p", { text: t("Bag: {tuna} tuna, {crab} crabs · vending machine: {n} drinks · barrels left: {b}", { tuna: view.bag.tuna, crab: view.bag.crab, n: view.machine.length, b: view.barrels_left }) }));
}

function renderPlayers(msg) {
  const view = msg.view;
  document.getElementById("players").replaceChildren(...view.players.map((p) => {
    const extra = `${msg.bots[p.seat] ? ` (${t("bot: {bot}", { bot: msg.bots[p.seat] })})` : ""}${p.seat === cfg.seat ? ` ${t("(you)")}` : ""}`;
    const where = p.at === "out" ? t("outside") : p.at;
    return el("div", { class: `sh-player${view.turn === p.seat ? " turn" : ""}`, "data-seat": String(p.seat), style: `--c: var(--seat${p.seat})` },
      el("h3", {}, seatChip(p.seat, msg.names), extra, ...(view.turn === p.seat ? [" ", el("span", { "aria-hidden": "true", text: "▶" }), ` ${t("to act")}`] : [])),
      el("div", { text: `${yen(p.money)} · ${t("barrels")} ${p.barrels}/${parts.exits_each} · ${where}` }),
      el("div", {}, `${t("Crate")} (${yen(p.crate_pays)}): `, items(p.crate)),
      el("div", {}, `${t("Brought out")}: `, items(p.kept)));
  }));
}
