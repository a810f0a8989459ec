// Shared drawing of a view for the game and replay pages: players, lines, the action card
// grid and the board overlay. Pure DOM, no framework. Every word through t() (the page's
// catalogue) or term() (the glossary: the booklets' words), yen as the page's language
// writes it, station and line names in Japanese script on the Japanese page (issue 20).
import { el, seatName } from "/static/dom.js";
import { t, term, yen, lang } from "/static/i18n.js";
export { el, seatName, t, term, yen, lang };

// A station's or a line's name as the page's reader reads it (the map data's name_ja).
// The components (map and card set) the page draws with, its game's or its replay's: the
// tooltips describe by them (tips.js, issue 30).
let drawnWith = null;
export const drawWith = (comp) => { drawnWith = comp; };
export const components = () => drawnWith;
export const stationName = (comp, key) => (lang === "ja" ? comp?.stations_ja?.[key] : null) || comp?.stations?.[key] || key;
export const lineName = (comp, letter) => {
  const line = comp?.lines?.[letter];
  return (lang === "ja" ? line?.name_ja : null) || line?.name || "";
};
// "Seat 2 Ann" in the page's language (ja: "2番席 Ann").
export const seatText = (names, s) => t("Seat {n} {name}", { n: s + 1, name: names[s] ?? "" }).trim();

export const SVG = "http://www.w3.org/2000/svg";
export const svgEl = (tag, attrs = {}) => {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
};

export function setOverlay(fragment) {
  // The server sends the renderer's <g id="overlay"> for this seat's view; swap it in.
  const svg = document.querySelector("#board svg");
  const doc = new DOMParser().parseFromString(`<svg xmlns="http://www.w3.org/2000/svg">${fragment}</svg>`, "image/svg+xml");
  const fresh = document.importNode(doc.documentElement.firstElementChild, true);
  const old = svg.querySelector("#overlay");
  if (old) old.replaceWith(fresh); else svg.insertBefore(fresh, svg.querySelector("#targets"));
}

const PHASE_WORDS = { turn_order: t("Turn order"), movement: t("Movement"), actions: t("Actions"), trains: t("Trains"), end: t("Game over") };
// A phase's name: the booklets' (the glossary's) in French, Italian, Japanese.
export const phaseName = (phase) => term(`phase.${phase}`) ?? PHASE_WORDS[phase] ?? phase;

// What runs on a line: "train", or OS-2's "tram" / "bus" (from the components), in the
// booklets' words.
export const vehicleWord = (comp, letter) => {
  const word = comp?.lines?.[letter]?.vehicle ?? "train";
  return term(`component.${word}`) ?? word;
};

export function renderPlayers(box, view, names, me, comp = null) {
  // Compact panels, always in sight: text carries everything the colour does.
  box.replaceChildren(...view.players.map((p) => {
    const bid = p.bid !== null ? ` · ${t("your bid {amount}", { amount: yen(p.bid) })}` : p.has_bid ? ` · ${t("has bid")}` : "";
    const acting = view.to_act.includes(p.seat);
    const where = p.riding ? t("on {vehicle} {label}", { vehicle: vehicleWord(comp, p.riding), label: p.riding_vehicle ?? p.riding }) : p.meeple ?? t("off map");
    // OS-7.2: Sell money set aside (added at the end); OS-7.1: Copy discs held.
    const osaka = [p.sold ? t("sold {amount} set aside", { amount: yen(p.sold) }) : "", p.copy_discs?.length ? `${p.copy_discs.length > 1 ? t("Copy discs") : t("Copy disc")} ${p.copy_discs.join(" ")}` : ""].filter(Boolean);
    const facts = [
      `${t("discs {front}/{all}", { front: p.front, all: p.action_discs })}${p.supply_discs ? ` +${p.supply_discs}` : ""}`,
      t("spec {n}", { n: p.speculation_discs }), `▲${p.pyramids}`, t("speed {n}", { n: p.speed_tokens }),
      p.bike ? t("bike") : "", p.loans ? t("loans {n}", { n: p.loans }) : "",
    ].filter(Boolean).join(" · ");
    return el("div", { class: `player${p.seat === me ? " me" : ""}${acting ? " acting" : ""}`, style: `--c: var(--seat${p.seat})`, "data-seat": p.seat },
      el("strong", { text: `${seatText(names, p.seat)}${p.seat === me ? ` ${t("(you)")}` : ""}${acting ? ` ▶ ${t("to act")}` : ""}` }),
      el("span", { class: "money", text: ` ${yen(p.money)}` }),
      el("div", { class: "facts", text: `${facts} · ${where}${bid}${p.bid_bonus ? ` · ${t("bonus {amount}", { amount: yen(p.bid_bonus) })}` : ""}` }),
      osaka.length ? el("div", { class: "facts osaka", "data-osaka": "1", text: osaka.join(" · ") }) : "",
      drinksFacts(p, comp),
      p.personal_cards.length || p.discount_discs.length || p.passed ? el("div", { class: "facts", text: `${p.personal_cards.length ? `${t("cards {ids}", { ids: p.personal_cards.join(" ") })} ` : ""}${p.discount_discs.length ? `${t("discounts {ids}", { ids: p.discount_discs.join(" ") })} ` : ""}${p.passed ? `· ${t("passed")}` : ""}` }) : "");
  }));
}

// METRO DRINKS (MD-1): a drink as a chip, its colour AND its shape's glyph (the colour is
// never the only cue), the name in its title.
export function drinkChip(comp, id, withName = false) {
  const d = comp?.drinks?.drinks?.[id];
  if (!d) return el("span", { class: "drink-chip", text: id });
  const shape = comp.drinks.shapes[d.shape];
  const fill = comp.drinks.colours[d.colour]?.fill ?? "#888";
  const words = drinkWords(comp, d);
  return el("span", { class: "drink-chip", "data-drink": id, title: words, style: `--dc: ${fill}` },
    el("span", { class: "swatch", "aria-hidden": "true", text: shape.glyph }), withName ? ` ${words}` : "");
}

// The JIDOHANBAIKI colours (MD-1), by the data's keys.
const COLOUR_WORDS = { black: t("black"), white: t("white"), mint: t("mint"), blue: t("blue"), red: t("red"), purple: t("purple") };
export const colourWord = (key) => COLOUR_WORDS[key] ?? key;

// "red short can (…)": in Japanese the drink's own Japanese name, as printed.
export function drinkWords(comp, d) {
  if (lang === "ja") return d.ja || d.name;
  const shape = comp.drinks.shapes[d.shape];
  return `${colourWord(d.colour)} ${shape.name.replace(/^the /, "")} (${d.name})`;
}

// A player's drinks (MD-3, MD-5): Colour cards, the supply grouped by colour, free builds.
function drinksFacts(p, comp) {
  if (p.drinks === undefined) return "";
  const parts = [el("span", { text: p.colour_cards.length ? t("Colour cards: {cards}", { cards: p.colour_cards.join(", ") }) : t("no Colour card") })];
  if (p.shape_on) parts.push(el("strong", { class: "free-builds", text: ` · ${t("free builds on (Shape card)")}` }));
  if (p.drinks.length) parts.push(el("span", { text: ` · ${t("supply {n}:", { n: p.drinks.length })} ` }), ...p.drinks.map((d) => drinkChip(comp, d)));
  return el("div", { class: "facts drinks", "data-drinks": String(p.drinks.length) }, ...parts);
}

// The stock cards of a line, numbered #1 … (TM-1.3; OS-4: 1–4 per line): the holder's seat
// on a bought card, the surcharge on the next one to buy.
function stockCards(l, comp) {
  const count = l.stock_cards ?? comp?.lines?.[l.letter]?.stock_cards ?? 3;
  const surcharges = comp?.surcharges ?? [];
  return el("span", { class: "stock-cards", "aria-label": t("{taken} of {count} stock cards taken", { taken: l.stocks.length, count }) },
    ...Array.from({ length: count }, (_, k) => {
      const holder = l.stocks[k];
      const extra = surcharges[k] ? ` +${yen(surcharges[k])}` : "";
      return holder === undefined
        ? el("span", { class: "stock-card free", title: `${t("stock #{k}: free", { k: k + 1 })}${extra}`, text: `#${k + 1}` })
        : el("span", { class: "stock-card held", style: `--c: var(--seat${holder})`, title: t("stock #{k}: seat {n}", { k: k + 1, n: holder + 1 }), text: `#${k + 1} s${holder + 1}` });
    }));
}

// Where a line's vehicles stand: one train, or both vehicles of a pair (OS-2).
function vehiclesText(l) {
  const placed = l.vehicles ?? (l.train ? [{ vehicle: l.letter, ...l.train }] : []);
  if (!placed.length) return t("off map");
  return placed.map((v) => `${placed.length > 1 ? `${v.vehicle} ` : ""}${v.stop} ${v.direction > 0 ? "→" : "←"}`).join(" · ");
}

// `pick(letter, slot)`: when given, the slots a choice may use are buttons.
// `slot`: which column is the place to point at: "stock" (invest), "slots" (speculation,
// Speed token) or "train" (start).
export function renderLines(box, view, names, comp, targets = null, pick = null, slot = "stock") {
  // OS-2: a map with a pair of trams or buses on a line says "Vehicles".
  const pairs = Object.values(comp?.lines ?? {}).some((l) => (l.vehicles?.length ?? 1) > 1);
  const head = el("tr", {}, ...[t("Line"), t("Value"), t("Low/High"), t("Stocks"), t("Slots (speed · speculation)"), pairs ? t("Vehicles") : t("Train")].map((h) => el("th", { scope: "col", text: h })));
  const rows = view.lines.map((l) => {
    const info = comp?.lines?.[l.letter];
    const target = targets?.has(l.letter);
    const slotText = `${l.speed_tokens ? `${t("{n} speed", { n: l.speed_tokens })} ` : ""}${l.speculations.map((s) => `${t("seat {n}", { n: s.seat + 1 })} ${yen(s.stake)}`).join(", ")}${l.speed_tokens || l.speculations.length ? " · " : ""}${t("{n} free", { n: l.slots - l.speed_tokens - l.speculations.length })}`;
    const stockText = stockCards(l, comp);
    const cell = (content, kind) => target && pick && kind === slot
      ? el("td", {}, el("button", { type: "button", class: "slot-target", "data-line-target": l.letter, "data-slot": kind, onclick: () => pick(l.letter) }, "▶ ", content))
      : el("td", {}, content);
    return el("tr", { class: target ? "target-row" : "", "data-line": l.letter },
      el("th", { scope: "row" }, el("span", { class: "badge", style: `--lc: ${info?.color ?? "#888"}`, text: l.letter }), ` ${lineName(comp, l.letter)}`),
      el("td", { text: yen(l.value) }), el("td", { text: `${yen(l.low)} / ${yen(l.high)}` }),
      cell(stockText, "stock"), cell(slotText, "slots"),
      cell(vehiclesText(l), "train"));
  });
  box.replaceChildren(el("table", { class: "lines" }, el("thead", {}, head), el("tbody", {}, ...rows)));
}

// An action's name as the booklets print it (the glossary; English: the rules' words).
const actionWord = (kind, english) => term(`action.${kind}`) ?? english;
const KIND_TEXT = {
  move: (v) => `${actionWord("move", "Move")} ${v}`, station: (v) => `${actionWord("station", "Station")} ${t("{amount}/stop", { amount: yen(v) })}`, exchange: () => actionWord("exchange", "Station by exchange"),
  invest: (v) => `${actionWord("invest", "Invest")} ${yen(v)}`, start: (v) => `${actionWord("start", "Start")} +${yen(v)}`, speed: (v) => `${actionWord("speed", "Speed")} ${v}`, bike: () => actionWord("bike", "Bike"),
  discount: (v) => `${actionWord("discount", "Discount")} ${yen(v)}`, bid: (v) => `${actionWord("bid", "Bid")} ${yen(v)}`, loan: () => `${actionWord("loan", "Loan")} ↓¥`, repay: () => `${actionWord("repay", "Repay")} ¥↑`,
  speculation: () => actionWord("speculation", "Speculation"), action: (v) => `${actionWord("action", "Action")} ${yen(v)}`, card: (v) => `${actionWord("card", "Card")} ${yen(v)}`,
  "invest-disc": () => actionWord("invest-disc", "Invest by disc"), sell: () => actionWord("sell", "Sell"), copy: (v) => `${actionWord("copy", "Copy")} ${yen(v)}`,
  colour: () => actionWord("colour", "Colour card"), shape: () => t("Shape: free builds"),
};
export const spotText = (a) => (KIND_TEXT[a.kind] ?? ((x) => a.kind))(a.value);

function discs(a, takenBy, copies = []) {
  // One disc per slot: empty (○) or the seat's number on its colour; OS-7.1: the seats that
  // copied the action, their discs stacked on top.
  const label = takenBy === undefined ? (a.slots > 1 ? t("{n} free slots", { n: a.slots }) : t("1 free slot")) : `${t("taken by seat {n}", { n: takenBy + 1 })}${copies.length ? `, ${t("copied by {seats}", { seats: copies.map((s) => t("seat {n}", { n: s + 1 })).join(", ") })}` : ""}`;
  return el("span", { class: "discs", "aria-label": label },
    ...Array.from({ length: a.slots }, () => takenBy === undefined ? el("span", { class: "disc" }) : el("span", { class: "disc full", style: `--c: var(--seat${takenBy})`, text: String(takenBy + 1) })),
    ...copies.map((s) => el("span", { class: "disc full copy", style: `--c: var(--seat${s})`, title: t("copied by {seats}", { seats: t("seat {n}", { n: s + 1 }) }), text: `+${s + 1}` })));
}

// One card as drawn on the table: its id, dots and its one or two spots.
// `legal` (Set of spots) and `onSpot`: spots that may be taken now are buttons.
export function cardNode(id, comp, view, legal = null, onSpot = null, selected = null) {
  // MD-2: a taken Colour card leaves a hole in the JIDOHANBAIKI column.
  if (id === null) return el("div", { class: "card hole", "data-card": "hole", "aria-label": t("a hole: a Colour card was taken"), text: t("(hole)") });
  const card = comp.cards[id];
  const spots = (card?.actions ?? []).map((a) => {
    const taken = view.taken[a.spot];
    const can = legal?.has(a.spot) && onSpot;
    const kids = [el("span", { class: "spot-name", text: spotText(a) }), discs(a, taken, view.copies?.[a.spot] ?? [])];
    if (!can) return el("div", { class: `spot${taken !== undefined ? " taken" : ""}`, "data-spot": a.spot }, ...kids);
    return el("button", { type: "button", class: `spot legal${selected === a.spot ? " selected" : ""}`, "data-spot": a.spot, "aria-pressed": String(selected === a.spot), title: `${a.spot}: ${spotText(a)}`, onclick: () => onSpot(a.spot) }, ...kids);
  });
  return el("div", { class: `card deck-${card?.deck ?? 0}`, "data-card": id },
    el("div", { class: "card-head" }, el("b", { text: id }), el("span", { class: "dots", "aria-label": t("{n} dots", { n: card?.dots ?? 0 }), text: "●".repeat(card?.dots ?? 0) })), ...drinkCardFace(id, comp), ...spots);
}

// A JIDOHANBAIKI card's face (MD-1): the Colour card's colour and crate, the Shape card's shape.
function drinkCardFace(id, comp) {
  const jh = comp.drinks;
  if (!jh) return [];
  if (id.startsWith("JC-")) {
    const colour = id.slice(3);
    const crate = Object.keys(jh.drinks).filter((d) => jh.drinks[d].colour === colour);
    const named = lang === "ja" ? jh.colours[colour]?.ja ?? colour : `${colourWord(colour)} (${jh.colours[colour]?.ja ?? ""})`;
    return [el("div", { class: "jh-face", text: `${named} ` }, ...crate.map((d) => drinkChip(comp, d)))];
  }
  if (id.startsWith("JS-")) {
    const shape = jh.shapes[id.slice(3)];
    return shape ? [el("div", { class: "jh-face", text: lang === "ja" ? `${shape.glyph} ${shape.ja}` : `${shape.glyph} ${shape.name} (${shape.ja})` })] : [];
  }
  return [];
}

// The grid of action cards in its columns, top row first, with the discard tops.
export function renderCardGrid(box, view, comp, me = null, opts = {}) {
  const { legal = null, onSpot = null, selected = null, piles = null, onPile = null } = opts;
  const cols = view.columns.map((c) => {
    const top = c.discard_top ? `${c.discard_top}` : "—";
    const pileTarget = piles?.has(c.deck) && onPile;
    const discard = pileTarget
      ? el("button", { type: "button", class: "discard legal", "data-pile": c.deck, onclick: () => onPile(c.deck), text: `▶ ${t("take {card} ({n})", { card: top, n: c.discard_count })}` })
      : el("div", { class: "discard", "data-pile": c.deck, text: t("discard {card} ({n})", { card: top, n: c.discard_count }) });
    return el("div", { class: "col", "data-deck": c.deck },
      el("div", { class: "col-head", text: `${c.deck} · ${t("deck {n}", { n: c.deck_count })}` }),
      ...[...c.cards].reverse().map((id) => cardNode(id, comp, view, legal, onSpot, selected)), discard);
  });
  const mine = me !== null ? view.players[me].personal_cards : [];
  const personal = mine.length ? [el("div", { class: "personal" }, el("div", { class: "col-head", text: t("Your own cards") }),
    ...mine.map((id) => cardNode(id, comp, view, legal, onSpot, selected)))] : [];
  // As many columns as the card set has decks (TOKYO 6, OSAKA 5).
  box.replaceChildren(el("div", { class: "cards", style: `--cols: ${view.columns.length}` }, ...cols), ...personal);
}
