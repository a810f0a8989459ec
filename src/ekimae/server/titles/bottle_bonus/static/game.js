// BOTTLE BONUS's page (issue 17): TOKYO JUTAKU's page as it is (imported, with its hooks),
// plus the drinks: the drop as a moment of its own (the drinks fall into the machine,
// each with its Catch button, under a big countdown, BB-1), one's drinks as power
// buttons enabled only when the server lists their spend (BB-2), Ready before a round,
// and every player's drinks (colour + shape glyph). It sends only listed actions.
import { el } from "/static/dom.js";
import { initGame } from "/static/titles/tokyo_jutaku/game.js";

const POWERS = {
  black: "flip your card before building (its back unseen)",
  white: "place one element before the round",
  mint: "everyone else puts an element back",
  blue: "+¥200 if you win this round",
  red: "two elements at once this round",
  purple: "move to any free card",
};
let comps = null;
let page = null;
let lastDrop = null; // the drop drawn, so that its drinks fall once

export function initBottle(cfg) {
  initGame(cfg, {
    components: "/api/titles/bottle-bonus/components",
    tickMs: 100,
    sideOf: (v, card) => (v.flipped.includes(card) ? (v.options.side === "blue" ? "white" : "blue") : v.options.side),
    clockWords: () => ({ catch: "to catch a drink", before: "before the round" }),
    extra: draw,
  });
  setInterval(catchClock, 100);
}

const drinkOf = (id) => comps.drinks[id];

// A drink as its colour's chip with its shape's glyph, and its words.
function chip(id, withName = true) {
  const d = drinkOf(id);
  const dot = el("span", { class: "bb-chip", text: d.glyph, title: `${d.colour} ${d.name}` });
  dot.style.background = d.ink;
  dot.style.color = d.colour === "white" || d.colour === "mint" ? "#111" : "#fff";
  return withName ? el("span", { class: "bb-drink", "data-drink": id }, dot, el("span", { text: `${d.colour} · ${d.name}` })) : dot;
}

function draw(msg, p) {
  page = p;
  comps = p.comps;
  drawMachine(msg);
  drawMine(msg);
  drawHeld(msg);
}

function drawMachine(msg) {
  const v = msg.view;
  const box = document.getElementById("machine");
  box.hidden = v.phase !== "catch";
  if (v.phase !== "catch") { lastDrop = null; return; }
  const droppers = v.droppers.map((s) => `seat ${s + 1} ${msg.names[s]}`).join(" and ");
  const me = page.seat;
  const mine = me !== null ? v.caught[me] : null;
  const words = me === null ? "Spectating the drop." : v.droppers.includes(me) ? "You dropped these: the others catch them." : mine ? `You caught a ${drinkOf(mine).colour} drink.` : "Catch one drink: the first click wins it.";
  document.getElementById("machine-what").textContent = `${droppers} completed and dropped ${v.machine.length + v.caught.filter(Boolean).length} drink(s). ${words}`;
  const catches = new Map(page.legalOf("catch").map((a) => [a.action.drink, a]));
  const key = `${v.round}:${v.droppers.join(",")}`;
  const fall = document.getElementById("fall");
  const again = lastDrop === key;
  lastDrop = key;
  const caught = v.caught.map((d, s) => [d, s]).filter(([d]) => d);
  const nodes = [
    ...v.machine.map((id) => {
      const a = catches.get(id);
      const b = el("button", { type: "button", class: "bb-drink", "data-drink": id, "aria-label": `Catch ${drinkOf(id).colour} ${drinkOf(id).name}` }, chip(id, false), el("span", { text: `Catch ${drinkOf(id).colour}` }));
      b.disabled = !a;
      if (a) b.onclick = () => { b.disabled = true; page.table.send(a.action); };
      return b;
    }),
    ...caught.map(([id, s]) => el("span", { class: "bb-drink bb-caught", "data-drink": id }, chip(id, false), el("span", { text: `seat ${s + 1} caught it` }))),
  ];
  if (again) for (const n of nodes) n.style.animation = "none"; // fall once per drop
  fall.replaceChildren(...nodes);
  catchClock();
}

function catchClock() {
  const msg = document.getElementById("machine");
  if (!page || msg.hidden) return;
  const latest = page.table.latest?.();
  const end = latest?.view?.deadline_ms;
  const left = end === null || end === undefined ? 0 : Math.max(0, end - page.now());
  document.getElementById("catch-clock").textContent = `${(left / 1000).toFixed(1)} s`;
}

function drawMine(msg) {
  const v = msg.view;
  const me = page.seat;
  const box = document.getElementById("drinks");
  box.hidden = me === null;
  if (me === null) return;
  const spends = new Map(page.legalOf("spend").map((a) => [a.action.drink, a]));
  const list = document.getElementById("my-drinks");
  list.replaceChildren(...(v.drinks[me].length ? v.drinks[me].map((id) => {
    const d = drinkOf(id);
    const a = spends.get(id);
    const b = el("button", { type: "button", class: a ? "" : "secondary", "data-drink": id, title: POWERS[d.colour] }, chip(id, false), el("span", { text: `${d.colour}: ${POWERS[d.colour]}` }));
    b.disabled = !a;
    if (a) b.onclick = () => { b.disabled = true; page.table.send(a.action); };
    return b;
  }) : [el("span", { text: "No drinks yet: catch one when a winner drops them." })]));
  const ready = page.legalOf("ready")[0];
  const r = document.getElementById("ready");
  r.hidden = !ready;
  r.onclick = ready ? () => { r.disabled = true; page.table.send(ready.action); } : null;
  r.disabled = false;
  const flags = [];
  if (v.phase === "before" && v.early[me]) flags.push(`white: place ${v.early[me]} element(s) before the round`);
  if (v.red[me]) flags.push("red: you may hold a second element and place both at once");
  if (v.spare[me]) flags.push(`second in hand: ${comps.elements[v.spare[me]].name}`);
  if (v.purple[me]) flags.push("purple: move to any free card");
  if (v.bets[me].length) flags.push("blue: +¥200 if you win this round");
  document.getElementById("power-why").textContent = flags.join(" · ");
}

function drawHeld(msg) {
  const v = msg.view;
  document.getElementById("held").replaceChildren(...v.drinks.map((held, s) => {
    const marks = [];
    if (v.kept[s].length) marks.push(el("span", { class: "bb-flag", text: `blue kept +¥${(v.kept[s].length * comps.blue_yen).toLocaleString("en")}` }));
    if (v.red[s]) marks.push(el("span", { class: "bb-flag", text: "red" }));
    if (v.held[s] && v.flipped.includes(v.held[s])) marks.push(el("span", { class: "bb-flag", text: "card flipped" }));
    return el("div", { "data-seat": s },
      el("strong", { text: `${s + 1} ${msg.names[s]}` }),
      el("div", { text: `¥${v.scores[s].toLocaleString("en")} with blue drinks` }),
      el("div", {}, ...(held.length ? held.map((id) => chip(id, false)) : [el("span", { text: "no drinks" })]), ...marks));
  }));
}
