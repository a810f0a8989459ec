// TOKYO JUTAKU's page (issue 16): the plan, the pool, one's card to build on (R turns, F
// flips, the element snaps where a listed `place` action puts it), isometric towers, Stop!
// The page only sends actions the server listed as legal; it draws from the view alone.
// A variant built on JUTAKU (BOTTLE BONUS) runs this page with `hooks`: its components'
// address, its phases' clock words, the side a card shows, and a part of its own drawn
// after JUTAKU's (`extra(msg, page)`).
import { el } from "/static/dom.js";
import { t, yen } from "/static/i18n.js";
import { connectTable } from "/static/live.js";
import { setMarker, setSeatColours, seatChip } from "/static/follow.js";
import { renderEnd } from "/static/endscreen.js";
import { svg, SEAT_COLORS, DISTRICT_COLORS, reoriented, shapeSvg, elementColor as colorOf, isoTower, gameClock, pacer, bindTurning, rememberBest, storedBest, elementName, districtName, placeName, keyboardPlot, refocus, poolButtons, buildingCubes, cubeHeights } from "/static/titles/jutaku_kit/pieces.js";

let comps = null;
let table = null;
let cfg = null;
let turn = 0; // the orientation of the element in hand (index into its shapes)
let handOf = null; // the element that orientation belongs to
let hover = null; // {plot, cx, cy} the square under the pointer
let isoTurn = 0;
const clock = gameClock();
let pace = null; // the 2 s pace (JU-4 RULING)
let hooks = {};

export async function initGame(c, variant = {}) {
  cfg = c;
  hooks = variant;
  comps = await (await fetch(hooks.components ?? "/api/titles/tokyo-jutaku/components")).json();
  setSeatColours(SEAT_COLORS);
  setMarker(markMove);
  table = connectTable(cfg, render, hooks.buttons ?? "#tools button");
  pace = pacer(table, clock, comps.hand_ms);
  bindTurning(reorient, () => { isoTurn = (isoTurn + 1) % 4; draw(); });
  setInterval(tick, hooks.tickMs ?? 200);
}

const gameNow = () => clock.now();
// The side a card shows: the game's option (a variant may turn single cards, `hooks.sideOf`).
const sideOf = (v, card) => hooks.sideOf?.(v, card) ?? v.options.side;
const latest = () => table?.latest();
const legalOf = (kind) => (latest()?.legal ?? []).filter((a) => a.kind === kind);
const seat = () => cfg.seat;

// ---------------------------------------------------------------- shapes

function reorient(how) {
  const msg = latest();
  const hand = msg && seat() !== null ? msg.view.hand[seat()] : null;
  if (!hand) return;
  turn = reoriented(comps.elements[hand].shapes, turn, how);
  draw();
}

// ---------------------------------------------------------------- sending

function sendPaced(action, what) {
  pace.send(action, what, latest().view.last_act[seat()]);
}

// ---------------------------------------------------------------- rendering

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
  status.textContent = msg.finished ? `${who} · ${t("Game over")}` : `${who} · ${msg.prompt ?? ""}`;
  status.className = msg.legal.length ? "yours" : "";
  document.getElementById("practice").hidden = !msg.practice;
  const hand = me === null ? null : v.hand[me];
  if (hand !== handOf) { handOf = hand; turn = 0; }
  drawCheck(v, msg.log ?? v.log);
  drawPlan(msg);
  drawPool(msg);
  drawBuild(msg);
  roundInView(v);
  drawPlayers(msg);
  drawTools(msg);
  hooks.extra?.(msg, { table, seat: seat(), comps, legalOf, now: gameNow });
  renderEnd(msg, cfg, { extra: msg.finished ? soloBest(msg) : [] });
  tick();
}

// Where a move of the side log lies on the table (static/follow.js marks it): an element
// taken or put back in the pool, a card moved to on the plan, else the player's panel
// (its building, a Stop!, a round given up).
function markMove(entry) {
  const a = entry.action;
  const panel = document.querySelector(`#players .ju-player[data-seat="${entry.seat}"]`);
  if (!a) return [panel];
  if (a.element && (a.type === "take" || a.type === "return")) return [document.querySelector(`#pool [data-element="${a.element}"]`), panel];
  if (a.space) return [document.querySelector(`#plan [data-space="${a.space}"]`)];
  return [panel];
}

// Solo (JU-1 … JU-8 with one player): the time to complete the game's cards, against the
// best this browser has seen for the same game and options.
// The rules' clock keeps the key it had before the slow clock existed (issue 30).
const soloKey = (msg) => {
  const { clock, ...rest } = msg.view.options;
  return `${msg.game}.solo.${JSON.stringify(clock && clock !== "standard" ? msg.view.options : rest)}`;
};
const isSolo = (msg) => msg.names.length === 1 && seat() === 0;

function soloBest(msg) {
  const v = msg.view;
  if (!isSolo(msg) || v.completed[0].length < comps.cards_to_end) return [];
  const { previous, isNew } = rememberBest(soloKey(msg), cfg.gameId, v.now, true);
  const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;
  const values = { n: comps.cards_to_end, time: secs(v.now), before: previous === null ? "" : secs(previous) };
  const text = isNew
    ? previous === null ? t("All {n} cards in {time}: your best time.", values) : t("All {n} cards in {time}: your best time (before: {before}).", values)
    : t("All {n} cards in {time}; your best is {before}.", values);
  return [el("p", { id: "solo-best", class: isNew ? "best new" : "best", text })];
}

function drawCheck(v, said) {
  // JU-6: the last check's result, with the reason when a building fails, for everyone.
  // Found in the view's English lines; shown from `said`, the same lines in the page's
  // language (msg.log, issue 20).
  const box = document.getElementById("check");
  let i = v.log.length - 1;
  while (i >= 0 && !/building (passes|fails)|time is up/.test(v.log[i])) i--;
  if (i < 0) { box.hidden = true; return; }
  const stamp = v.log[i].split(" s ")[0];
  const found = v.log.map((l, k) => k).filter((k) => v.log[k].startsWith(stamp + " s ") && /building (passes|fails)|time is up/.test(v.log[k]));
  box.hidden = false;
  box.className = "ju-check " + (found.some((k) => v.log[k].includes("passes")) ? "pass" : "fail");
  box.replaceChildren(...found.map((k) => el("div", { text: (said[k] ?? v.log[k]).replace(/^[\d.,]+(?: s|秒) /, "") })));
}

function drawPlan(msg) {
  const v = msg.view;
  const moves = new Map(legalOf("move").concat(legalOf("start")).map((a) => [a.action.space, a]));
  const box = document.getElementById("plan");
  const cells = [];
  for (let r = 0; r < 6; r++) {
    for (let c = 0; c < 6; c++) {
      const space = "ABCDEF"[c] + (r + 1);
      if (comps.plan[r][c] === "+") { if (r === 2 && c === 2) cells.push(el("div", { class: "ju-hole", text: t("pool") })); continue; }
      const card = v.grid[space];
      const arch = v.architects.indexOf(space);
      const info = card ? comps.cards[card] : null;
      const held = arch >= 0 ? v.held[arch] : null;
      const shown = info ?? (held ? comps.cards[held] : null);
      const node = el("div", { class: "ju-space", "data-space": space, title: space });
      node.style.background = shown ? DISTRICT_COLORS[shown.district] ?? "#eee" : "#bbb";
      node.append(el("span", { class: "ju-sp", text: space }));
      const side = shown ? shown[sideOf(v, card ?? held)] : null;
      if (shown) node.append(el("span", { class: "ju-cn", text: placeName(comps, shown.name) }), el("span", { class: "ju-cy", text: t("¥{k}k · {floors}F {elements}", { k: side.yen / 1000, floors: side.floors, elements: side.elements }) }));
      else node.append(el("span", { class: "ju-cn", text: t("(built)") }));
      if (arch >= 0) {
        const a = el("span", { class: "ju-arch", text: String(arch + 1), title: t("seat {n}'s architect", { n: arch + 1 }) });
        a.style.background = SEAT_COLORS[arch];
        node.append(a);
      }
      const move = moves.get(space);
      if (move) {
        node.classList.add("ju-dest");
        node.tabIndex = 0;
        node.setAttribute("role", "button");
        node.setAttribute("aria-label", move.label ?? move.text);
        node.onclick = () => table.send(move.action);
        node.onkeydown = (ev) => { if (ev.key === "Enter") table.send(move.action); };
      }
      cells.push(node);
    }
  }
  box.replaceChildren(...cells);
}

const elementColor = (id) => colorOf(comps.elements, id);

function drawPool(msg) {
  const takes = new Map(legalOf("take").map((a) => [a.action.element, a]));
  document.getElementById("pool").replaceChildren(...poolButtons(comps.elements, msg.view, takes, {
    color: elementColor,
    take: (action, name) => sendPaced(action, t("Taking {element}", { element: name })),
    taken: (name, id, n) => t("{element} ({id}) is not in the pool: seat {n} has it (JU-4)", { element: name, id, n }),
  }));
}

// The seat's building as cubes (x, y, z, element): its entries name a border first.
const cubes = (v, s) => buildingCubes(comps.elements, v.built[s], 2);
const heights = (v, s) => cubeHeights(cubes(v, s));

// Why the ghost cannot go here (JU-3, JU-5), from the card and the building.
function refusal(v, s, plotIdx, rows, cells) {
  const built = v.built[s];
  if (built.length && built[0][1] !== plotIdx) return t("your building stands in border {n} (JU-3)", { n: built[0][1] + 1 });
  for (const [x, y] of cells) {
    const ch = rows[y]?.[x];
    if (ch === undefined || ch === ".") return t("it would reach outside the border (JU-5)");
    if (ch === "o") return t("it would lie over a hole of the card (JU-5)");
  }
  const h = heights(v, s);
  const hs = cells.map(([x, y]) => h.get(`${x},${y}`) ?? 0);
  const z = Math.max(...hs);
  if (hs.some((k) => k !== z)) return t("it must rest flat on the level below, nothing overhanging (JU-5)");
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
  if (me === null) { info.textContent = t("Spectating: every building is shown under Players."); plots.replaceChildren(); drawIso(document.getElementById("iso"), v, null, 260); return; }
  const p = v.players[me];
  const card = p.card;
  info.replaceChildren(card
    ? el("div", { class: "ju-req" }, el("strong", { text: `${placeName(comps, card.name)} (${districtName(card.district)})` }),
      el("span", { text: ` · ${t("exactly {floors} floor(s) and {elements} element(s)", { floors: card.floors, elements: card.elements })} · ${yen(card.yen)}` }),
      el("span", { class: "ju-now", text: ` · ${t("now {floors} floor(s), {elements} element(s)", { floors: p.floors.length, elements: v.built[me].length })}` }))
    : el("span", { text: t("No card in hand: you completed one; move on the plan.") }));
  const hand = v.hand[me];
  const places = new Map(legalOf("place").map((a) => [`${a.action.plot},${a.action.turn},${a.action.x},${a.action.y}`, a]));
  const h = heights(v, me);
  const shapes = hand ? comps.elements[hand].shapes : null;
  const shape = shapes ? shapes[turn] ?? shapes[0] : null;
  const U = 34;
  const nodes = [];
  (card?.plots ?? []).forEach((rows, k) => {
    const board = svg("svg", { class: "ju-plot", width: 7 * U + 2, height: 7 * U + 2, viewBox: `0 0 ${7 * U + 2} ${7 * U + 2}`, "data-plot": k, role: "img", "aria-label": t("border {n}", { n: k + 1 }) });
    const cubeColor = new Map(cubes(v, me).map(([x, y, z, id]) => [`${x},${y}`, [z, id]]));
    for (let y = 0; y < 7; y++) for (let x = 0; x < 7; x++) {
      const ch = rows[y][x];
      const top = cubeColor.get(`${x},${y}`);
      const inUse = !v.built[me].length || v.built[me][0][1] === k;
      const fill = top ? elementColor(top[1]) : ch === "#" ? (inUse ? "#fff" : "#eee") : ch === "o" ? "#555" : "#cfd6dc";
      const r = svg("rect", { x: 1 + x * U, y: 1 + y * U, width: U - 2, height: U - 2, fill, stroke: ch === "#" ? "#7a8a99" : "none", "data-x": x, "data-y": y });
      board.append(r);
      if (h.get(`${x},${y}`)) board.append(svg("text", { x: 1 + x * U + U / 2, y: 1 + y * U + U / 2 + 5, "text-anchor": "middle", class: "ju-h" }, String(h.get(`${x},${y}`))));
      r.addEventListener("pointerenter", () => { if (!hover || hover.plot !== k || hover.cx !== x || hover.cy !== y) { hover = { plot: k, cx: x, cy: y }; draw(); } });
      r.addEventListener("click", (ev) => {
        // A touch first shows the element there; a second touch on that square places it.
        const same = hover && hover.plot === k && hover.cx === x && hover.cy === y;
        hover = { plot: k, cx: x, cy: y };
        if (ev.pointerType === "touch" && !same) draw(); else placeHere();
      });
    }
    if (hand && hover && hover.plot === k) {
      const [ax, ay] = shape[0];
      const x0 = hover.cx - ax, y0 = hover.cy - ay;
      const ok = places.get(`${k},${turn},${x0},${y0}`);
      const cells = shape.map(([cx, cy]) => [cx + x0, cy + y0]);
      for (const [cx, cy] of cells) board.append(svg("rect", { x: 1 + cx * U + 3, y: 1 + cy * U + 3, width: U - 8, height: U - 8, fill: ok ? "rgba(40,160,70,.55)" : "rgba(210,40,40,.45)", stroke: ok ? "#1b7a35" : "#a01818", "stroke-width": 2, "pointer-events": "none", class: ok ? "ju-ghost ok" : "ju-ghost no" }));
      const why = document.getElementById("why");
      if (!pace.busy()) why.textContent = ok ? t("Fits: floor {n}. Click to place.", { n: Math.max(...cells.map(([cx, cy]) => h.get(`${cx},${cy}`) ?? 0)) + 1 }) : t("Can't go here, because {why}.", { why: refusal(v, me, k, rows, cells) });
    }
    board.addEventListener("pointerleave", () => { hover = null; draw(); });
    if (hand) {
      // The keyboard: arrows move the element, Enter places it (issue 31); it starts on a
      // square where it fits, turned as it is.
      const fitting = () => {
        const a = legalOf("place").find((p) => p.action.plot === k && p.action.turn === turn);
        return a ? [a.action.x + shape[0][0], a.action.y + shape[0][1]] : [3, 3];
      };
      keyboardPlot(board, k, t("{where}: arrow keys move the element, Enter places it, R turns, F flips", { where: card.plots.length > 1 ? t("Border {n}", { n: k + 1 }) : t("The plot") }), {
        at: () => (hover && hover.plot === k ? [hover.cx, hover.cy] : null),
        move: (x, y) => { hover = { plot: k, cx: x, cy: y }; draw(); },
        place: () => placeHere(),
        start: fitting,
      });
    }
    nodes.push(el("div", { class: "ju-plot-box" }, el("div", { class: "ju-cap", text: card.plots.length > 1 ? t("Border {n}", { n: k + 1 }) : t("The plot") }), board));
  });
  plots.replaceChildren(...nodes);
  refocus(plots);
  const handBox = document.getElementById("hand");
  handBox.replaceChildren(hand
    ? el("div", { class: "ju-inhand" }, el("span", { text: t("In hand: {element} ({id}), orientation {turn}/{of}", { element: elementName(comps.elements[hand].name), id: hand, turn: turn + 1, of: shapes.length }) }), shapeSvg(shape, 60, elementColor(hand)))
    : el("span", { text: v.phase === "build" && !v.conceded[me] && card ? t("Click an element in the pool to take it.") : "" }));
  drawIso(document.getElementById("iso"), v, me, 260);
}

function placeHere() {
  const msg = latest();
  const v = msg.view;
  const me = seat();
  if (me === null || !v.hand[me] || !hover) return;
  const shape = comps.elements[v.hand[me]].shapes[turn];
  const x0 = hover.cx - shape[0][0], y0 = hover.cy - shape[0][1];
  const ok = legalOf("place").find((a) => a.action.plot === hover.plot && a.action.turn === turn && a.action.x === x0 && a.action.y === y0);
  if (ok) sendPaced(ok.action, t("Placing"));
  else {
    const rows = v.players[me].card.plots[hover.plot];
    document.getElementById("error").textContent = t("Can't go here, because {why}.", { why: refusal(v, me, hover.plot, rows, shape.map(([cx, cy]) => [cx + x0, cy + y0])) });
  }
}

// An isometric tower (SVG), turned by `isoTurn` quarter turns.
function drawIso(box, v, s, size) {
  box.replaceChildren(isoSvg(v, s, size, s === null ? null : v.players[s].card));
}

function isoSvg(v, s, size, card) {
  const rows = card ? card.plots[v.built[s]?.[0]?.[1] ?? 0] : null;
  return isoTower({ rows, cubes: s === null ? [] : cubes(v, s), size, isoTurn, color: elementColor, label: s === null ? "" : t("seat {n}'s building", { n: s + 1 }) });
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
  document.getElementById("players").replaceChildren(...v.players.map((p, s) => {
    const state = v.phase === "over" ? "" : v.called.includes(s) ? t("called Stop!") : v.conceded[s] ? t("gave up the round") : v.phase === "build" || v.phase === "window" ? t("building") : v.movers[0] === s ? t("choosing") : "";
    const card = p.card;
    const node = el("div", { class: "ju-player", "data-seat": s },
      el("div", { class: "ju-pname" }, seatChip(s, msg.names),
        el("span", { text: `${msg.bots[s] ? ` (${t("bot: {bot}", { bot: msg.bots[s] })})` : ""}${s === seat() ? ` ${t("(you)")}` : ""}` })),
      el("div", { text: `${yen(p.yen)} · ${t("{done}/{of} cards", { done: v.completed[s].length, of: comps.cards_to_end })}${state ? " · " + state : ""}` }),
      el("div", { class: "ju-pcard", text: card ? t("{card}: {floors}F {elements} · built {built_floors}F {built}", { card: placeName(comps, card.name), floors: card.floors, elements: card.elements, built_floors: p.floors.length, built: v.built[s].length }) : t("no card") }),
      el("div", { class: "ju-phand", text: v.hand[s] ? t("holds {element}", { element: elementName(comps.elements[v.hand[s]].name) }) : "" }),
      isoSvg(v, s, 150, card));
    return node;
  }));
}

function drawTools(msg) {
  const v = msg.view;
  const me = seat();
  const stop = legalOf("stop")[0], concede = legalOf("concede")[0], keep = legalOf("keep")[0];
  const back = legalOf("return")[0];
  const hand = me === null ? null : v.hand[me];
  const bind = (id, a, what) => {
    const b = document.getElementById(id);
    b.hidden = !a && (id === "keep");
    b.dataset.legal = a ? "1" : "0";
    b.disabled = !a || document.body.dataset.pending === "1";
    b.onclick = a ? () => (what ? sendPaced(a.action, what) : table.send(a.action)) : null;
  };
  bind("stop", stop);
  bind("concede", concede);
  bind("keep", keep);
  bind("put-back", back, t("Putting back"));
  document.getElementById("put-back").textContent = back ? t("Put back {element}", { element: elementName(comps.elements[back.action.element].name) }) : t("Put back");
  for (const id of ["rot", "flip"]) {
    const b = document.getElementById(id);
    b.dataset.legal = hand ? "1" : "0";
    b.disabled = !hand;
  }
  document.getElementById("tools").hidden = msg.finished || me === null;
}

function tick() {
  const msg = latest();
  if (!msg) return;
  const v = msg.view;
  const clock = document.getElementById("clock");
  if (v.deadline_ms === null || msg.finished) { clock.textContent = ""; return; }
  const left = Math.max(0, v.deadline_ms - gameNow());
  const what = { setup: t("Time to choose"), move: t("Time to move"), build: t("Time round {n}", { n: v.round }), window: t("Time Stop! check in"), ...(hooks.clockWords?.(v) ?? {}) }[v.phase];
  const best = isSolo(msg) ? storedBest(soloKey(msg)) : null;
  clock.textContent = `${what}: ${(left / 1000).toFixed(1)} s` +
    (best === null ? "" : ` · ${t("game time {now} s, your best {best} s", { now: (gameNow() / 1000).toFixed(0), best: (best / 1000).toFixed(1) })}`);
  clock.className = "ju-clock" + (left < 10000 ? " low" : "");
}
