// The rules page's picture (issue 30): the mall as board.py draws it for the game page,
// its texts said in the page's language (as game.js's translateDrawing says them).
import { t, lang } from "/static/i18n.js";

export async function draw(node) {
  if (lang === "en") return;
  const parts = await (await fetch("/api/titles/shopping/components")).json();
  for (const text of node.querySelectorAll("[data-t]")) {
    const values = Object.fromEntries(Object.entries(JSON.parse(text.dataset.tv ?? "{}")).map(([k, v]) => [k, typeof v === "string" ? t(v) : v]));
    text.textContent = t(text.dataset.t, values);
  }
  for (const svg of node.querySelectorAll("[data-t-label]")) svg.setAttribute("aria-label", t(svg.dataset.tLabel));
  if (lang === "ja") for (const text of node.querySelectorAll("[data-place]")) text.textContent = parts.places_ja[text.dataset.place] ?? text.textContent;
}
