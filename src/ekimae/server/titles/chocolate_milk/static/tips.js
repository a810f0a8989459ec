// CHOCOLATE MILK's tooltips (issue 30; static/tips.js shows them): each piece of the board
// board.py draws — parcel cards, drinks, architects, the vending machine, the Stock cards,
// the crates — what it is, its state in this seat's view, and its rule in one sentence.
import { t, lang, yen } from "/static/i18n.js";

const shapes = () => JSON.parse(document.querySelector("#board [data-shapes]")?.dataset.shapes ?? "{}");
const shapeWord = (key) => { const s = shapes()[key]; return s ? (lang === "ja" ? s.ja : t(s.en)) : key; };
const COLOURS = ["white", "mint", "black", "blue", "red", "purple"];
const COLOUR = { white: t("white"), mint: t("mint"), black: t("black"), blue: t("blue"), red: t("red"), purple: t("purple") };
// A drink's id is "<colour>-<shape>" (JIDOHANBAIKI's data).
const split = (id) => { const [colour, ...rest] = id.split("-"); return { colour, shape: rest.join("-") }; };
const cardWord = (key) => (COLOURS.includes(key) ? COLOUR[key] : shapeWord(key));
const price = (msg, card) => msg?.view.market.find((m) => m.card === card)?.yen ?? 0;
const seatWord = (s) => t("seat {n}", { n: s + 1 });
const nameOf = (node) => node.getAttribute("aria-label") ?? node.querySelector("title")?.textContent ?? "";

export const TIPS = [
  {
    select: "#board .cm-cell",
    describe: (node, msg) => {
      const cell = msg.view.grid.find((c) => c.cell === node.dataset.cell);
      if (!cell) return null;
      const here = cell.architects.map(seatWord).join(", ");
      return {
        name: t("Parcel card {cell}", { cell: cell.cell }),
        state: [cell.drinks.length ? t("{n} drinks to buy here", { n: cell.drinks.length }) : t("no drink left here"), here ? t("architects here: {seats}", { seats: here }) : ""].filter(Boolean).join("; "),
        rule: t("Step here from a card next to it, across a side or a corner, to buy one of its drinks for {price}.", { price: yen(100) }),
        id: "CM-2",
      };
    },
  },
  {
    select: "#board .cm-drink",
    describe: (node, msg) => {
      const { colour, shape } = split(node.dataset.drink);
      const inCrate = Boolean(node.closest(".cm-crates"));
      const sells = t("sells now for {colourPrice} on the {colour} card or {shapePrice} on the {shape} card", {
        colourPrice: yen(price(msg, colour)), colour: COLOUR[colour] ?? colour, shapePrice: yen(price(msg, shape)), shape: shapeWord(shape) });
      const owner = inCrate ? Number(node.closest(".cm-crates").dataset.seat) : null;
      return {
        name: nameOf(node),
        state: inCrate ? `${t("in {seat}'s crate", { seat: seatWord(owner) })}; ${sells}` : `${t("for sale on this card for {price}", { price: yen(100) })}; ${sells}`,
        rule: t("Each purchase puts {price} on the drink's Colour card and {price} on its Shape card.", { price: yen(100) }),
        id: "CM-2",
      };
    },
  },
  {
    select: "#board .cm-architect",
    describe: (node, msg) => {
      const seat = Number(node.querySelector("text")?.textContent) - 1;
      const cell = node.closest(".cm-cell")?.dataset.cell ?? "";
      return {
        name: t("Architect of {seat}", { seat: seatWord(seat) }),
        state: t("on parcel card {cell}", { cell }),
        rule: t("It moves one card, across a side or a corner, to buy there; architects never block each other."),
        id: "CM-2",
      };
    },
  },
  {
    select: "#board .cm-grid > text",
    describe: (node, msg) => {
      const last = msg.view.last;
      const state = last?.kind === "buy" ? (last.came_out ? t("the last drink bought came out") : t("the last drink bought stuck and went back to the supply")) : t("no drink was bought on the last turn");
      return { name: t("The vending machine"), state, rule: t("A bought drink drops into it and comes out five times in six; a stuck drink goes back to the supply."), id: "CM-2" };
    },
  },
  {
    select: "#board .cm-card",
    describe: (node, msg) => {
      const key = node.dataset.card;
      const colour = COLOURS.includes(key);
      return {
        name: colour ? t("Colour card: {colour}", { colour: cardWord(key) }) : t("Shape card: {shape}", { shape: cardWord(key) }),
        state: t("{price} now for each of its drinks sold", { price: yen(price(msg, key)) }),
        rule: t("Sell any of your drinks of its colour or shape here at this price each; the card then goes back to {zero}.", { zero: yen(0) }),
        id: "CM-2",
      };
    },
  },
  {
    select: "#board .cm-crates",
    describe: (node, msg) => {
      const p = msg.view.players[Number(node.dataset.seat)];
      if (!p) return null;
      const crates = p.crates.map((c, k) => t("crate {k}: {n} of 6 drinks, scores {points}", { k: k + 1, n: c.length, points: yen(p.crate_scores[k].points) })).join("; ");
      return {
        name: t("{seat}: money and crates", { seat: seatWord(p.seat) }),
        state: `${yen(p.money)}; ${crates}`,
        rule: t("A crate holds six drinks; at the end each crate pays n × n × {price} for its n drinks of one colour or shape.", { price: yen(100) }),
        id: "CM-4",
      };
    },
  },
];
