// THE SHOPPING GAME's tooltips (issue 30; static/tips.js shows them): the mall's shops,
// blue points, vending machine, exit and shoppers; each player's yen, barrels and crate;
// the market prices. Each says what it is, its state in this seat's view, and its rule.
import { t, lang, yen } from "/static/i18n.js";

const parts = await (await fetch("/api/titles/shopping/components")).json();
const seatWord = (s) => t("seat {n}", { n: Number(s) + 1 });

const itemName = (token) => {
  const drink = parts.drinks[token];
  if (drink) return lang === "ja" && drink.ja ? drink.ja : t(drink.name);
  if (parts.items[token]) return t(parts.items[token]);
  const [fish, face] = token.split("-");
  return face ? `${t(fish)} ${face}` : token;
};

function shopRule(items, msg) {
  const kinds = new Set(items.map((token) => (parts.drinks[token] ? "drink" : token.split("-")[0])));
  if (kinds.has("tuna")) return [t("A tuna costs {price} now ({step} more for each one bought before); you draw one from the bag, and it pays its number × {unit}.", { price: yen(msg.view.tuna_price), step: yen(500), unit: yen(100) }), "SH-4"];
  if (kinds.has("crab")) return [t("While the bag holds crabs you draw one at random; a crab pays its number × {unit}.", { unit: yen(100) }), "SH-4"];
  if (kinds.has("salmon")) return [t("Salmon pay {first} each to the first player to leave with salmon, {later} each to everyone after.", { first: yen(500), later: yen(400) }), "SH-4"];
  if (kinds.has("magazine")) return [t("Magazines pay nothing, but on equal yen the most magazines wins."), "SH-5"];
  if (kinds.has("detergent")) return [t("Each detergent you leave with doubles the pay of one garment; an appliance pays its market price."), "SH-4"];
  if (kinds.has("drink")) return [t("A drink pays its colour's market price when you leave with it."), "SH-3"];
  return [t("An item pays its market price when you leave with it; then that price falls by {step}.", { step: yen(100) }), "SH-3"];
}

export const TIPS = [
  {
    select: "#mall .shop",
    describe: (node, msg) => {
      const items = msg.view.shops[node.dataset.shop] ?? [];
      const place = node.querySelector("[data-place]")?.textContent ?? "";
      const [rule, id] = shopRule(items, msg);
      return {
        name: t("Shop: {place}", { place }),
        state: items.length ? t("for sale: {items}", { items: items.map(itemName).join(", ") }) : t("sold out"),
        rule,
        id,
      };
    },
  },
  {
    select: "#mall .point, #mall .point-name",
    focus: false,
    describe: (node, msg) => {
      const circle = node.classList.contains("point") ? node : node.previousElementSibling;
      const point = circle?.dataset?.point;
      if (!point) return null;
      const here = msg.view.players.filter((p) => p.at === point).map((p) => seatWord(p.seat));
      return {
        name: t("A blue point of the aisles"),
        state: here.length ? t("here: {seats}", { seats: here.join(", ") }) : t("nobody here"),
        rule: t("On your turn walk one to three steps from blue point to blue point, then take one item from a card you stand in front of."),
        id: "SH-2",
      };
    },
  },
  {
    select: "#mall .machine, #mall .machine-text",
    focus: false,
    describe: (node, msg) => ({
      name: t("The vending machine"),
      state: t("{n} drinks in its crate", { n: msg.view.machine.length }),
      rule: t("From a point touching it, drop all the drinks of its crate in: those that come out are yours, the stuck ones go back into its crate."),
      id: "SH-4",
    }),
  },
  {
    select: "#mall .exit-text",
    describe: () => ({
      name: t("The way out and in"),
      state: "",
      rule: t("Leave only through the central double aisles: you are paid each item's market price and take a mackerel barrel; come back in the same way."),
      id: "SH-3",
    }),
  },
  {
    select: "#mall .player",
    describe: (node, msg) => {
      const p = msg.view.players[Number(node.dataset.seat)];
      return p ? { name: t("The shopper of {seat}", { seat: seatWord(p.seat) }), state: p.at === "out" ? t("outside the mall") : t("in the mall"), rule: t("Players take turns in seat order."), id: "SH-2" } : null;
    },
  },
  {
    select: ".sh-player > div:nth-of-type(1)",
    describe: (node, msg) => {
      const p = msg.view.players[Number(node.closest("[data-seat]")?.dataset.seat)];
      if (!p) return null;
      return {
        name: t("Yen and mackerel barrels of {seat}", { seat: seatWord(p.seat) }),
        state: t("{money}; {n} of {all} barrels (one for each exit); {where}", { money: yen(p.money), n: p.barrels, all: parts.exits_each, where: p.at === "out" ? t("outside the mall") : t("in the mall") }),
        rule: t("The game ends at once when every player but one holds two barrels; the one still inside gets nothing for the crate."),
        id: "SH-5",
      };
    },
  },
  {
    select: ".sh-player > div:nth-of-type(2)",
    describe: (node, msg) => {
      const p = msg.view.players[Number(node.closest("[data-seat]")?.dataset.seat)];
      return p ? { name: t("The crate of {seat}", { seat: seatWord(p.seat) }), state: t("it would pay {amount} on leaving now", { amount: yen(p.crate_pays) }), rule: t("On leaving, each item in the crate pays its market price now."), id: "SH-3" } : null;
    },
  },
  {
    select: "#market .sh-market tr",
    describe: (node) => {
      const [name, price] = [...node.children].map((c) => c.textContent);
      return { name: t("Market price: {what}", { what: name }), state: price, rule: t("What each item of this kind pays when you leave with it; each exit that pays it lowers it by {step}.", { step: yen(100) }), id: "SH-3" };
    },
  },
];
