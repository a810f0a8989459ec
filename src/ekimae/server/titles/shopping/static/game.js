// THE SHOPPING GAME's page: the mall (SVG drawn by the server from the data and the view,
// sent as the overlay), the market prices, every player's crate and what it would pay,
// the legal actions as buttons with plain labels, the log and the result.
import { el, yen } from "/static/dom.js";
import { t, lang } from "/static/i18n.js";
import { connectTable } from "/static/live.js";

let table = null;
let parts = null;

export async function initGame(cfg) {
  parts = await (await fetch("/api/titles/shopping/components")).json();
  table = connectTable(cfg, (msg) => render(cfg, msg));
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

function render(cfg, msg) {
  const view = msg.view;
  document.body.dataset.actions = String(msg.actions);
  const mine = msg.legal.length > 0;
  const who = cfg.seat === null ? t("Spectating") : t("You are seat {n} {name}", { n: cfg.seat + 1, name: msg.names[cfg.seat] });
  const status = document.getElementById("status");
  status.textContent = msg.finished ? `${who} · ${t("Game over")}` : `${who} · ${msg.prompt ?? ""}`;
  status.className = mine ? "yours" : "";
  document.getElementById("practice").hidden = !msg.practice;
  document.getElementById("mall").innerHTML = msg.overlay ?? "";
  translateDrawing(document.getElementById("mall"));
  renderMarket(view);
  renderPlayers(msg);
  renderActions(msg);
  const undo = document.getElementById("undo");
  undo.hidden = !msg.can_undo;
  undo.onclick = () => table.undo();
  document.getElementById("log").replaceChildren(...(msg.log ?? view.log).slice(-40).map((line) => el("li", { text: line })));
  const end = document.getElementById("end");
  end.hidden = !msg.finished;
  if (msg.finished) {
    document.getElementById("result").replaceChildren(el("ol", { id: "ranking" }, ...msg.ranking.map((place) =>
      el("li", { text: place.map((s) => `${t("Seat {n}", { n: s + 1 })} ${msg.names[s]}: ${yen(msg.scores[s])} · ${t("magazines")} ${view.players[s].magazines}`).join(" = ") }))));
  }
}

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
    const name = `${t("Seat {n}", { n: p.seat + 1 })} ${msg.names[p.seat]}${msg.bots[p.seat] ? ` (${t("bot: {bot}", { bot: msg.bots[p.seat] })})` : ""}${p.seat === msg.seat ? ` ${t("(you)")}` : ""}`;
    const where = p.at === "out" ? t("outside") : p.at;
    return el("div", { class: `sh-player${view.turn === p.seat ? " turn" : ""}`, "data-seat": String(p.seat) },
      el("h3", { text: name }),
      el("div", { text: `${yen(p.money)} · ${t("barrels")} ${p.barrels}/${parts.exits_each} · ${where}` }),
      el("div", {}, `${t("Crate")} (${yen(p.crate_pays)}): `, items(p.crate)),
      el("div", {}, `${t("Brought out")}: `, items(p.kept)));
  }));
}

function renderActions(msg) {
  const box = document.getElementById("actions");
  if (!msg.legal.length) { box.replaceChildren(el("p", { text: msg.finished ? t("The game is over.") : t("Nothing to do now.") })); return; }
  box.replaceChildren(...msg.legal.map((a) => el("button", { type: "button", class: "act", "data-kind": a.kind, text: a.label ?? a.text, onclick: () => table.send(a.action) })));
}
