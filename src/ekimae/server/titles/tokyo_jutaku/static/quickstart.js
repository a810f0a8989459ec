// The rules pages' picture of a building (issue 30): the isometric tower of the game pages
// (pieces.js), for every title building with TOKYO JUTAKU's elements.
import { t } from "/static/i18n.js";
import { isoTower, elementColor } from "/static/titles/jutaku_kit/pieces.js";

export async function draw(node, data) {
  const comps = await (await fetch("/api/titles/tokyo-jutaku/components")).json();
  node.replaceChildren(isoTower({ rows: data.rows, cubes: data.cubes, size: 320, isoTurn: 0, color: (id) => elementColor(comps.elements, id), label: t("a building") }));
}
