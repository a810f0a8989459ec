// IZAKAYA's tooltips (issue 30; static/tips.js shows them): the parcel cards, their floors,
// pyramids, corners (drinks), edges (claims), the Colour cards, the bid pile, the pool's
// elements, one's own cards and each player's pieces in words.
import { t, yen } from "/static/i18n.js";
import { elementName, placeName } from "/static/titles/jutaku_kit/pieces.js";

const comps = await (await fetch("/api/titles/izakaya/components")).json();
const seatWord = (s) => t("seat {n}", { n: Number(s) + 1 });
const COLOUR = { black: t("black"), white: t("white"), mint: t("mint"), blue: t("blue"), red: t("red"), purple: t("purple") };
const height = (pieces) => pieces.reduce((top, p) => Math.max(top, p[4] + 1), 0);

function cardTip(space, msg) {
  const v = msg.view;
  const info = comps.cards[v.grid[space]];
  if (!info) return null;
  const owner = v.owners[space];
  const floors = (v.buildings[space] ?? []).map(height).reduce((a, b) => a + b, 0);
  return {
    name: t("Parcel card {space} ({place})", { space, place: placeName(comps, info.name) }),
    state: `${owner === undefined ? t("not claimed yet") : t("claimed by {seat}", { seat: seatWord(owner) })}; ${t("{built} of {floors} floors built", { built: floors, floors: info.floors * info.plots.length })}`,
    rule: t("Claim it with a claim disc on a free edge beside it and your pyramid on it; one player per card."),
    id: "IZ-3.3",
  };
}

function cornerTip(name, msg) {
  const drink = msg.view.drinks[name];
  const d = drink ? comps.drinks[drink] : null;
  return {
    name: t("Corner {corner}", { corner: name }),
    state: d ? t("a {colour} drink: {price} a floor to each building it touches", { colour: COLOUR[d.colour] ?? d.colour, price: yen(msg.view.prices[d.colour]) }) : t("empty"),
    rule: t("A Colour card's disc puts its next drink on a free corner where cards meet; the four-card corners fill first, never a corner of one card."),
    id: "IZ-3.1",
  };
}

export const TIPS = [
  { select: "#board rect[data-space]", describe: (node, msg) => cardTip(node.dataset.space, msg) },
  {
    select: "#board .iz-floors",
    focus: false,
    describe: (node, msg) => ({ ...cardTip(node.dataset.space, msg), rule: t("Each building earns the prices of the drinks on its card's corners, times its floors."), id: "IZ-5" }),
  },
  {
    select: "#board .iz-pyramid",
    describe: (node, msg) => ({ ...cardTip(node.dataset.space, msg), name: t("{seat}'s pyramid on card {space}", { seat: seatWord(node.dataset.seat), space: node.dataset.space }) }),
  },
  { select: "#board .iz-out", focus: false, describe: () => ({ name: t("Out of play"), state: t("the centre card lies on its blue side"), rule: t("With two or three players the centre card is out of play."), id: "IZ-1" }) },
  { select: "#board [data-drink-corner]", describe: (node, msg) => cornerTip(node.dataset.drinkCorner, msg) },
  { select: "#board circle[data-corner]", describe: (node, msg) => cornerTip(node.dataset.corner, msg) },
  {
    select: "#board .edge, #board .iz-claim",
    describe: (node, msg) => {
      const name = node.dataset.edge ?? node.dataset.claim;
      const who = msg.view.claims[name];
      return {
        name: t("Edge {edge}", { edge: name }),
        state: who === undefined ? t("free: a claim disc may go here") : t("claimed by {seat}", { seat: seatWord(who) }),
        rule: t("A claim puts a claim disc on a free edge and your pyramid on a free card beside it; three claims in a line earn a free element."),
        id: "IZ-3.3",
      };
    },
  },
  {
    select: "#market .iz-colour",
    describe: (node, msg) => {
      const key = node.dataset.colour;
      const i = Object.keys(msg.view.prices).indexOf(key);
      const disc = msg.view.colour_discs[key];
      return {
        name: t("Colour card: {colour}", { colour: COLOUR[key] ?? key }),
        state: `${t("its drinks earn {price} a floor", { price: yen(msg.view.prices[key]) })}; ${t("{n} drinks left", { n: 6 - (msg.view.taken[i] ?? 0) })}${disc !== undefined ? `; ${t("{seat}'s disc is on it this phase", { seat: seatWord(disc) })}` : ""}`,
        rule: t("A disc here puts its next drink on a corner (one disc per colour a phase); a Price action moves {amount} from one Colour card to another.", { amount: yen(100) }),
        id: "IZ-3.1",
      };
    },
  },
  {
    select: "#pile",
    describe: (node, msg) => ({
      name: t("The bid pile"),
      state: t("{pile} of {end}", { pile: yen(msg.view.pile), end: yen(msg.view.end_pile) }),
      rule: t("Every bid goes on this pile; once it reaches the mark, one more action phase is played, then the scoring."),
      id: "IZ-4",
    }),
  },
  {
    select: "#pool .ju-el",
    describe: (node) => {
      const e = comps.elements[node.dataset.element];
      return e ? { name: elementName(e.name), state: t("{n} squares", { n: e.shapes[0].length }), rule: t("Build: choose an element without trying it, then place it on one of your cards under TOKYO JUTAKU's rules."), id: "IZ-3.4" } : null;
    },
  },
  {
    select: ".iz-card > div:first-child",
    describe: (node, msg) => {
      const space = node.parentNode.dataset.card;
      const info = comps.cards[msg.view.grid[space]];
      return info ? { name: t("Your card {space}", { space }), state: t("at most {floors} floors, {count} elements", { floors: info.floors, count: info.elements }), rule: t("An element rests on the floor below, inside the border, never over a hole; a card with two borders holds two buildings."), id: "IZ-3.4" } : null;
    },
  },
  {
    select: ".iz-player > div:nth-of-type(1)",
    describe: (node, msg) => {
      const p = msg.view.players[Number(node.parentNode.dataset.seat)];
      return p ? { name: t("The pieces of {seat}", { seat: seatWord(p.seat) }), state: t("{money}; {discs} action discs; {claims} claim discs; {pyramids} pyramids", { money: yen(p.money), discs: p.discs, claims: p.claim_discs, pyramids: p.pyramids }), rule: t("Each round everyone places three discs, one at a time, in turn order."), id: "IZ-3" } : null;
    },
  },
  {
    select: ".iz-player > div:nth-of-type(2)",
    describe: (node, msg) => {
      const p = msg.view.players[Number(node.parentNode.dataset.seat)];
      return p ? { name: t("The score of {seat}", { seat: seatWord(p.seat) }), state: t("buildings {earn}; score {score}", { earn: yen(p.earnings), score: yen(p.score) }), rule: t("Buildings earn drinks × floors; add the yen kept; a tie goes to the most yen kept."), id: "IZ-5" } : null;
    },
  },
];
