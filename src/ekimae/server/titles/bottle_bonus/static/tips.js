// BOTTLE BONUS's tooltips (issue 30; static/tips.js shows them): TOKYO JUTAKU's (the plan,
// the pool, one's plot, the players) and the drinks: the vending machine, one's drinks
// and every player's, each colour's power in one sentence.
import { t, yen } from "/static/i18n.js";
import { TIPS as JUTAKU } from "/static/titles/tokyo_jutaku/tips.js";

const POWER = {
  black: () => t("Black: flip your parcel card before building, without looking at its back first."),
  white: () => t("White: place one element before the round starts."),
  mint: () => t("Mint: during a round, every other player gives back the element in hand or the last one placed and takes another."),
  blue: () => t("Blue: spend it before a round; if you win that round keep it for {amount} at the end, else it is lost.", { amount: yen(200) }),
  red: () => t("Red: this round you may place two elements at once."),
  purple: () => t("Purple: when you move, go to any free card of the plan."),
};

const colourOf = (node) => {
  const found = [...node.classList, node.dataset.colour ?? "", node.dataset.drink ?? ""].join(" ").match(/black|white|mint|blue|red|purple/);
  return found?.[0] ?? null;
};

export const TIPS = [
  ...JUTAKU,
  {
    select: "#machine",
    describe: (node, msg) => ({
      name: t("The vending machine"),
      state: t("{n} drinks in it now", { n: msg.view.machine?.length ?? 0 }),
      rule: t("After each round the winner drops as many drinks as there are other players; each other player may catch one."),
      id: "BB-1",
    }),
  },
  {
    select: "#my-drinks [data-drink], #held [data-drink], #fall [data-drink]",
    describe: (node) => {
      const colour = colourOf(node);
      return colour ? { name: node.getAttribute("aria-label") ?? node.textContent ?? colour, state: "", rule: POWER[colour](), id: "BB-2" } : null;
    },
  },
];
