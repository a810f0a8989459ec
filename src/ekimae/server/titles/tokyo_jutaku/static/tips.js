// TOKYO JUTAKU's tooltips (issue 30; static/tips.js shows them): the plan's parcel cards
// (their requirements, V/ numerals said in words), architects, the pool's elements, one's
// plot and the element in hand, the players' cards and yen, the clock. The building parts
// (`buildingTips`) are the JUTAKU kit's (jutaku_kit/static/building_tips.js).
import { t, yen } from "/static/i18n.js";
import { placeName, districtName } from "/static/titles/jutaku_kit/pieces.js";
import { buildingTips, components, seatWord } from "/static/titles/jutaku_kit/building_tips.js";

// V is five, each stroke one (JU-3): "V//" -> 7.
export const numeralValue = (numeral) => [...String(numeral)].reduce((n, ch) => n + (ch === "V" ? 5 : ch === "/" ? 1 : 0), 0);
export const numeralWords = (numeral) => t("{numeral}: {n} elements (V counts five, each stroke one)", { numeral, n: numeralValue(numeral) });

// Tooltips may be computed asynchronously (the components come once): tips.js awaits.
const ADDRESS = "/api/titles/tokyo-jutaku/components";

export function planTips(address) {
  return [
    {
      select: "#plan .ju-space",
      focus: false,
      describe: async (node, msg) => {
        const c = await components(address);
        const v = msg.view;
        const space = node.dataset.space;
        const arch = v.architects.indexOf(space);
        const card = v.grid[space] ?? (arch >= 0 ? v.held[arch] : null);
        const info = card ? c.cards[card] : null;
        if (!info) return { name: t("Space {space}", { space }), state: t("its card is taken"), rule: t("A space without a card is a hole: architects step over it."), id: "JU-7" };
        const side = info[v.options.side] ?? info.blue;
        const who = arch >= 0 ? t("{seat}'s architect is here", { seat: seatWord(arch) }) : t("free");
        return {
          name: t("Parcel card {place} ({district})", { place: placeName(c, info.name), district: districtName(info.district) }),
          state: `${t("exactly {floors} floors", { floors: side.floors })}, ${numeralWords(side.elements)}, ${yen(side.yen)}; ${who}`,
          rule: t("The building must have exactly these floors and this many elements; it pays the card's yen."),
          id: "JU-3",
        };
      },
    },
    { select: "#plan .ju-arch", describe: (node) => ({ name: t("{seat}'s architect", { seat: seatWord(Number(node.textContent) - 1) }), state: "", rule: t("After a round it moves up to two steps across the plan, skipping holes, and takes the card there."), id: "JU-7" }) },
    { select: "#plan .ju-hole", focus: false, describe: () => ({ name: t("The pool"), state: t("the plan's four central spaces"), rule: t("The shared elements lie here; everyone takes from them at once."), id: "JU-2" }) },
  ];
}

export const TIPS = [
  ...planTips(ADDRESS),
  ...buildingTips(ADDRESS, "JU-4"),
  {
    select: "#card-info .ju-req",
    describe: async (node, msg) => {
      const card = msg.view.players?.[msg.seat]?.card;
      return card ? { name: t("Your card: {place}", { place: placeName(await components(ADDRESS), card.name) }), state: `${t("exactly {floors} floors", { floors: card.floors })}, ${numeralWords(card.elements)}, ${yen(card.yen)}`, rule: t("Call Stop! once your building matches: it is checked, and if it passes the card is yours."), id: "JU-6" } : null;
    },
  },
  {
    select: "#players .ju-player > div:nth-child(2)",
    describe: async (node, msg) => {
      const s = Number(node.parentNode.dataset.seat);
      const p = msg.view.players[s];
      const c = await components(ADDRESS);
      return p ? { name: t("The yen and cards of {seat}", { seat: seatWord(s) }), state: t("{money}; {done} of {of} cards completed", { money: yen(p.yen), done: msg.view.completed[s].length, of: c.cards_to_end }), rule: t("The game ends as soon as a player completes a fourth card; the most yen wins."), id: "JU-8" } : null;
    },
  },
  {
    select: "#players .ju-pcard",
    describe: async (node, msg) => {
      const s = Number(node.parentNode.dataset.seat);
      const p = msg.view.players[s];
      const card = p?.card;
      if (!card) return null;
      const c = await components(ADDRESS);
      return { name: t("The card and building of {seat}", { seat: seatWord(s) }), state: t("{place} asks for {floors} floors and {count} elements; built: {built_floors} floors, {built} elements", { place: placeName(c, card.name), floors: card.floors, count: numeralValue(card.elements), built_floors: p.floors.length, built: msg.view.built[s].length }), rule: t("The building must have exactly these floors and this many elements; it pays the card's yen."), id: "JU-3" };
    },
  },
  {
    // The last check's lines (the log's words): a card's numeral said in words.
    select: "#check > div",
    describe: (node) => {
      const numeral = (node.textContent ?? "").match(/\(([IV/]+)\)/)?.[1];
      return {
        name: t("The last check"),
        state: numeral ? numeralWords(numeral) : node.textContent,
        rule: t("At Stop!, a building passes when it has exactly the card's floors and elements."),
        id: "JU-6",
      };
    },
  },
  {
    select: "#clock",
    describe: (node, msg) => ({
      name: t("The clock"),
      state: msg.view.options.clock === "slow" ? t("the slow clock: every time limit is longer") : t("the rules' clock"),
      rule: t("A round lasts at most its time, then nobody completes; choosing a card or a move has its time too, then the game decides."),
      id: "JU-6",
    }),
  },
];
