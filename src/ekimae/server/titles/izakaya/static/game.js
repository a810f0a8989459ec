// IZAKAYA's page (issue 18): the parcel grid (cards, owners' pyramids, floors, corner
// drinks as ink + shape glyph, claimed edges), the Colour cards with their prices, bids
// sealed privately, and building: choose an element from the pool (IZ-3.4: no trying),
// then place it on one of your cards — R turns, F flips, the ghost says why a spot is
// refused. TOKYO JUTAKU's drawing pieces are imported from its page. The page only sends
// actions the server listed as legal.
import { el, yen } from "/static/dom.js";
import { t } from "/static/i18n.js";
import { connectTable } from "/static/live.js";
import { hintPanel } from "/static/hint.js";
import { setMarker, setSeatColours, seatChip } from "/static/follow.js";
import { renderEnd } from "/static/endscreen.js";
import { svg, SEAT_COLORS, DISTRICT_COLORS, reoriented, shapeSvg, elementColor, isoTower, elementName, placeName, keyboardPlot, refocus } from "/static/titles/jutaku_kit/pieces.js";

const U = 100; // one card on the board's drawing
const M = 24; // the board's margin
let comps = null;
let table = null;
let cfg = null;
let turn = 0; // the orientation of the chosen element
let handOf = null;
let colour = null; // the Colour card picked for a bottle
let edge = null; // the edge picked for a claim
let hints = null; // the hint panel (static/hint.js)
let hover = null; // {space, plot, x, y} under the pointer

export async function initGame(c) {
  cfg = c;
  comps = await (await fetch("/api/titles/izakaya/components")).json();
  setSeatColours(SEAT_COLORS);
  setMarker(markMove);
  // Only these wait for an answer: the Colour cards and the pool are enabled by legality.
  table = connectTable(cfg, render, "#moves button, #bid-send, #undo");
  hints = hintPanel(cfg, latest);
  document.getElementById("undo").before(hints.node);
  document.addEventListener("keydown", (ev) => {
    if (ev.target instanceof HTMLInputElement || ev.target instanceof HTMLSelectElement) return;
    if (ev.key === "r" || ev.key === "R") { reorient("rot"); ev.preventDefault(); }
    if (ev.key === "f" || ev.key === "F") { reorient("flip"); ev.preventDefault(); }
  });
  document.getElementById("rot").onclick = () => reorient("rot");
  document.getElementById("flip").onclick = () => reorient("flip");
}

const latest = () => table?.latest();

const legalOf = (kind) => (latest()?.legal ?? []).filter((a) => a.kind === kind);
const send = (a) => { colour = null; edge = null; table.send(a.action); };
const seatColor = (s) => SEAT_COLORS[s % SEAT_COLORS.length];
const color = (id) => elementColor(comps.elements, id);
const grid = (v) => comps.grids[String(v.order.length)];
const placing = (v) => (v.pending && v.pending[0] === "place" ? v.pending[1] : null);

function reorient(how) {
  const msg = latest();
  const hand = msg ? placing(msg.view) : null;
  if (!hand) return;
  turn = reoriented(comps.elements[hand].shapes, turn, how);
  draw();
  ghosts();
}

function render(msg) {
  document.body.dataset.actions = String(msg.actions);
  document.body.dataset.phase = msg.view.phase;
  const hand = placing(msg.view);
  if (hand !== handOf) { handOf = hand; turn = 0; }
  hints?.update(msg);
  draw();
}

function draw() {
  const msg = latest();
  if (!msg || !comps) return;
  const v = msg.view;
  const mine = msg.legal.length > 0;
  const who = cfg.seat === null ? t("Spectating") : t("You are seat {n} {name}", { n: cfg.seat + 1, name: msg.names[cfg.seat] });
  const status = document.getElementById("status");
  status.textContent = msg.finished ? `${who} · ${t("Game over")}` : `${who} · ${msg.prompt ?? ""}`;
  status.className = mine ? "yours" : "";
  document.getElementById("practice").hidden = !msg.practice;
  document.getElementById("pile").textContent = t("Round {round} · bid pile {pile} of {end}", { round: v.round, pile: yen(v.pile), end: yen(v.end_pile) }) + (v.last ? ` · ${t("last action phase")}` : "");
  drawBoard(v);
  drawMarket(v);
  drawBid(v);
  drawMoves();
  drawBuild(v);
  drawPlayers(msg);
  const undo = document.getElementById("undo");
  undo.hidden = !msg.can_undo;
  undo.onclick = () => table.undo();
  renderEnd(msg, cfg);
}

// Where a move of the side log lies on the table (static/follow.js marks it): a drink's
// corner, a claimed edge and card, a built card, the Colour cards of a price move; a
// sealed bid only in its player's panel.
function markMove(entry) {
  const a = entry.action;
  const board = document.getElementById("board");
  const panel = document.querySelector(`#players .iz-player[data-seat="${entry.seat}"]`);
  if (!a) return [panel];
  if (a.type === "bottle") return [board.querySelector(`[data-corner="${a.corner}"]`)];
  if (a.type === "claim") return [board.querySelector(`[data-edge-line="${a.edge}"]`), board.querySelector(`rect[data-space="${a.space}"]`)];
  if (a.type === "place") return [board.querySelector(`rect[data-space="${a.space}"]`)];
  if (a.type === "price") return [...document.querySelectorAll(`#market .iz-colour[data-colour="${a.source}"], #market .iz-colour[data-colour="${a.target}"]`)];
  return [panel];
}

// -- the grid ------------------------------------------------------------------------

const at = (space) => [space.charCodeAt(0) - 65, Number(space.slice(1)) - 1]; // [col, row]

function drawBoard(v) {
  const g = grid(v);
  const size = g.size * U + 2 * M;
  const root = svg("svg", { viewBox: `0 0 ${size} ${size}`, role: "img", "aria-label": t("The parcel grid") });
  const claims = legalOf("claim");
  for (const [space, card] of Object.entries(v.grid)) {
    const [c, r] = at(space);
    const x = M + c * U, y = M + r * U;
    const out = space === g.centre;
    const info = comps.cards[card];
    const owner = v.owners[space];
    const target = edge && claims.some((a) => a.action.edge === edge && a.action.space === space);
    const rect = svg("rect", { x: x + 2, y: y + 2, width: U - 4, height: U - 4, rx: 6, fill: out ? "#9bb7d4" : DISTRICT_COLORS[info.district] ?? "#eee", stroke: "#555", class: target ? "hot pick" : "", "data-space": space });
    if (target) keyTarget(rect, t("Take {space}", { space }), () => send(claims.find((a) => a.action.edge === edge && a.action.space === space)));
    root.append(rect, svg("text", { x: x + 8, y: y + 20, "font-size": 15 }, space));
    if (out) { root.append(svg("text", { x: x + U / 2, y: y + U / 2 + 8, "text-anchor": "middle", "font-size": 28, fill: "#fff", class: "iz-out", "data-space": space }, "×")); continue; }
    const built = (v.buildings[space] ?? []).map((b) => height(b));
    root.append(svg("text", { x: x + 8, y: y + U - 12, "font-size": 13, class: "iz-floors", "data-space": space }, `${built.reduce((a, b) => a + b, 0)}/${info.floors * info.plots.length}▲`));
    if (owner !== undefined) root.append(svg("polygon", { points: `${x + U - 30},${y + U - 12} ${x + U - 12},${y + U - 12} ${x + U - 21},${y + U - 38}`, fill: seatColor(owner), stroke: "#222", class: "iz-pyramid", "data-space": space, "data-seat": owner }));
  }
  for (const [name, [a, b]] of Object.entries(g.edges)) {
    const [c1, r1] = at(a), [c2] = at(b);
    const vertical = c1 !== c2;
    const x1 = vertical ? M + (c1 + 1) * U : M + c1 * U + 30, y1 = vertical ? M + r1 * U + 30 : M + (r1 + 1) * U;
    const x2 = vertical ? x1 : x1 + U - 60, y2 = vertical ? y1 + U - 60 : y1;
    const who = v.claims[name];
    const open = claims.some((a) => a.action.edge === name);
    root.append(svg("line", { x1, y1, x2, y2, stroke: who !== undefined ? seatColor(who) : open ? (edge === name ? "#c00" : "#222") : "transparent", "stroke-width": who !== undefined ? 9 : 5, "stroke-dasharray": who !== undefined ? "" : "6 5", "data-edge-line": name, ...(who !== undefined ? { class: "iz-claim", "data-claim": name } : {}) }));
    if (open) {
      // A wide transparent band over the edge: the click target (a bare line is too thin).
      const hit = svg("rect", { x: Math.min(x1, x2) - 10, y: Math.min(y1, y2) - 10, width: Math.abs(x2 - x1) + 20, height: Math.abs(y2 - y1) + 20, fill: "transparent", class: "hot edge", "data-edge": name });
      keyTarget(hit, t("Claim the edge {edge}", { edge: name }), () => { edge = edge === name ? null : name; pickClaim(); });
      root.append(hit);
    }
  }
  const bottles = legalOf("bottle");
  for (const [name, [r, c]] of Object.entries(g.corners)) {
    const x = M + c * U, y = M + r * U;
    const drink = v.drinks[name];
    const target = colour && bottles.find((a) => a.action.colour === colour && a.action.corner === name);
    if (drink) {
      const d = comps.drinks[drink];
      root.append(svg("circle", { cx: x, cy: y, r: 14, fill: comps.colours[d.colour], stroke: "#222", "data-corner": name, "data-drink-corner": name }),
        svg("text", { x, y: y + 6, "text-anchor": "middle", "font-size": 16, fill: d.colour === "white" || d.colour === "mint" ? "#000" : "#fff", "data-drink-corner": name }, d.glyph));
    } else {
      const dot = svg("circle", { cx: x, cy: y, r: target ? 13 : 6, fill: target ? comps.colours[colour] : "#fff", stroke: "#333", "stroke-dasharray": target ? "3 2" : "", class: target ? "hot" : "", "data-corner": name });
      if (target) keyTarget(dot, t("Put the drink on the corner of {cards}", { cards: cornerCards(g, name) }), () => send(target));
      root.append(dot);
    }
  }
  document.getElementById("board").replaceChildren(root);
}

// A target on the grid, for the mouse and the keyboard alike (issue 31): Tab reaches it,
// Enter or Space chooses it; its name says what it does (not its colour alone).
function keyTarget(node, label, pick) {
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", label);
  node.addEventListener("click", pick);
  node.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); pick(); } });
}

// The cards a corner touches: "A1/A2/B1/B2".
function cornerCards(g, name) {
  const [r, c] = g.corners[name];
  const cards = [];
  for (const [dr, dc] of [[-1, -1], [-1, 0], [0, -1], [0, 0]]) {
    const rr = r + dr, cc = c + dc;
    if (rr >= 0 && cc >= 0 && rr < g.size && cc < g.size) cards.push(`${"ABCDEFGH"[cc]}${rr + 1}`);
  }
  return cards.join("/");
}

function pickClaim() {
  const options = legalOf("claim").filter((a) => a.action.edge === edge);
  if (options.length === 1) send(options[0]);
  else draw();
}

function height(pieces) { return pieces.reduce((top, p) => Math.max(top, p[4] + 1), 0); }

// -- Colour cards, bids, other moves ------------------------------------------------------

function drawMarket(v) {
  const bottles = legalOf("bottle");
  document.getElementById("market").replaceChildren(...Object.entries(v.prices).map(([key, price], i) => {
    const left = 6 - v.taken[i];
    const disc = v.colour_discs[key];
    const open = bottles.some((a) => a.action.colour === key);
    const b = el("button", { type: "button", class: "iz-colour", "aria-pressed": String(colour === key), "data-colour": key },
      el("span", { class: "swatch", style: `background:${comps.colours[key]}` }), `${t(key)} ${yen(price)} ×${left}`, disc !== undefined ? ` ●${disc + 1}` : "");
    b.disabled = !open;
    b.onclick = () => { colour = colour === key ? null : key; draw(); };
    return b;
  }));
}

function drawBid(v) {
  const bids = legalOf("bid");
  const box = document.getElementById("bid-box");
  box.hidden = !bids.length;
  if (!bids.length) return;
  const pick = document.getElementById("bid-amount");
  if (pick.options.length !== bids.length) pick.replaceChildren(...bids.map((a, i) => el("option", { value: i, text: yen(a.action.amount) })));
  document.getElementById("bid-send").onclick = () => send(bids[Number(pick.value)]);
}

function drawMoves() {
  const parts = [];
  const prices = legalOf("price");
  if (prices.length) {
    const pick = el("select", { id: "price-pick", "aria-label": t("Move a ¥100 coin") }, ...prices.map((a, i) => el("option", { value: i, text: a.label ?? t("{from} → {to}", { from: a.action.source, to: a.action.target }) })));
    parts.push(pick, el("button", { type: "button", id: "price-send", text: t("Move a ¥100 coin"), onclick: () => send(prices[Number(pick.value)]) }));
  }
  if (legalOf("claim").length) parts.push(el("span", { text: edge ? t("Now click a card beside the edge") : t("Claim: click a dashed edge") }));
  if (legalOf("bottle").length) parts.push(el("span", { text: colour ? t("Now click a corner") : t("Bottle: pick a Colour card") }));
  for (const a of legalOf("pass")) parts.push(el("button", { type: "button", text: t("Pass"), onclick: () => send(a) }));
  document.getElementById("moves").replaceChildren(...parts);
}

// -- building -----------------------------------------------------------------------------

function drawBuild(v) {
  const box = document.getElementById("build-box");
  const own = cfg.seat === null ? [] : Object.entries(v.owners).filter(([, s]) => s === cfg.seat).map(([space]) => space);
  box.hidden = !own.length;
  if (!own.length) return;
  const hand = placing(v);
  const mine = hand && v.to_act[0] === cfg.seat;
  document.getElementById("hand").replaceChildren(...(mine ? [el("span", { text: t("Place {element}", { element: elementName(comps.elements[hand].name) }) }), shapeSvg(comps.elements[hand].shapes[turn], 48, color(hand))] : []));
  document.getElementById("tools").style.display = mine ? "" : "none"; // .ju-tools sets display
  const choices = [...legalOf("build"), ...legalOf("free")];
  document.getElementById("pool").replaceChildren(...v.pool.map((id) => {
    const a = choices.find((x) => x.action.element === id);
    const b = el("button", { type: "button", class: "ju-el", title: elementName(comps.elements[id].name), "data-element": id }, shapeSvg(comps.elements[id].shapes[0], 34, color(id)));
    b.disabled = !a || !!document.body.dataset.pending;
    if (a) b.onclick = () => send(a);
    return b;
  }));
  document.getElementById("cards").replaceChildren(...own.map((space) => cardView(v, space, mine ? hand : null)));
  refocus(document.getElementById("cards"));
}

function cardView(v, space, hand) {
  const info = comps.cards[v.grid[space]];
  const built = v.buildings[space] ?? [];
  const plans = info.plots.map((rows, plot) => planSvg(rows, built[plot] ?? [], space, plot, hand));
  const cubes = [];
  for (const pieces of built) for (const [id, tn, x, y, z] of pieces) for (const [cx, cy] of comps.elements[id].shapes[tn]) cubes.push([x + cx, y + cy, z, id]);
  const ground = Array.from({ length: 7 }, (_, y) => Array.from({ length: 7 }, (_, x) => (info.plots.some((p) => p[y][x] === "#") ? "#" : info.plots.some((p) => p[y][x] === "o") ? "o" : ".")).join(""));
  return el("div", { class: "iz-card", "data-card": space },
    el("div", { text: `${space} ${placeName(comps, info.name)} · ${t("at most {floors} floors, {count} elements", { floors: info.floors, count: info.elements })}` }),
    el("div", { class: "ju-plots" }, ...plans, isoTower({ rows: ground, cubes, size: 170, isoTurn: 0, color, label: space })));
}

function heights(pieces) {
  const h = {};
  for (const [id, tn, x, y, z] of pieces) for (const [cx, cy] of comps.elements[id].shapes[tn]) h[`${x + cx},${y + cy}`] = z + 1;
  return h;
}

function planSvg(rows, pieces, space, plot, hand) {
  const S = 22;
  const root = svg("svg", { width: 7 * S + 2, height: 7 * S + 2, viewBox: `0 0 ${7 * S + 2} ${7 * S + 2}`, class: "iz-plan", "data-plot": `${space}/${plot}` });
  const h = heights(pieces);
  // A hint: the squares where the element's top-left corner may go, turned as it is now.
  const fit = new Set(hand ? legalOf("place").filter((a) => a.action.space === space && a.action.plot === plot && a.action.turn === turn).map((a) => `${a.action.x},${a.action.y}`) : []);
  for (let y = 0; y < 7; y++) for (let x = 0; x < 7; x++) {
    const ch = rows[y][x];
    const fill = ch === "#" ? (h[`${x},${y}`] ? `hsl(30 60% ${85 - 12 * h[`${x},${y}`]}%)` : "#fff") : ch === "o" ? "#777" : "#ddd";
    const hint = fit.has(`${x},${y}`);
    const cell = svg("rect", { x: 1 + x * S, y: 1 + y * S, width: S - 1, height: S - 1, fill, "data-x": x, "data-y": y, class: hint ? "fit" : "", stroke: hint ? "#2a9d4a" : "none", "stroke-width": hint ? 2 : 0 });
    if (hand) {
      // The ghost is redrawn in its own layer: the squares stay, so a click lands on them.
      cell.addEventListener("mouseenter", () => { hover = { space, plot, x, y }; ghosts(); });
      cell.addEventListener("click", () => { hover = { space, plot, x, y }; tryPlace(rows, space, plot, hand); });
    }
    root.append(cell);
    if (h[`${x},${y}`]) root.append(svg("text", { x: 1 + x * S + S / 2, y: 1 + y * S + 15, "text-anchor": "middle", "font-size": 12, "pointer-events": "none" }, String(h[`${x},${y}`])));
  }
  root.append(svg("g", { class: "iz-ghost", "pointer-events": "none" }));
  if (hand) {
    // The keyboard: arrows move the element, Enter places it (issue 31).
    const fitting = () => {
      const a = legalOf("place").find((p) => p.action.space === space && p.action.plot === plot && p.action.turn === turn);
      return a ? [a.action.x, a.action.y] : [3, 3];
    };
    keyboardPlot(root, `${space}/${plot}`, t("{where}: arrow keys move the element, Enter places it, R turns, F flips", { where: `${space} ${plot + 1}` }), {
      at: () => (hover && hover.space === space && hover.plot === plot ? [hover.x, hover.y] : null),
      move: (x, y) => { hover = { space, plot, x, y }; draw(); ghosts(); },
      place: () => tryPlace(rows, space, plot, hand),
      start: fitting,
    });
  }
  return root;
}

function ghosts() {
  const msg = latest();
  const hand = msg ? placing(msg.view) : null;
  for (const layer of document.querySelectorAll("#cards .iz-ghost")) layer.replaceChildren();
  if (!hand || !hover) return;
  const layer = document.querySelector(`#cards svg[data-plot="${hover.space}/${hover.plot}"] .iz-ghost`);
  if (!layer) return;
  const S = 22;
  const ok = legalOf("place").some((a) => a.action.space === hover.space && a.action.plot === hover.plot && a.action.turn === turn && a.action.x === hover.x && a.action.y === hover.y);
  for (const [cx, cy] of comps.elements[hand].shapes[turn]) {
    layer.append(svg("rect", { x: 1 + (hover.x + cx) * S + 3, y: 1 + (hover.y + cy) * S + 3, width: S - 7, height: S - 7, fill: ok ? "rgba(40,160,70,.6)" : "rgba(210,40,40,.55)", class: ok ? "ok" : "no" }));
  }
}

function tryPlace(rows, space, plot, hand) {
  const a = legalOf("place").find((p) => p.action.space === space && p.action.plot === plot && p.action.turn === turn && p.action.x === hover.x && p.action.y === hover.y);
  const why = document.getElementById("why");
  if (a) { why.textContent = ""; hover = null; send(a); return; }
  const cells = comps.elements[hand].shapes[turn].map(([cx, cy]) => [hover.x + cx, hover.y + cy]);
  const off = cells.some(([x, y]) => x > 6 || y > 6 || rows[y][x] === ".");
  const hole = !off && cells.some(([x, y]) => rows[y][x] === "o");
  why.textContent = off ? t("Not there: it would reach outside the border (JU-5).")
    : hole ? t("Not there: it would stand over a hole (JU-5).")
    : t("Not there: off the level below, touching no element of its floor, or above the card's floors (JU-5, IZ-3.4).");
  ghosts();
}

function drawPlayers(msg) {
  const v = msg.view;
  document.getElementById("players").replaceChildren(...v.players.map((p) => el("div", { class: "iz-player", "data-seat": String(p.seat), style: `border-left-color:${seatColor(p.seat)}` },
    el("strong", {}, seatChip(p.seat, msg.names), `${msg.bots[p.seat] ? ` (${t("bot: {bot}", { bot: msg.bots[p.seat] })})` : ""}${p.seat === cfg.seat ? ` ${t("(you)")}` : ""}`),
    el("div", { text: t("{money} · discs {discs} · claims {claims} · pyramids {pyramids}", { money: yen(p.money), discs: p.discs, claims: p.claim_discs, pyramids: p.pyramids }) }),
    el("div", { text: t("buildings earn {earn} · score {score}", { earn: yen(p.earnings), score: yen(p.score) }) + (p.has_bid ? ` · ${t("bid sealed")}` : "") }))));
}
