// COUNTDOWN's page (issue 17): pick a card (CD-1); build on the whole card, floor by floor,
// from the shared pool, against the round's big countdown (CD-2): R turns, F flips, the
// element snaps where a listed `place` action puts it, else the ghost says why not;
// `done`; who is out and the results table (CD-3). TOKYO JUTAKU's drawing pieces are
// imported from its page. The page only sends actions the server listed as legal.
import { el } from "/static/dom.js";
import { t } from "/static/i18n.js";
import { connectTable } from "/static/live.js";
import { setMarker, setSeatColours, seatChip } from "/static/follow.js";
import { renderEnd, endActions } from "/static/endscreen.js";
import { svg, SEAT_COLORS, DISTRICT_COLORS, reoriented, shapeSvg, elementColor, isoTower, gameClock, pacer, bindTurning, rememberBest, elementName, districtName, placeName, keyboardPlot, refocus, poolButtons, buildingCubes, cubeHeights } from "/static/titles/jutaku_kit/pieces.js";

const FULL = Array.from({ length: 7 }, () => "#######"); // CD-1: the whole card is the border

let comps = null;
let table = null;
let cfg = null;
let turn = 0; // the orientation of the element in hand (index into its shapes)
let handOf = null;
let hover = null; // {cx, cy} the square under the pointer
let isoTurn = 0;
const clock = gameClock();
let pace = null; // the 1.5 s pace (CD-2 RULING)

export async function initGame(c) {
  cfg = c;
  comps = await (await fetch("/api/titles/countdown/components")).json();
  setSeatColours(SEAT_COLORS);
  setMarker(markMove);
  table = connectTable(cfg, render, "#tools button, #cards button");
  pace = pacer(table, clock, comps.hand_ms);
  bindTurning(reorient, () => { isoTurn = (isoTurn + 1) % 4; draw(); });
  setInterval(tick, 100);
}

const gameNow = () => clock.now();
const latest = () => table?.latest();
const legalOf = (kind) => (latest()?.legal ?? []).filter((a) => a.kind === kind);
const seat = () => cfg.seat;
const color = (id) => elementColor(comps.elements, id);
const cardName = (id) => (id ? placeName(comps, comps.cards[id]?.name ?? id) : "—");
const nameOf = (msg, s) => `${s + 1} ${msg.names[s]}${msg.bots[s] ? ` (${t("bot: {bot}", { bot: msg.bots[s] })})` : ""}`;

function reorient(how) {
  const msg = latest();
  const hand = msg && seat() !== null ? msg.view.hand[seat()] : null;
  if (!hand) return;
  turn = reoriented(comps.elements[hand].shapes, turn, how);
  draw();
}

function sendPaced(action, what) {
  pace.send(action, what, latest().view.last_act[seat()]);
}

function render(msg) {
  clock.seen(msg.view.now);
  document.body.dataset.actions = String(msg.actions);
  document.body.dataset.phase = msg.view.phase;
  draw();
}

function draw() {
  const msg = latest();
  if (!msg || !comps) return;
  const v = msg.view;
  const me = seat();
  const who = me === null ? t("Spectating") : t("You are seat {n} {name}", { n: me + 1, name: msg.names[me] });
  const status = document.getElementById("status");
  status.textContent = `${who} · ${msg.prompt ?? ""}`;
  status.className = msg.legal.length ? "yours" : "";
  document.getElementById("practice").hidden = !msg.practice;
  const hand = me === null ? null : v.hand[me];
  if (hand !== handOf) { handOf = hand; turn = 0; }
  drawPick(msg);
  document.getElementById("building-area").hidden = v.phase === "pick" || (me !== null && !v.cards[me]);
  drawPool(msg);
  drawBuild(msg);
  roundInView(v);
  drawPlayers(msg);
  drawTools(msg);
  drawEnd(msg);
  tick();
}

// Where a move of the side log lies on the table (static/follow.js marks it): an element
// taken or put back in the pool, else the player's panel (its building, its card).
function markMove(entry) {
  const a = entry.action;
  const panel = document.querySelector(`#players .ju-player[data-seat="${entry.seat}"]`);
  if (a?.element && (a.type === "take" || a.type === "return")) return [document.querySelector(`#pool [data-element="${a.element}"]`), panel];
  return [panel];
}

function drawPick(msg) {
  // CD-1: the free cards, each a button; a card someone picked is gone from the list.
  const picks = legalOf("pick");
  const box = document.getElementById("pick");
  box.hidden = !picks.length;
  document.getElementById("cards").replaceChildren(...picks.map((a) => {
    const card = comps.cards[a.action.card];
    const b = el("button", { type: "button", class: "cd-card", "data-card": a.action.card },
      el("strong", { text: placeName(comps, card.name) }), el("span", { class: "cd-district", text: districtName(card.district) }));
    b.style.background = DISTRICT_COLORS[card.district] ?? "#eee";
    b.onclick = () => table.send(a.action);
    return b;
  }));
}

function drawPool(msg) {
  // CD-2 (JU-4): one shared pool; an element someone holds or built with shows whose it is.
  const takes = new Map(legalOf("take").map((a) => [a.action.element, a]));
  document.getElementById("pool").replaceChildren(...poolButtons(comps.elements, msg.view, takes, {
    color,
    take: (action, name) => sendPaced(action, t("Taking {element}", { element: name })),
    taken: (name, id, n) => t("{element} ({id}) is not in the pool: seat {n} has it (CD-2)", { element: name, id, n }),
  }));
}

// A seat's building as cubes [x, y, z, element] from its placed elements [id, turn, x, y, z].
const cubes = (v, s) => buildingCubes(comps.elements, v.built[s], 1);
const heights = (v, s) => cubeHeights(cubes(v, s));

// Why the ghost cannot go here (CD-1, CD-2 with JU-5), from the card and the building.
function refusal(v, s, cells) {
  if (cells.some(([x, y]) => x < 0 || y < 0 || x > 6 || y > 6)) return t("it would reach off the card (CD-1)");
  const h = heights(v, s);
  const hs = cells.map(([x, y]) => h.get(`${x},${y}`) ?? 0);
  const z = Math.max(...hs);
  if (hs.some((k) => k !== z)) return t("it must rest flat on the level below, nothing overhanging (JU-5)");
  if (z !== v.round - 1) return z < v.round - 1 ? t("floor {n} is built now: it must rest on floor {below} (CD-2)", { n: v.round, below: v.round - 1 }) : t("floor {n} is built now: it would rest on floor {on} (CD-2)", { n: v.round, on: z + 1 });
  const onFloor = new Set(cubes(v, s).filter((c) => c[2] === z).map((c) => `${c[0]},${c[1]}`));
  if (onFloor.size && !cells.some(([x, y]) => [[1, 0], [-1, 0], [0, 1], [0, -1]].some(([dx, dy]) => onFloor.has(`${x + dx},${y + dy}`))))
    return t("on floor {n} it must touch an element of that floor along a side (JU-5)", { n: z + 1 });
  return t("no listed placement here");
}

function drawBuild(msg) {
  const v = msg.view;
  const me = seat();
  const info = document.getElementById("card-info");
  const plots = document.getElementById("plots");
  if (me === null || !v.cards[me]) { info.textContent = me === null ? t("Spectating: every building is shown under Players.") : ""; plots.replaceChildren(); document.getElementById("iso").replaceChildren(); document.getElementById("hand").replaceChildren(); return; }
  const card = comps.cards[v.cards[me]];
  const floorsNow = new Set(v.built[me].map((p) => p[4])).size;
  info.replaceChildren(el("div", { class: "ju-req" }, el("strong", { text: `${placeName(comps, card.name)} (${districtName(card.district)})` }),
    el("span", { class: "ju-now", text: ` · ${t("{elements} element(s) on {floors} floor(s)", { elements: v.built[me].length, floors: floorsNow })}` }),
    v.out[me] ? el("span", { class: "cd-out", text: ` · ${t("out since floor {n}", { n: v.out[me] })}` }) : el("span", { text: v.phase === "build" ? ` · ${t("building floor {n}", { n: v.round })}` : "" })));
  const hand = v.hand[me];
  const places = new Map(legalOf("place").map((a) => [`${a.action.turn},${a.action.x},${a.action.y}`, a]));
  const h = heights(v, me);
  const shapes = hand ? comps.elements[hand].shapes : null;
  const shape = shapes ? shapes[turn] ?? shapes[0] : null;
  const U = 40;
  const board = svg("svg", { class: "ju-plot", width: 7 * U + 2, height: 7 * U + 2, viewBox: `0 0 ${7 * U + 2} ${7 * U + 2}`, "data-plot": 0, role: "img", "aria-label": t("your card") });
  const top = new Map();
  for (const [x, y, z, id] of cubes(v, me)) if (!top.has(`${x},${y}`) || top.get(`${x},${y}`)[0] < z) top.set(`${x},${y}`, [z, id]);
  for (let y = 0; y < 7; y++) for (let x = 0; x < 7; x++) {
    const tp = top.get(`${x},${y}`);
    // This round's floor is where one builds: squares of the level below are white.
    const building = v.phase === "build" && !v.out[me];
    const open = building && (v.round <= 1 ? !tp : tp && tp[0] === v.round - 2);
    const fill = tp && !open ? color(tp[1]) : open || (!tp && !building) ? "#fff" : "#cfd6dc";
    const r = svg("rect", { x: 1 + x * U, y: 1 + y * U, width: U - 2, height: U - 2, fill, stroke: "#7a8a99", "data-x": x, "data-y": y });
    if (tp && open) { r.setAttribute("stroke", color(tp[1])); r.setAttribute("stroke-width", 3); }
    board.append(r);
    if (h.get(`${x},${y}`)) board.append(svg("text", { x: 1 + x * U + U / 2, y: 1 + y * U + U / 2 + 5, "text-anchor": "middle", class: "ju-h", fill: open ? "#333" : "#fff" }, String(h.get(`${x},${y}`))));
    r.addEventListener("pointerenter", () => { if (!hover || hover.cx !== x || hover.cy !== y) { hover = { cx: x, cy: y }; draw(); } });
    r.addEventListener("click", (ev) => {
      // A touch first shows the element there; a second touch on that square places it.
      const same = hover && hover.cx === x && hover.cy === y;
      hover = { cx: x, cy: y };
      if (ev.pointerType === "touch" && !same) draw(); else placeHere();
    });
  }
  if (hand && hover) {
    const [ax, ay] = shape[0];
    const x0 = hover.cx - ax, y0 = hover.cy - ay;
    const ok = places.get(`${turn},${x0},${y0}`);
    const cells = shape.map(([cx, cy]) => [cx + x0, cy + y0]);
    for (const [cx, cy] of cells) board.append(svg("rect", { x: 1 + cx * U + 3, y: 1 + cy * U + 3, width: U - 8, height: U - 8, fill: ok ? "rgba(40,160,70,.55)" : "rgba(210,40,40,.45)", stroke: ok ? "#1b7a35" : "#a01818", "stroke-width": 2, "pointer-events": "none", class: ok ? "ju-ghost ok" : "ju-ghost no" }));
    const why = document.getElementById("why");
    if (!pace.busy()) why.textContent = ok ? t("Fits: floor {n}. Click to place.", { n: v.round }) : t("Can't go here, because {why}.", { why: refusal(v, me, cells) });
  }
  board.addEventListener("pointerleave", () => { hover = null; draw(); });
  if (hand) {
    // The keyboard: arrows move the element, Enter places it (issue 31).
    const fitting = () => {
      const a = legalOf("place").find((p) => p.action.turn === turn);
      return a ? [a.action.x + shape[0][0], a.action.y + shape[0][1]] : [3, 3];
    };
    keyboardPlot(board, 0, t("{where}: arrow keys move the element, Enter places it, R turns, F flips", { where: t("The whole card") }), {
      at: () => (hover ? [hover.cx, hover.cy] : null),
      move: (x, y) => { hover = { cx: x, cy: y }; draw(); },
      place: () => placeHere(),
      start: fitting,
    });
  }
  plots.replaceChildren(el("div", { class: "ju-plot-box" }, el("div", { class: "ju-cap", text: v.phase === "build" && !v.out[me] ? t("The whole card: floor {n} is built now (white squares)", { n: v.round }) : t("The whole card") }), board));
  refocus(plots);
  document.getElementById("hand").replaceChildren(hand
    ? el("div", { class: "ju-inhand" }, el("span", { text: t("In hand: {element} ({id}), orientation {turn}/{of}", { element: elementName(comps.elements[hand].name), id: hand, turn: turn + 1, of: shapes.length }) }), shapeSvg(shape, 60, color(hand)))
    : el("span", { text: v.phase === "build" && !v.out[me] && !v.done[me] ? t("Click an element in the pool to take it.") : "" }));
  document.getElementById("iso").replaceChildren(tower(v, me, 260));
}

const tower = (v, s, size) => isoTower({ rows: FULL, cubes: cubes(v, s), size, isoTurn, color, label: t("seat {n}'s building", { n: s + 1 }) });

function placeHere() {
  const msg = latest();
  const v = msg.view;
  const me = seat();
  if (me === null || !v.hand[me] || !hover) return;
  const shape = comps.elements[v.hand[me]].shapes[turn];
  const x0 = hover.cx - shape[0][0], y0 = hover.cy - shape[0][1];
  const ok = legalOf("place").find((a) => a.action.turn === turn && a.action.x === x0 && a.action.y === y0);
  if (ok) sendPaced(ok.action, t("Placing"));
  else document.getElementById("error").textContent = t("Can't go here, because {why}.", { why: refusal(v, me, shape.map(([cx, cy]) => [cx + x0, cy + y0])) });
}

function stateOf(v, s) {
  if (v.out[s]) return t("out in floor {n}", { n: v.out[s] });
  if (v.phase === "pick") return v.cards[s] ? t("picked") : t("picking");
  if (v.phase === "build") return v.done[s] ? t("done with floor {n}", { n: v.round }) : t("building floor {n}", { n: v.round });
  return "";
}

// A phone (issue 31): when a round starts, one's card and plot come to the top of the
// screen, the pool stays over its bottom: nothing to scroll while building.
let inViewFor = null;
function roundInView(v) {
  const key = `${v.phase}:${v.round}`;
  if (v.phase !== "build" || seat() === null || inViewFor === key || innerWidth > 800) return;
  inViewFor = key;
  document.getElementById("card-info")?.scrollIntoView({ block: "start" });
}

function drawPlayers(msg) {
  const v = msg.view;
  document.getElementById("players").replaceChildren(...v.cards.map((card, s) => el("div", { class: "ju-player", "data-seat": s },
    el("div", { class: "ju-pname" }, seatChip(s, msg.names),
      el("span", { text: `${msg.bots[s] ? ` (${t("bot: {bot}", { bot: msg.bots[s] })})` : ""}${s === seat() ? ` ${t("(you)")}` : ""}` })),
    el("div", { class: v.out[s] ? "cd-out" : "", text: stateOf(v, s) }),
    el("div", { class: "ju-pcard", text: `${cardName(card)} · ${t("{n} element(s)", { n: v.built[s].length })}` }),
    el("div", { class: "ju-phand", text: v.hand[s] ? t("holds {element}", { element: elementName(comps.elements[v.hand[s]].name) }) : "" }),
    isoTower({ rows: card ? FULL : null, cubes: cubes(v, s), size: 150, isoTurn, color, label: t("seat {n}'s building", { n: s + 1 }) }))));
}

function drawTools(msg) {
  const v = msg.view;
  const me = seat();
  const back = legalOf("return")[0], done = legalOf("done")[0];
  const pending = document.body.dataset.pending === "1";
  const b = document.getElementById("put-back");
  b.dataset.legal = back ? "1" : "0";
  b.disabled = !back || pending;
  b.onclick = back ? () => sendPaced(back.action, t("Putting back")) : null;
  b.textContent = back ? t("Put back {element}", { element: elementName(comps.elements[back.action.element].name) }) : t("Put back");
  const d = document.getElementById("done");
  d.dataset.legal = done ? "1" : "0";
  d.disabled = !done || pending;
  d.onclick = done ? () => { pace.cancel(); table.send(done.action); } : null;
  d.textContent = v.phase === "build" && me !== null && !v.out[me] && !v.built[me].some((p) => p[4] === v.round - 1) ? t("Done with floor {n} (nothing added: you go out)", { n: v.round }) : t("Done with floor {n}", { n: v.round });
  const hand = me === null ? null : v.hand[me];
  for (const id of ["rot", "flip"]) {
    const r = document.getElementById(id);
    r.dataset.legal = hand ? "1" : "0";
    r.disabled = !hand;
  }
  document.getElementById("tools").hidden = msg.finished || me === null || v.phase !== "build" || Boolean(v.out[me]);
}

function drawEnd(msg) {
  // CD-3: the results table (the view's `results`), best first; the solo best.
  const v = msg.view;
  const end = document.getElementById("end");
  end.hidden = !msg.finished;
  if (!msg.finished) return;
  const place = new Map();
  msg.ranking.forEach((group, i) => group.forEach((s) => place.set(s, i + 1)));
  const rows = [...v.results].sort((a, b) => place.get(a.seat) - place.get(b.seat));
  const floors = Math.max(1, ...rows.map((r) => r.per_floor.length));
  const head = el("tr", {}, el("th", { text: t("Place") }), el("th", { text: t("Player") }), el("th", { text: t("Card") }),
    ...Array.from({ length: floors }, (_, i) => el("th", { text: t("F{n}", { n: i + 1 }), title: t("Elements on floor {n}", { n: i + 1 }) })), el("th", { text: t("Total") }), el("th", { text: t("Out in round") }));
  const body = rows.map((r) => el("tr", { "data-seat": r.seat }, el("td", { class: "num", text: String(place.get(r.seat)) }),
    el("td", { text: nameOf(msg, r.seat) }), el("td", { text: r.card_name ? placeName(comps, r.card_name) : "—" }),
    ...Array.from({ length: floors }, (_, i) => el("td", { class: "num", text: i < r.per_floor.length ? String(r.per_floor[i]) : "" })),
    el("td", { class: "num", text: String(r.elements) }), el("td", { class: "num", text: r.out_in_round ? String(r.out_in_round) : "—" })));
  // CD-3's table is the ranking and the breakdown at once; Rematch, the replay, the length.
  const table = el("div", { class: "end-table-box" }, el("table", { id: "ranking", class: "cd-results" }, el("thead", {}, head), el("tbody", {}, ...body)));
  renderEnd(msg, cfg, { own: [table, endActions(msg, cfg)] });
  const best = document.getElementById("solo-best");
  best.hidden = !v.solo_best;
  if (v.solo_best) {
    // CD's solo: the best score per card, kept in this browser across games.
    const { card, elements } = v.solo_best;
    const { previous, isNew } = rememberBest(`countdown.card.${card}`, cfg.gameId, elements, false);
    best.className = isNew ? "best new" : "best";
    const values = { n: elements, card: cardName(card), before: previous };
    best.textContent = isNew
      ? previous === null ? t("{n} element(s) on {card}: your best on this card.", values) : t("{n} element(s) on {card}: your best on this card (before: {before}).", values)
      : t("{n} element(s) on {card}; your best on this card is {before}, the one to beat.", values);
  }
}

function tick() {
  // CD-2: the big countdown of the round (or of the picking time), from the view's deadline.
  const msg = latest();
  if (!msg) return;
  const v = msg.view;
  const clock = document.getElementById("clock");
  if (v.deadline_ms === null || msg.finished) { clock.className = "cd-clock idle"; return; }
  const total = v.phase === "pick" ? comps.pick_ms : v.round_ms;
  const left = Math.max(0, v.deadline_ms - gameNow());
  document.getElementById("clock-what").textContent = v.phase === "pick" ? t("Time to pick a card") : t("Floor {n} · {secs} s round", { n: v.round, secs: total / 1000 });
  document.getElementById("clock-left").textContent = `${(left / 1000).toFixed(1)} s`;
  document.getElementById("clock-bar").style.width = `${Math.min(100, (100 * left) / total)}%`;
  clock.className = "cd-clock" + (left < 10000 ? " low" : "");
}
