// The board the server draws (board.py) speaks English: it is drawn once for every reader.
// Its texts carry their catalogue message (`data-t`, values in `data-tv`; an aria-label in
// `data-t-label` / `data-tv-label`), a place's Japanese name (`data-ja`), a Stock card's key
// (`data-card-word`) and an amount (`data-yen`), said here in the page's language (issue 20).
// In a value, `yen` is an amount and `card` / `what` a Stock card's key.
import { t, lang, yen } from "/static/i18n.js";

export function translateBoard(root) {
  const board = root.querySelector("[data-shapes]");
  const shapes = JSON.parse(board?.dataset.shapes ?? "{}");
  const cardWord = (key) => (shapes[key] ? (lang === "ja" ? shapes[key].ja : t(shapes[key].en).replace(/^the /, "")) : t(key));
  if (lang === "en") {
    // English too: a Shape card by its name ("bottle can"), never its key (issue 31).
    for (const node of root.querySelectorAll("[data-card-word]")) squeeze(node, cardWord(node.dataset.cardWord));
    return;
  }
  const said = (raw) => Object.fromEntries(Object.entries(JSON.parse(raw ?? "{}")).map(([k, v]) =>
    [k, k === "yen" ? yen(v) : k === "card" || k === "what" ? cardWord(v) : typeof v === "string" ? t(v) : v]));
  for (const node of root.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t, said(node.dataset.tv));
  for (const node of root.querySelectorAll("[data-t-label]")) node.setAttribute("aria-label", t(node.dataset.tLabel, said(node.dataset.tvLabel)));
  for (const node of root.querySelectorAll("[data-card-word]")) squeeze(node, cardWord(node.dataset.cardWord));
  for (const node of root.querySelectorAll("[data-yen]")) node.textContent = yen(Number(node.dataset.yen));
  if (lang === "ja") for (const node of root.querySelectorAll("[data-ja]")) node.textContent = node.dataset.ja;
}

// A card is 56 units wide: a longer word is squeezed to fit, never cut.
function squeeze(node, text) {
  node.textContent = text;
  if (node.getComputedTextLength() > 52) { node.setAttribute("textLength", 52); node.setAttribute("lengthAdjust", "spacingAndGlyphs"); }
}
