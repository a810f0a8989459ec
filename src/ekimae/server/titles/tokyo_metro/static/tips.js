// TOKYO METRO's tooltips (issue 30; static/tips.js shows them): the map's stops, stations,
// lines, termini and start area; the pyramids, meeples and trains on it; each player's
// pieces (the panel's short facts said in words); the lines table (value, low/high,
// stock cards, slots, train); the action cards, their spots, decks and discard piles.
// Each says what the piece is, its state in this seat's view, and its rule in one sentence.
import { t, yen } from "/static/i18n.js";
import { stationName, lineName, spotText, vehicleWord, components } from "/static/titles/tokyo_metro/common.js";

const seatWord = (s) => t("seat {n}", { n: Number(s) + 1 });
const comp = () => components() ?? { lines: {}, stations: {}, cards: {} };
const lineOf = (msg, letter) => msg.view.lines.find((l) => l.letter === letter);
const lineWords = (letter) => `${letter} ${lineName(comp(), letter)}`.trim();

// The lines through a stop (by the SVG's data-stop) and its number on each: "G 4, M 9".
function stopNumbers(index) {
  const out = [];
  for (const [letter, line] of Object.entries(comp().lines)) {
    const k = (line.stops ?? []).indexOf(index);
    if (k >= 0) out.push({ letter, number: k + 1 });
  }
  return out;
}

function stationTip(key, msg) {
  const owner = msg.view.stations?.[key];
  const circles = document.querySelectorAll(`#stops circle[data-station="${CSS.escape(key)}"]`).length;
  return {
    name: t("{station} station", { station: stationName(comp(), key) }),
    state: owner !== undefined ? t("{seat}'s pyramid is on it", { seat: seatWord(owner) })
      : circles === 1 ? t("no pyramid yet; one stop, so a Station action here costs its price once")
        : t("no pyramid yet; {n} stops, so a Station action here costs its price {n} times", { n: circles }),
    rule: t("Each time a train moves onto one of its stops, the pyramid's owner earns {owner} and the line gains {line}; the line gains {stock} instead if the owner holds its stock.", { owner: yen(200), line: yen(200), stock: yen(500) }),
    id: "TM-8.3",
  };
}

function stopTip(circle, msg) {
  const index = Number(circle.dataset.stop);
  const numbers = stopNumbers(index).map((n) => t("stop {n} of the {line} line", { n: n.number, line: lineWords(n.letter) })).join(", ");
  const station = stationTip(circle.dataset.station, msg);
  return { ...station, name: `${station.name}: ${numbers}`, rule: t("Trains run from stop to stop in number order and turn back at each end; a meeple in a cell touching this circle may board here."), id: "TM-8.2" };
}

const RULES = {
  move: [() => t("Move your meeple up to this many cells (one more with a Bike); a meeple never steps into another's cell."), "TM-7.1"],
  station: [() => t("Put one of your pyramids on a station your meeple touches; pay this price for each of its stops."), "TM-7.2"],
  exchange: [() => t("Build a station your meeple touches by returning a Speed token or your Bike instead of paying."), "TM-7.3"],
  invest: [() => t("Buy the top stock card of a line you have no stake in: pay this price plus the card's surcharge; the line's value rises by all you pay."), "TM-7.4"],
  start: [() => t("Put a train that is off the map on its stop 1; its line's value rises by this much."), "TM-7.5"],
  speed: [() => t("Take Speed tokens: put one on a line before an action, and its train runs one stop further every round."), "TM-7.6"],
  bike: [() => t("Take a Bike: one more cell on every move, yours to the end."), "TM-7.7"],
  discount: [() => t("Later this round, take this much off one printed yen cost."), "TM-7.8"],
  bid: [() => t("Take this many yen to add to your next turn-order bid."), "TM-7.9"],
  loan: [() => t("Take {amount} and a Loan token; each loan still held at the end costs {end}.", { amount: yen(1000), end: yen(1500) }), "TM-7.10"],
  repay: [() => t("Pay {amount} to return a Loan token.", { amount: yen(1000) }), "TM-7.10"],
  speculation: [() => t("Stake at least the line's low figure on a line where you hold no stock; at the end it pays twice the stake, up to that low figure."), "TM-7.11"],
  action: [() => t("Pay to bring one more of your discs in front of you, usable at once (six at most)."), "TM-7.12"],
  card: [() => t("Pay to take the top card of a discard pile: it becomes your own action card for the rest of the game."), "TM-7.13"],
  "invest-disc": [() => t("Give up one of your discs for good to buy a stock card, paying only its surcharge."), "OS-6"],
  sell: [() => t("Sell one of your stocks for what it would pay you if the game ended now; the money is set aside until the end."), "OS-7.2"],
  copy: [() => t("Later this round, take an action someone already took this round, by putting your discs on top of theirs."), "OS-7.1"],
  colour: [() => t("Give up one of your discs for good to take this Colour card and its crate of six drinks."), "MD-3"],
  shape: [() => t("Until the end of this action phase, build vending machines for free on your turns."), "MD-5"],
};

function spotTip(node, msg) {
  const spot = node.dataset.spot;
  const card = Object.values(comp().cards).find((c) => c.actions.some((a) => a.spot === spot));
  const action = card?.actions.find((a) => a.spot === spot);
  if (!action) return null;
  const taken = msg.view.taken?.[spot];
  const [rule, id] = RULES[action.kind] ?? [() => "", "TM-7"];
  const slots = action.slots > 1 ? t("it needs {n} discs from in front of you", { n: action.slots }) : t("it needs 1 disc from in front of you");
  return {
    name: t("Action {spot}: {what}", { spot, what: spotText(action) }),
    state: taken === undefined ? `${t("free this round")}; ${slots}` : t("taken this round by {seat}", { seat: seatWord(taken) }),
    rule: rule(),
    id,
  };
}

function factsTip(node, msg) {
  const p = msg.view.players[Number(node.closest("[data-seat]")?.dataset.seat)];
  if (!p) return null;
  const parts = [
    t("{front} of their {all} action discs in front of them, {supply} more in the general supply", { front: p.front, all: p.action_discs, supply: p.supply_discs }),
    t("{n} speculation discs", { n: p.speculation_discs }),
    t("{n} station pyramids left", { n: p.pyramids }),
    t("{n} Speed tokens to place", { n: p.speed_tokens }),
  ];
  if (p.bike) parts.push(t("a Bike"));
  if (p.loans) parts.push(t("{n} loans", { n: p.loans }));
  parts.push(p.riding ? t("riding the {line} {vehicle}", { line: p.riding, vehicle: vehicleWord(comp(), p.riding) }) : p.meeple ? t("meeple in cell {cell}", { cell: p.meeple }) : t("meeple not on the map yet"));
  return {
    name: t("The pieces of {seat}", { seat: seatWord(p.seat) }),
    state: parts.join("; "),
    rule: t("Each action needs discs from in front of you; when you pass you take {amount} for each disc still there.", { amount: yen(100) }),
    id: "TM-3.5",
  };
}

function lineRowTip(node, msg) {
  const letter = node.closest("tr")?.querySelector(".badge")?.textContent;
  const l = lineOf(msg, letter);
  if (!l) return null;
  const col = node.cellIndex;
  const holders = l.stocks.map((s) => seatWord(s)).join(", ");
  const base = { name: t("{line} line", { line: lineWords(letter) }) };
  if (node.tagName === "TH") {
    return { ...base, state: t("value {value}; stock held by {holders}", { value: yen(l.value), holders: holders || t("nobody") }), rule: t("At the end the line's value is paid out to its stock holders: all of it to one holder, shared by the cards' numbers among several."), id: "TM-9.3" };
  }
  if (col === 1) return { ...base, name: t("Value of the {line} line", { line: lineWords(letter) }), state: yen(l.value), rule: t("Investments, trains started, riders and station payouts raise it; at the end it is paid out to the line's stock holders."), id: "TM-2.4" };
  if (col === 2) return { ...base, name: t("Low and high figures of the {line} line", { line: lineWords(letter) }), state: t("low {low}, high {high}: they add up to the value", { low: yen(l.low), high: yen(l.high) }), rule: t("With two holders the first stock gets the high figure and the second the low one; a speculation stakes at least the low figure."), id: "TM-2.4" };
  if (col === 4) return { ...base, name: t("Disc slots of the {line} line", { line: lineWords(letter) }), state: t("{speed} Speed tokens, {specs} speculations, {free} slots free", { speed: l.speed_tokens, specs: l.speculations.length, free: l.slots - l.speed_tokens - l.speculations.length }), rule: t("Each slot holds a Speed token (its train runs one stop further) or a speculation disc."), id: "TM-1.2" };
  if (col === 5) {
    const placed = l.vehicles ?? (l.train ? [l.train] : []);
    const where = placed.length ? placed.map((v) => t("at stop {n}, heading {way}", { n: v.number ?? v.stop, way: v.direction > 0 ? t("towards the higher numbers") : t("towards stop 1") })).join("; ") : t("off the map");
    return { ...base, name: t("The {line} line's {vehicle}", { line: lineWords(letter), vehicle: vehicleWord(comp(), letter) }), state: where, rule: t("In the trains phase it runs five stops, plus one per Speed token on its line, paying at every station with a pyramid."), id: "TM-8.2" };
  }
  return null;
}

function stockTip(node, msg) {
  const letter = node.closest("tr")?.querySelector(".badge")?.textContent;
  const l = lineOf(msg, letter);
  const k = [...node.parentNode.children].indexOf(node);
  if (!l) return null;
  const holder = l.stocks[k];
  const surcharge = comp().surcharges?.[k] ?? 0;
  return {
    name: t("Stock card {n} of the {line} line", { n: k + 1, line: lineWords(letter) }),
    state: holder === undefined ? t("not bought yet; surcharge {amount}", { amount: yen(surcharge) }) : t("held by {seat}", { seat: seatWord(holder) }),
    rule: t("An Invest action buys the top free card, paying the action's price plus the card's surcharge; each player holds at most one stock per line."), id: "TM-7.4",
  };
}

export const TIPS = [
  // The map's hundred-odd stops stay out of the Tab order (a keyboard reaches the moves
  // first); their words are their aria-description, their targets' buttons are focusable.
  { select: "#stops circle[data-station]", focus: false, describe: (node, msg) => stopTip(node, msg) },
  {
    // A stop's number, drawn on its circle: the same tip as the circle.
    select: "#stops text",
    focus: false,
    describe: (node, msg) => {
      let circle = node.previousElementSibling;
      while (circle && circle.tagName !== "circle") circle = circle.previousElementSibling;
      return circle ? stopTip(circle, msg) : null;
    },
  },
  {
    select: "#labels text:not([stroke])",
    focus: false,
    describe: (node, msg) => {
      const name = node.textContent;
      const key = Object.keys(comp().stations).find((k) => stationName(comp(), k) === name);
      return key ? stationTip(key, msg) : null;
    },
  },
  {
    select: "#lines path[data-line], #termini rect[data-line], #legend rect[data-line]",
    focus: false,
    describe: (node, msg) => {
      const l = lineOf(msg, node.dataset.line);
      if (!l) return null;
      return {
        name: t("{line} line", { line: lineWords(node.dataset.line) }),
        state: t("value {value}; stock held by {holders}", { value: yen(l.value), holders: l.stocks.map(seatWord).join(", ") || t("nobody") }),
        rule: t("A line is a chain of stops numbered from 1; its badges mark the two ends, where its train turns back."),
        id: "TM-1.1",
      };
    },
  },
  {
    select: "#overlay .pyramid",
    describe: (node, msg) => ({ ...stationTip(node.dataset.pyramid, msg), name: t("{seat}'s pyramid on {station}", { seat: seatWord(node.dataset.seat), station: stationName(comp(), node.dataset.pyramid) }) }),
  },
  {
    select: "#overlay .meeple",
    describe: (node) => ({
      name: t("{seat}'s meeple", { seat: seatWord(node.dataset.seat) }),
      state: t("in cell {cell}", { cell: node.dataset.meeple }),
      rule: t("It walks from cell to cell, never into another meeple's cell; it touches the stops whose circles touch its cell, to build there or board a train."),
      id: "TM-4.1",
    }),
  },
  {
    select: "#overlay [data-train]",
    describe: (node, msg) => {
      const letter = node.dataset.train.replace(/2$/, "");
      const l = lineOf(msg, letter);
      return {
        name: t("The {line} line's {vehicle}", { line: lineWords(letter), vehicle: vehicleWord(comp(), letter) }),
        state: l?.train ? t("at stop {n}; it runs {steps} stops in the trains phase", { n: l.train.number ?? l.train.stop, steps: 5 + (l.speed_tokens ?? 0) }) : "",
        rule: t("Moving onto a stop of a station with a pyramid pays that station; riders pay {fare} unless they hold its stock.", { fare: yen(100) }),
        id: "TM-8.3",
      };
    },
  },
  { select: ".players-bar .player .facts:not(.drinks):not(.osaka)", describe: factsTip },
  {
    select: ".players-bar .player > strong",
    describe: (node, msg) => {
      const p = msg.view.players[Number(node.closest("[data-seat]")?.dataset.seat)];
      if (!p) return null;
      const acting = msg.view.to_act.includes(p.seat);
      return { name: node.textContent.replace(/▶.*/, "").trim(), state: acting ? t("to act now") : p.passed ? t("has passed this round") : t("waiting"), rule: t("Players act in turn order, set each round by sealed bids."), id: "TM-3.3" };
    },
  },
  { select: "#lines-table tbody th, #lines-table tbody td", focus: false, describe: lineRowTip },
  { select: "#lines-table .stock-card", describe: stockTip },
  { select: "#cards .spot[data-spot]", describe: spotTip },
  {
    select: "#cards .card-head",
    focus: false,
    describe: (node) => {
      const id = node.closest("[data-card]")?.dataset.card;
      const card = comp().cards[id];
      if (!card) return null;
      return { name: t("Action card {id}", { id }), state: card.dots === 1 ? t("one dot on its back") : t("{n} dots on its back", { n: card.dots }), rule: t("The decks are stacked with the one-dot cards on top: the cards get stronger as the rounds go by."), id: "TM-2.2" };
    },
  },
  {
    select: "#cards .col-head",
    focus: false,
    describe: (node, msg) => {
      const deck = node.closest("[data-deck]")?.dataset.deck;
      const c = msg.view.columns.find((x) => x.deck === deck);
      if (!c) return null;
      return { name: t("The {deck} column", { deck }), state: t("{n} cards left in its deck", { n: c.deck_count }), rule: t("Each round the bottom card is discarded, the others slide down and a new card is drawn; when a deck runs out, the game ends."), id: "TM-3.2" };
    },
  },
  {
    select: "#cards .discard",
    describe: (node, msg) => {
      const c = msg.view.columns.find((x) => x.deck === node.dataset.pile);
      if (!c) return null;
      return { name: t("The {deck} discard pile", { deck: c.deck }), state: c.discard_top ? t("{n} cards, {card} on top", { n: c.discard_count, card: c.discard_top }) : t("empty"), rule: t("A Card action takes its top card as your own action card."), id: "TM-7.13" };
    },
  },
];
