// COUNTDOWN's tooltips (issue 30; static/tips.js shows them): the JUTAKU kit's building
// parts (the pool, one's plot — the whole card —, the element in hand), the cards to pick,
// the clock and the players' state in words.
import { t } from "/static/i18n.js";
import { placeName, districtName } from "/static/titles/jutaku_kit/pieces.js";
import { buildingTips, components, seatWord } from "/static/titles/jutaku_kit/building_tips.js";

const ADDRESS = "/api/titles/countdown/components";

export const TIPS = [
  ...buildingTips(ADDRESS, "CD-2"),
  {
    select: "#cards .cd-card",
    describe: async (node) => {
      const c = await components(ADDRESS);
      const card = c.cards[node.dataset.card];
      return card ? { name: t("Parcel card {place} ({district})", { place: placeName(c, card.name), district: districtName(card.district) }), state: t("free to pick"), rule: t("Pick any card: in COUNTDOWN the whole card is the border, so every card builds alike."), id: "CD-1" } : null;
    },
  },
  {
    select: "#clock",
    describe: (node, msg) => ({
      name: t("The clock"),
      state: msg.view.round ? t("floor {n} is built now", { n: msg.view.round }) : t("picking the cards"),
      rule: t("Each round builds one floor, in less time than the one before; whoever adds nothing to a floor is out."),
      id: "CD-2",
    }),
  },
  {
    select: "#players .ju-player > div:nth-child(2), #players .ju-pcard",
    describe: (node, msg) => {
      const s = Number(node.parentNode.dataset.seat);
      return { name: t("The building of {seat}", { seat: seatWord(s) }), state: t("{n} elements used", { n: msg.view.built[s].length }), rule: t("Score: the elements used; play goes on until everyone is out."), id: "CD-3" };
    },
  },
];
