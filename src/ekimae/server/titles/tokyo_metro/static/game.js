// TOKYO METRO's table (issue 13): choose by pointing at the cards and the map.
//
// The engine decides what is legal: the page only narrows msg.legal step by step. A spot
// on an action card first (or none, for place/walk/alight/assign), then the map target
// (cell, station, line) or the discard pile, then the token, stake and discount discs as
// chips; a dimension with one value left is filled in. When one action is left its plain
// sentence (the server's label: price after discounts, effect) is confirmed before it is
// sent. The engine's notation stays in a collapsed list for experts and keyboards.
import { el, yen, t, lang, seatName, seatText, stationName, lineName, vehicleWord, drinkWords, phaseName, svgEl, setOverlay, renderPlayers, renderLines, renderCardGrid, spotText, drinkChip, drawWith } from "/static/titles/tokyo_metro/common.js";
import { initZoom } from "/static/titles/tokyo_metro/zoom.js";
import { animateTrains } from "/static/titles/tokyo_metro/anim.js";
import { connectTable } from "/static/live.js";
import { hintState, hintNodes } from "/static/hint.js";
import { setMarker } from "/static/follow.js";
import { lengthText, withLang } from "/static/endscreen.js";

// MD-4/MD-5 (METRO DRINKS): a build is a station then a drink; a walked Move is steps (cells)
// and a Stop button.
const DIMS = ["cell", "station", "line", "pile", "drink", "free", "token", "stake", "discounts"];
// "Choose …": what the next step asks for.
const CHOOSE = {
  drink: t("Choose the drink to build (colour and shape)"), free: t("Choose how to build"),
  cell: t("Choose a cell on the map"), station: t("Choose a station on the map"),
  line: t("Choose a line (on the map or in the lines table)"), pile: t("Choose a discard pile"),
  token: t("Choose the token to return"), stake: t("Choose your stake"), discounts: t("Choose discount discs to use"),
};

let comp = null;
let table = null;
let cfg = null;
let latest = null;
let prevView = null;
let zoom = null;
let sel = { spot: null, fields: {} };
let selAt = -1; // the action count the selection belongs to
let fittedFor = ""; // the step the map was last zoomed to (phones)
let notationOpen = false;
let spotValue = {};
let hints = null;

export async function initGame(config) {
  cfg = config;
  hints = hintState(cfg, () => latest);
  // The components of this game's map and card set come with the page (MOD-1).
  comp = config.components ?? await (await fetch("/api/titles/tokyo-metro/components")).json();
  drawWith(comp);
  for (const card of Object.values(comp.cards)) for (const a of card.actions) spotValue[a.spot] = a;
  const svg = document.querySelector("#board svg");
  svg.append(svgEl("g", { id: "targets" }));
  zoom = initZoom(svg, document.getElementById("zoom"));
  setMarker(markMove);
  table = connectTable(cfg, (msg) => { render(msg); }, "#actions button:not(#hint), #undo, #choice button, #cards button, #lines-table button, #board .target");
}

const key = (v) => (Array.isArray(v) ? v.join("+") || "none" : String(v));
const send = (action) => { table.send(action); };

function render(msg) {
  const v = msg.view;
  const fresh = latest === null || msg.actions !== latest.actions;
  latest = msg;
  document.body.dataset.actions = String(msg.actions); // tests wait for the next action
  if (msg.actions !== selAt) { sel = { spot: null, fields: {} }; selAt = msg.actions; }
  const svg = document.querySelector("#board svg");
  const newLog = prevView && v.log.length > prevView.log.length ? v.log.slice(prevView.log.length) : [];
  setOverlay(msg.overlay);
  if (fresh) animateTrains(svg, prevView, v, comp, newLog);
  prevView = v;
  document.getElementById("practice").hidden = !msg.practice;
  renderStatus(msg);
  renderPlayers(document.getElementById("players"), v, msg.names, cfg.seat, comp);
  renderEnd(msg);
  renderChoice(msg);
  renderNotation(msg);
  const undoButton = document.getElementById("undo");
  undoButton.hidden = !msg.can_undo;
  undoButton.onclick = () => table.undo();
}

// Where a move of the side log lies on the table (static/follow.js marks it): the action
// card spot its disc went on, the cell, station or line it chose; a sealed bid only in its
// player's panel.
function markMove(entry) {
  const a = entry.action;
  const svg = document.querySelector("#board svg");
  const panel = document.querySelector(`#players .player[data-seat="${entry.seat}"]`);
  if (!a) return [panel];
  const found = [];
  if (a.spot) found.push(document.querySelector(`#cards [data-spot="${a.spot}"]`));
  if (a.cell) found.push(svg.querySelector(`[data-cell="${a.cell}"]`));
  if (a.station) found.push(svg.querySelector(`circle[data-station="${a.station}"]`));
  if (a.line) found.push(document.querySelector(`#lines-table tr[data-line="${a.line}"]`));
  if (a.pile) found.push(document.querySelector(`#cards [data-pile="${a.pile}"]`));
  const shown = found.filter(Boolean);
  return shown.length ? shown : [panel];
}

function renderStatus(msg) {
  const v = msg.view;
  const status = document.getElementById("status");
  const mine = cfg.seat !== null && v.to_act.includes(cfg.seat);
  const who = cfg.seat === null ? t("Spectating") : t("You are seat {n} {name}", { n: cfg.seat + 1, name: msg.names[cfg.seat] ?? "" }).trim();
  let what;
  if (msg.finished) {
    what = `${t("Game over")} — ${msg.winner !== null ? t("seat {n} {name} wins", { n: msg.winner + 1, name: msg.names[msg.winner] ?? "" }).replace("  ", " ") : t("a tie")}`;
  } else {
    const others = v.to_act.map((s) => seatName(msg.names, s).trim()).join(", ");
    const phase = phaseName(v.phase);
    const task = {
      turn_order: mine ? t("place your bid") : t("waiting for bids ({seats})", { seats: others }),
      movement: mine ? (v.round === 1 ? t("place your meeple in the start area") : t("walk your meeple")) : t("{seats} moves", { seats: others }),
      actions: v.walk_left > 0 ? (mine ? t("walk your Move cell by cell ({n} left), build at a station, or stop here", { n: v.walk_left }) : t("{seats} walks a Move", { seats: others })) : v.walk_left === 0 ? (mine ? t("build vending machines for free, or end your turn") : t("{seats} builds vending machines", { seats: others })) : mine ? t("choose an action card spot, or pass") : t("{seats} chooses an action", { seats: others }),
      trains: v.trains_phase ? `${trainWords(v.trains_phase.line)}${mine ? ` — ${t("your decision")}` : ""}` : t("trains run"),
    }[v.phase] ?? "";
    what = `${t("Round {n}/{rounds}", { n: v.round, rounds: v.rounds })} · ${phase}: ${task}`;
  }
  status.textContent = `${who} · ${what}`;
  status.title = status.textContent;
  status.className = mine ? "yours" : "";
}

// "train G runs", "trams P run" (OS-2: a pair runs together).
function trainWords(letter) {
  const word = vehicleWord(comp, letter);
  return (comp.lines[letter]?.vehicles?.length ?? 1) > 1 ? t("{vehicle}s {line} run", { vehicle: word, line: letter }) : t("{vehicle} {line} runs", { vehicle: word, line: letter });
}

// ----------------------------------------------------------------- the pointing flow

function candidates(msg) {
  return msg.legal.filter((a) => a.kind !== "turn-bid"
    && (sel.spot ? a.action.spot === sel.spot : a.action.spot === undefined && (sel.kind ? a.kind === sel.kind : a.kind !== "assign"))
    && Object.entries(sel.fields).every(([k, val]) => key(a.action[k]) === val));
}

// The next dimension to choose, with its values; dimensions with one value are filled in.
function nextStep(cands) {
  for (const dim of DIMS) {
    if (dim in sel.fields) continue;
    const having = cands.filter((a) => dim in a.action);
    if (!having.length) continue;
    const values = [...new Set(having.map((a) => key(a.action[dim])))];
    if (values.length === 1 && having.length === cands.length) { sel.fields[dim] = values[0]; continue; }
    return { dim, values, having };
  }
  return null;
}

function choose(dim, value) {
  sel.fields[dim] = value;
  renderChoice(latest);
}

function chooseSpot(spot) {
  sel = { spot: sel.spot === spot ? null : spot, fields: {} };
  renderChoice(latest);
}

function back() {
  const keys = Object.keys(sel.fields);
  sel = keys.length ? { spot: sel.spot, kind: sel.kind, fields: {} } : { spot: null, fields: {} };
  renderChoice(latest);
}

// The price a label names ("… for ¥600 …"), in the label's language (prompts.py's
// sentences: "pour 600 ¥", "per 600 ¥", "600円で"), as a number.
const PRICE = { en: /for ¥([\d,]+)/, fr: /pour ([\d\u202f\u00a0]+)\u00a0¥/, it: /per ([\d.]+)\u00a0¥/, ja: /([\d,]+)円で/ };
const priceOf = (label) => {
  const found = (PRICE[lang] ?? PRICE.en).exec(label ?? "") ?? PRICE.en.exec(label ?? "");
  return found ? Number(found[1].replace(/\D/g, "")) : null;
};

function priceRange(list) {
  const prices = [...new Set(list.map((a) => priceOf(a.label)).filter((p) => p !== null))];
  if (!prices.length) return "";
  const n = prices.sort((a, b) => a - b);
  return n[0] === n[n.length - 1] ? yen(n[0]) : `${yen(n[0])}–${yen(n[n.length - 1])}`;
}

function chipText(dim, value, list) {
  if (dim === "discounts") {
    if (value === "none") return t("No discount");
    const discs = value.split("+");
    const off = discs.reduce((s, d) => s + (spotValue[d]?.value ?? 0), 0);
    return t("Discount −{amount} ({discs})", { amount: yen(off), discs: discs.join(", ") });
  }
  if (dim === "stake") return yen(Number(value));
  if (dim === "token") return value === "speed" ? t("Return a Speed token") : t("Return your Bike");
  if (dim === "line") return `${value} ${lineName(comp, value)}`;
  if (dim === "station") return stationName(comp, value);
  if (dim === "free") return value === "true" ? t("Free (Shape card)") : t("A disc on the JIDOHANBAIKI pile");
  if (dim === "drink") {
    const d = comp.drinks?.drinks?.[value];
    return d ? drinkWords(comp, d) : value;
  }
  if (dim === "pile") return t("Take the {deck} discard", { deck: value });
  return value;
}

function renderChoice(msg) {
  const box = document.getElementById("choice");
  const v = msg.view;
  const mine = msg.legal.length > 0;
  const svg = document.querySelector("#board svg");
  const targetsLayer = svg.querySelector("#targets");
  targetsLayer.replaceChildren();
  focusTrain(svg, targetsLayer, v, mine ? `${msg.actions}:train` : null);
  svg.classList.remove("picking");
  const legalSpots = new Set(msg.legal.filter((a) => a.action.spot).map((a) => a.action.spot));
  let piles = null, lineTargets = null, lineKind = null;
  const parts = [];
  if (msg.prompt) parts.push(el("p", { id: "prompt", text: msg.prompt }));
  if (!mine) {
    parts.push(el("p", { class: "waiting", text: msg.finished ? t("The game is over.") : t("Waiting for others.") }));
  } else if (msg.legal.some((a) => a.kind === "turn-bid")) {
    parts.push(bidForm(msg));
  } else {
    const cands = candidates(msg);
    const step = nextStep(cands);
    const head = sel.spot ? `${sel.spot}: ${spotText(spotValue[sel.spot] ?? { kind: "?" })}` : null;
    // MD-4: a build has no spot; the station chosen on the map heads the choice.
    if (!head && sel.fields.station && cands.every((a) => a.kind === "build")) parts.push(el("p", { class: "chosen" }, el("strong", { text: t("Build a vending machine at {station}", { station: stationName(comp, sel.fields.station) }) })));
    if (head) parts.push(el("p", { class: "chosen" }, el("strong", { text: t("Spot {spot}", { spot: head }) }), ` ${Object.entries(sel.fields).map(([k, val]) => chipText(k, val, [])).join(" · ")}`));
    if (!cands.length) {
      parts.push(el("p", { text: t("Nothing is left to choose here.") }));
    } else if (step) {
      const where = ["cell", "station", "line", "pile"].includes(step.dim);
      parts.push(el("p", { class: "step", text: `${CHOOSE[step.dim]}${where ? ` — ${t("the highlighted ones")}` : ""}${sel.spot || sel.kind || Object.keys(sel.fields).length || !legalSpots.size ? "" : `, ${t("or an action card spot")}`}.` }));
      if (step.dim === "cell" || step.dim === "station" || step.dim === "line") {
        drawTargets(svg, targetsLayer, step);
        // MD-5: walking a Move, the stations to build at are targets beside the next cells.
        const builds = step.dim === "cell" ? cands.filter((a) => a.kind === "build") : [];
        if (builds.length) drawTargets(svg, targetsLayer, { dim: "station", values: [...new Set(builds.map((a) => a.action.station))], having: builds });
        fitOnPhone(svg, targetsLayer, `${msg.actions}:${sel.spot}:${step.dim}`);
      }
      if (step.dim === "line") { lineTargets = new Set(step.values); lineKind = step.having[0].kind; }
      if (step.dim === "pile") piles = new Set(step.values);
      if (step.dim !== "cell") parts.push(chips(step));
    } else if ((cands.length === 1 && sel.spot) || Object.keys(sel.fields).length) {
      parts.push(confirmBox(cands[0]));
    }
    // Actions with nothing to choose (pass, board, stay) are big buttons of their own.
    if (!sel.spot && !sel.kind && !Object.keys(sel.fields).length) {
      const plain = cands.filter((a) => DIMS.every((d) => !(d in a.action)));
      const buttons = plain.map((a) => el("button", { type: "button", class: `big ${a.kind}`, "data-kind": a.kind, onclick: () => send(a.action), text: a.label ?? a.text }));
      if (msg.legal.some((a) => a.kind === "assign")) {
        // TM-6.2: a Speed token may go to a line before the action; a step of its own.
        buttons.unshift(el("button", { type: "button", class: "big assign", "data-kind": "assign", onclick: () => { sel = { spot: null, kind: "assign", fields: {} }; renderChoice(latest); }, text: t("Assign a Speed token to a line first…") }));
      }
      if (buttons.length) parts.push(el("div", { class: "big-buttons" }, ...buttons));
      if (legalSpots.size && !step && !sel.kind) {
        parts.push(el("p", { class: "step" }, t("Choose a highlighted action card spot"),
          el("a", { href: "#cards-panel", class: "to-cards", title: t("the action cards are below"), text: ` ${t("(the cards ↓)")}` }), plain.length ? `, ${t("or:")}` : "."));
      }
    }
    if (sel.spot || sel.kind || Object.keys(sel.fields).length) parts.push(el("button", { type: "button", id: "back-btn", class: "secondary", onclick: back, text: `← ${t("Back")}` }));
  }
  box.replaceChildren(...parts);
  renderCardGrid(document.getElementById("cards"), v, comp, cfg.seat, { legal: mine ? legalSpots : null, onSpot: chooseSpot, selected: sel.spot, piles, onPile: (p) => choose("pile", p) });
  const slot = { speculation: "slots", assign: "slots", start: "train" }[lineKind] ?? "stock";
  renderLines(document.getElementById("lines-table"), v, msg.names, comp, lineTargets, (letter) => choose("line", letter), slot);
}

function bidForm(msg) {
  // The bid is sealed: it goes only to the server, which shows it to nobody else.
  const list = msg.legal.filter((a) => a.kind === "turn-bid");
  const bonus = msg.view.players[cfg.seat].bid_bonus;
  const pick = el("select", { id: "bid-amount", "aria-label": t("your secret bid") }, ...list.map((a) => el("option", { value: a.action.amount, text: yen(a.action.amount) })));
  return el("div", { class: "bid" }, el("label", { for: "bid-amount", text: `${t("Your secret turn-order bid")}${bonus ? ` (${t("+ bonus {amount}", { amount: yen(bonus) })})` : ""}: ` }), pick,
    el("button", { id: "bid-submit", type: "button", class: "big", onclick: () => send({ type: "turn-bid", amount: Number(pick.value) }), text: t("Seal bid") }));
}

function chips(step) {
  const values = step.dim === "stake" ? step.values.map(Number).sort((a, b) => a - b).map(String) : step.values;
  const list = (val) => step.having.filter((a) => key(a.action[step.dim]) === val);
  const chip = (val) => {
    const price = step.dim === "discounts" || step.dim === "pile" || step.dim === "line" || step.dim === "station" ? priceRange(list(val)) : "";
    return el("button", { type: "button", class: "chip", "data-dim": step.dim, "data-value": val, onclick: () => choose(step.dim, val) },
      step.dim === "drink" ? drinkChip(comp, val) : "", chipText(step.dim, val, list(val)), price ? el("small", { text: ` ${price}` }) : "");
  };
  if (step.dim === "stake" && values.length > 8) {
    // Many possible stakes: the smallest few as chips, every one in a list.
    const pick = el("select", { id: "stake-pick", "aria-label": t("stake") }, ...values.map((val) => el("option", { value: val, text: yen(Number(val)) })));
    return el("div", { class: "chips" }, ...values.slice(0, 5).map(chip), pick, el("button", { type: "button", class: "chip", onclick: () => choose("stake", pick.value), text: t("Use this stake") }));
  }
  return el("div", { class: "chips" }, ...values.map(chip));
}

function confirmBox(item) {
  return el("div", { id: "confirm", role: "group", "aria-label": t("confirm your action") },
    el("p", { id: "confirm-text", text: item.label ?? item.text }),
    el("button", { type: "button", id: "confirm-btn", class: "big", onclick: () => send(item.action), text: t("Confirm") }));
}

// Map targets on top of everything: only these are clickable.
function drawTargets(svg, layer, step) {
  svg.classList.add("picking");
  const add = (node, value) => {
    node.classList.add("target");
    node.setAttribute("data-target", step.dim);
    node.setAttribute("data-value", value);
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    node.setAttribute("aria-label", chipText(step.dim, value, []));
    node.addEventListener("click", () => choose(step.dim, value));
    node.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); choose(step.dim, value); } });
    layer.append(node);
  };
  for (const value of step.values) {
    if (step.dim === "cell") {
      const r = svg.querySelector(`[data-cell="${value}"]`);
      if (!r) continue;
      const g = svgEl("g", {});
      g.append(svgEl("rect", { x: +r.getAttribute("x") + 2, y: +r.getAttribute("y") + 2, width: +r.getAttribute("width") - 4, height: +r.getAttribute("height") - 4, rx: 6, class: "target-cell" }),
        svgEl("text", { x: +r.getAttribute("x") + 5, y: +r.getAttribute("y") + 13, class: "target-name" }));
      g.lastChild.textContent = value;
      add(g, value);
    } else if (step.dim === "station") {
      const circles = [...svg.querySelectorAll(`circle[data-station="${value}"]`)];
      if (!circles.length) continue;
      const xs = circles.map((c) => +c.getAttribute("cx")), ys = circles.map((c) => +c.getAttribute("cy"));
      const pad = 16;
      add(svgEl("rect", { x: Math.min(...xs) - pad, y: Math.min(...ys) - pad, width: Math.max(...xs) - Math.min(...xs) + 2 * pad, height: Math.max(...ys) - Math.min(...ys) + 2 * pad, rx: pad, class: "target-station" }), value);
    } else if (step.dim === "line") {
      const path = svg.querySelector(`path[data-line="${value}"]`);
      if (!path) continue;
      const g = svgEl("g", {});
      g.append(svgEl("path", { d: path.getAttribute("d"), class: "target-line-halo" }), svgEl("path", { d: path.getAttribute("d"), class: "target-line", stroke: comp.lines[value]?.color ?? "#000" }));
      for (const badge of svg.querySelectorAll(`#termini rect[data-line="${value}"]`)) {
        g.append(svgEl("rect", { x: +badge.getAttribute("x") - 5, y: +badge.getAttribute("y") - 5, width: 28, height: 28, rx: 7, class: "target-badge" }));
      }
      add(g, value);
    }
  }
}

// The trains phase: a ring round each vehicle that runs (not clickable), so it is found;
// a pair (OS-2) has two, data-train "P" and "P2".
function focusTrain(svg, layer, v, stepKey) {
  const letter = v.trains_phase?.line;
  if (!letter) return;
  const groups = (comp.lines[letter]?.vehicles ?? [letter]).map((_, k) => svg.querySelector(`#overlay [data-train="${letter}${k ? k + 1 : ""}"]`)).filter(Boolean);
  for (const group of groups) {
    const box = group.getBBox();
    layer.append(svgEl("circle", { cx: box.x + box.width / 2, cy: box.y + box.height / 2, r: 24, class: "train-focus", "pointer-events": "none" }));
  }
  if (groups.length && stepKey) fitOnPhone(svg, layer, stepKey);
}

function fitOnPhone(svg, layer, stepKey) {
  // On a small screen the whole map is too small to point at: show the targets' area.
  if (fittedFor === stepKey) return;
  fittedFor = stepKey;
  if (svg.getBoundingClientRect().width > 700) return;
  // The map scrolled away (the cards are below it): bring it back under the top bar.
  const r = svg.getBoundingClientRect();
  const top = document.querySelector(".tm-top")?.getBoundingClientRect().bottom ?? 0;
  if (r.bottom < top + 80 || r.top > innerHeight - 120) window.scrollBy(0, r.top - top - 60);
  const box = layer.getBBox();
  if (box.width > 0) zoom.fitTo({ x: box.x, y: box.y, w: box.width, h: box.height });
}

// ----------------------------------------------------------- notation, hint, the end

function renderNotation(msg) {
  const box = document.getElementById("actions");
  if (!msg.legal.length) { box.replaceChildren(); return; }
  const groups = new Map();
  for (const a of msg.legal) { if (!groups.has(a.kind)) groups.set(a.kind, []); groups.get(a.kind).push(a); }
  const parts = [];
  for (const [kind, list] of groups) {
    parts.push(el("div", { class: "group" }, el("h3", { text: `${kind} (${list.length})` }),
      ...list.map((a) => el("button", { type: "button", class: "act", "data-kind": kind, title: a.label ?? "", onclick: () => send(a.action), text: a.text }))));
  }
  const details = el("details", { id: "notation" }, el("summary", { text: t("All {n} legal actions in notation", { n: msg.legal.length }) }), ...parts);
  details.open = notationOpen;
  details.addEventListener("toggle", () => { notationOpen = details.open; });
  // A push re-draws this box; the hint (asked at this action count) survives it, and
  // clears once the game moves on (static/hint.js, issue 30).
  const hintText = el("p", { id: "hint-text", "aria-live": "polite" }, ...hintNodes(hints.lines(msg)));
  const hintButton = el("button", { id: "hint", type: "button", class: "secondary", text: t("Hint (what would the strong bot do?)"), onclick: () => hints.ask(() => document.getElementById("hint-text")?.replaceChildren(...hintNodes(hints.lines(latest)))) });
  box.replaceChildren(details, el("div", { class: "group" }, hintButton, hintText));
}

let endShown = false;

function renderEnd(msg) {
  const end = document.getElementById("end");
  end.hidden = !msg.finished;
  document.body.classList.toggle("finished", Boolean(msg.finished));
  if (!msg.finished) return;
  const f = msg.view.final ?? { lines: [], loans: [], money: msg.scores };
  const n = msg.scores.length;
  const got = (field) => Array.from({ length: n }, (_, seat) => f.lines.reduce((s, l) => s + l[field].filter((x) => x.seat === seat).reduce((t, x) => t + x.paid, 0), 0));
  const stocks = got("stocks"), specs = got("speculations");
  // A card set that prints Sell (OS-7.2): the money set aside, added at the end (TM-9.4).
  const sold = Object.values(comp.cards).some((c) => c.actions.some((a) => a.kind === "sell"));
  const ranking = msg.scores.map((s, i) => [s, i]).sort((a, b) => b[0] - a[0]);
  const breakdown = el("table", { id: "breakdown" },
    el("thead", {}, el("tr", {}, ...["", t("Seat"), t("Final money"), t("Stock payouts"), t("Speculation payouts"), ...(sold ? [t("Sell money set aside (TM-9.4)")] : []), t("Loans repaid at the end")].map((h) => el("th", { scope: "col", text: h })))),
    el("tbody", {}, ...ranking.map(([s, i], r) => el("tr", { class: i === msg.winner ? "winner" : "" },
      el("td", { text: `${r + 1}.` }), el("th", { scope: "row", text: `${seatName(msg.names, i)}${i === cfg.seat ? ` ${t("(you)")}` : ""}` }),
      el("td", { text: yen(s) }), el("td", { text: `+${yen(stocks[i])}` }), el("td", { text: `+${yen(specs[i])}` }),
      ...(sold ? [el("td", { text: `+${yen(msg.view.players[i].sold ?? 0)}` })] : []), el("td", { text: f.loans[i] ? `−${yen(f.loans[i])}` : "—" })))));
  const paid = (s) => `${t("seat {n}", { n: s.seat + 1 })} +${yen(s.paid)}`;
  const rows = f.lines.filter((l) => l.stocks.length || l.speculations.length).map((l) => el("tr", {}, el("th", { scope: "row", text: `${l.line} ${lineName(comp, l.line)}` }), el("td", { text: yen(l.value) }),
    el("td", { text: l.speculations.map(paid).join(", ") || "—" }),
    el("td", { text: yen(l.value_after_speculations) }),
    el("td", { text: l.stocks.map(paid).join(", ") || "—" })));
  const replaying = document.body.classList.contains("replaying");
  const rematch = cfg.seat !== null && !replaying ? [el("button", { type: "button", id: "rematch", class: "big", "data-end-rematch": "1", onclick: askRematch, text: msg.rematch ? t("Join the rematch") : t("Rematch with the same seats") }), el("span", { id: "rematch-error", role: "alert" })] : [];
  document.getElementById("result").replaceChildren(
    el("ol", { id: "ranking" }, ...ranking.map(([s, i]) => el("li", { text: `${seatText(msg.names, i)}${i === cfg.seat ? ` ${t("(you)")}` : ""}: ${yen(s)}${i === msg.winner ? ` — ${t("winner")}` : ""}` }))),
    el("div", { class: "end-actions" }, ...rematch, el("a", { href: withLang(`/replay/${msg.game_id}`), class: "replay-link", text: t("Watch the replay") })),
    el("h3", { text: t("Where the money came from") }), breakdown,
    el("h3", { text: t("Line payouts (TM-9.2, TM-9.3)") }),
    el("table", { id: "line-payouts" }, el("thead", {}, el("tr", {}, ...[t("Line"), t("Value"), t("Speculations"), t("After"), t("Stock payouts")].map((h) => el("th", { scope: "col", text: h })))), el("tbody", {}, ...rows)),
    msg.end ? el("p", { id: "end-length", class: "end-length", text: `${t("Length:")} ${lengthText(msg.end)}` }) : "");
  if (!endShown && !replaying) { endShown = true; window.scrollTo(0, 0); }
}

async function askRematch() {
  const out = document.getElementById("rematch-error");
  const res = await fetch(`/api/games/${cfg.gameId}/rematch`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token: cfg.token }) });
  const body = await res.json().catch(() => ({}));
  if (res.ok && body.url) { location.href = withLang(body.url); return; }
  if (out) out.textContent = ` ${t("No rematch: {reason}", { reason: body.detail ?? body.error?.message ?? res.status })}`;
}
