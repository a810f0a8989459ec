// The tooltips of the pages that build with the JUTAKU kit's elements (issue 30;
// static/tips.js shows them): the pool's elements, one's plot and the element in hand.
// TOKYO JUTAKU's, COUNTDOWN's and BOTTLE BONUS's tips.js put `buildingTips` among theirs,
// with their components' address and the rule a take cites.
import { t } from "/static/i18n.js";
import { elementName } from "/static/titles/jutaku_kit/pieces.js";

export const seatWord = (s) => t("seat {n}", { n: Number(s) + 1 });
const comps = {};
export async function components(address) {
  if (!comps[address]) comps[address] = await (await fetch(address)).json();
  return comps[address];
}

export function buildingTips(address, rule) {
  const inHand = (msg) => (msg.seat === null || msg.seat === undefined ? null : msg.view.hand?.[msg.seat]);
  return [
    {
      select: "#pool .ju-el",
      describe: async (node, msg) => {
        const c = await components(address);
        const e = c.elements[node.dataset.element];
        if (!e) return null;
        const owner = msg.view.hand.indexOf(node.dataset.element);
        const built = msg.view.built.findIndex((b) => b.some((p) => p[0] === node.dataset.element));
        const where = owner >= 0 ? t("in {seat}'s hand", { seat: seatWord(owner) }) : built >= 0 ? t("in {seat}'s building", { seat: seatWord(built) }) : t("in the pool");
        return { name: elementName(e.name), state: `${t("{n} squares", { n: e.shapes[0].length })}; ${where}`, rule: t("Take one element at a time from the shared pool; turn and flip it freely; you may put back the one in hand or the last one placed."), id: rule };
      },
    },
    {
      select: "#plots rect[data-x], #plots .ju-h",
      focus: false,
      describe: (node, msg) => {
        const rect = node.tagName === "rect" ? node : node.previousElementSibling;
        const height = node.tagName === "text" ? node.textContent : rect?.nextElementSibling?.classList.contains("ju-h") ? rect.nextElementSibling.textContent : null;
        const fill = rect?.getAttribute("fill");
        const state = height ? t("built up to floor {n}", { n: height }) : fill === "#555" ? t("a hole in the card") : fill === "#cfd6dc" ? t("outside the border") : t("free, inside the border");
        return { name: t("A square of your plot"), state, rule: t("Build inside the border: an element rests flat on the level below, never over a hole, and touches an element of its own floor along a side."), id: "JU-5" };
      },
    },
    {
      select: "#hand .ju-inhand",
      describe: async (node, msg) => {
        const c = await components(address);
        const hand = inHand(msg);
        const e = hand ? c.elements[hand] : null;
        return e ? { name: t("In your hand: {element}", { element: elementName(e.name) }), state: t("{n} ways to turn and flip it: press R to turn, F to flip", { n: e.shapes.length }), rule: t("Point at your plot: a green shadow fits, a red one says why not; a click places it."), id: "JU-5" } : null;
      },
    },
  ];
}
