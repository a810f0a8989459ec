// BOTTLE BONUS's page (issue 17): TOKYO JUTAKU's page as it is (imported, with its hooks),
// plus the drinks: the drop as a moment of its own (the drinks fall into the machine,
// each with its Catch button, under a big countdown, BB-1), one's drinks as power
// buttons enabled only when the server lists their spend (BB-2), Ready before a round,
// and every player's drinks (colour + shape glyph). It sends only listed actions.
import { el } from "/static/dom.js";
import { t, lang, yen } from "/static/i18n.js";
import { initGame } from "/static/titles/tokyo_jutaku/game.js";
import { elementName } from "/static/titles/jutaku_kit/pieces.js";

const POWERS = {
  black: t("flip your card before building (its back unseen)"),
  white: t("place one element before the round"),
  mint: t("everyone else puts an element back"),
  blue: t("+¥200 if you win this round"),
  red: t("two elements at once this round"),
  purple: t("move to any free card"),
};
// A drink's colour and name in the page's language (Japanese: the drink's own name).
const COLOURS = { black: t("black"), white: t("white"), mint: t("mint"), blue: t("blue"), red: t("red"), purple: t("purple") };
const colourWord = (c) => COLOURS[c] ?? c;
const drinkName = (d) => (lang === "ja" && d.ja ? d.ja : t(d.name));
let comps = null;
let page = null;
let lastDrop = null; // the drop drawn, so that its drinks fall once

export function initBottle(cfg) {
  initGame(cfg, {
    components: "/api/titles/bottle-bonus/components",
    tickMs: 100,
    sideOf: (v, card) => (v.flipped.includes(card) ? (v.options.side === "blue" ? "white" : "blue") : v.options.side),
    clockWords: () => ({ catch: t("Time to catch a drink"), before: t("Time before the round") }),
    extra: draw,
  });
  setInterval(catchClock, 100);
}

const drinkOf = (id) => comps.drinks[id];

// A drink as its colour's chip with its shape's glyph, and its words.
function chip(id, withName = true) {
  const d = drinkOf(id);
  const dot = el("span", { class: "bb-chip", text: d.glyph, title: `${colourWord(d.colour)} ${drinkName(d)}` });
  dot.style.background = d.ink;
  dot.style.color = d.colour === "white" || d.colour === "mint" ? "#111" : "#fff";
  return withName ? el("span", { class: "bb-drink", "data-drink": id }, dot, el("span", { text: `${colourWord(d.colour)} · ${drinkName(d)}` })) : dot;
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
  const droppers = v.droppers.map((s) => t("seat {n} {name}", { n: s + 1, name: msg.names[s] })).join(t(" and "));
  const me = page.seat;
  const mine = me !== null ? v.caught[me] : null;
  const words = me === null ? t("Spectating the drop.") : v.droppers.includes(me) ? t("You dropped these: the others catch them.") : mine ? t("You caught a {colour} drink.", { colour: colourWord(drinkOf(mine).colour) }) : t("Catch one drink: the first click wins it.");
  document.getElementById("machine-what").textContent = `${t("{seats} completed and dropped {n} drink(s).", { seats: droppers, n: v.machine.length + v.caught.filter(Boolean).length })} ${words}`;
  const catches = new Map(page.legalOf("catch").map((a) => [a.action.drink, a]));
  const key = `${v.round}:${v.droppers.join(",")}`;
  const fall = document.getElementById("fall");
  const again = lastDrop === key;
  lastDrop = key;
  const caught = v.caught.map((d, s) => [d, s]).filter(([d]) => d);
  const nodes = [
    ...v.machine.map((id) => {
      const a = catches.get(id);
      const b = el("button", { type: "button", class: "bb-drink", "data-drink": id, "aria-label": t("Catch {drink}", { drink: `${colourWord(drinkOf(id).colour)} ${drinkName(drinkOf(id))}` }) }, chip(id, false), el("span", { text: t("Catch {drink}", { drink: colourWord(drinkOf(id).colour) }) }));
      b.disabled = !a;
      if (a) b.onclick = () => { b.disabled = true; page.table.send(a.action); };
      return b;
    }),
    ...caught.map(([id, s]) => el("span", { class: "bb-drink bb-caught", "data-drink": id }, chip(id, false), el("span", { text: t("seat {n} caught it", { n: s + 1 }) }))),
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
    const b = el("button", { type: "button", class: a ? "" : "secondary", "data-drink": id, title: POWERS[d.colour] }, chip(id, false), el("span", { text: `${colourWord(d.colour)}: ${POWERS[d.colour]}` }));
    b.disabled = !a;
    if (a) b.onclick = () => { b.disabled = true; page.table.send(a.action); };
    return b;
  }) : [el("span", { text: t("No drinks yet: catch one when a winner drops them.") })]));
  const ready = page.legalOf("ready")[0];
  const r = document.getElementById("ready");
  r.hidden = !ready;
  r.onclick = ready ? () => { r.disabled = true; page.table.send(ready.action); } : null;
  r.disabled = false;
  const flags = [];
  if (v.phase === "before" && v.early[me]) flags.push(t("white: place {n} element(s) before the round", { n: v.early[me] }));
  if (v.red[me]) flags.push(t("red: you may hold a second element and place both at once"));
  if (v.spare[me]) flags.push(t("second in hand: {element}", { element: elementName(comps.elements[v.spare[me]].name) }));
  if (v.purple[me]) flags.push(t("purple: move to any free card"));
  if (v.bets[me].length) flags.push(t("blue: +¥200 if you win this round"));
  document.getElementById("power-why").textContent = flags.join(" · ");
}

function drawHeld(msg) {
  const v = msg.view;
  document.getElementById("held").replaceChildren(...v.drinks.map((held, s) => {
    const marks = [];
    if (v.kept[s].length) marks.push(el("span", { class: "bb-flag", text: t("blue kept +{amount}", { amount: yen(v.kept[s].length * comps.blue_yen) }) }));
    if (v.red[s]) marks.push(el("span", { class: "bb-flag", text: t("red") }));
    if (v.held[s] && v.flipped.includes(v.held[s])) marks.push(el("span", { class: "bb-flag", text: t("card flipped") }));
    return el("div", { "data-seat": s },
      el("strong", { text: `${s + 1} ${msg.names[s]}` }),
      el("div", { text: t("{amount} with blue drinks", { amount: yen(v.scores[s]) }) }),
      el("div", {}, ...(held.length ? held.map((id) => chip(id, false)) : [el("span", { text: t("no drinks") })]), ...marks));
  }));
}
