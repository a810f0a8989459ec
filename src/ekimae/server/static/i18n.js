// The page's words in its language (issue 20). base.html puts the language in <html lang>
// and its catalogue (msgid -> text, from ekimae/i18n/locale/*.po; also GET /api/i18n/{lang}) in
// #i18n-catalog; English is the msgids themselves.
//   t("Seat {n}", { n: 2 })  -> "Siège 2"   (placeholders in braces, filled after lookup)
// Write every message as a plain string literal as t's first argument, so the extractor finds it
// (tests/server/test_i18n_catalogues.py fails when one has no translation).
export const lang = document.documentElement.lang || "en";
const catalog = JSON.parse(document.getElementById("i18n-catalog")?.textContent || "{}");

export const t = (msgid, params = {}) =>
  (catalog[msgid] || msgid).replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));

// A game term from the glossary (ekimae/games/glossary.toml), by the game's key: a view's
// key or an action's kind ("lot", "bid"; "_" read as "-"); null where the game has none.
const terms = JSON.parse(document.getElementById("i18n-terms")?.textContent || "{}");
export const term = (key) => terms[String(key).replaceAll("_", "-")] ?? null;

// Yen as a reader of the page's language writes it (ekimae.i18n.format_yen's twin):
// ¥1,600 · 1 600 ¥ · 1.600 ¥ · 1,600円.
export const yen = (n) => {
  const number = new Intl.NumberFormat(lang).format(Math.abs(Number(n)));
  const sign = Number(n) < 0 ? "−" : "";
  if (lang === "ja") return `${sign}${number}円`;
  if (lang === "fr" || lang === "it") return `${sign}${number}\u00a0¥`;
  return `${sign}¥${number}`;
};

// A page opened with ?lang= keeps it on every page a link of it opens (issue 31): the
// link is given the same ?lang= as it is followed.
export function keepLanguage() {
  const chosen = new URLSearchParams(location.search).get("lang");
  if (!chosen) return;
  document.addEventListener("click", (ev) => {
    const link = ev.target instanceof Element ? ev.target.closest("a[href]") : null;
    if (!link) return;
    const url = new URL(link.href, location.href);
    if (url.origin !== location.origin || url.searchParams.has("lang")) return;
    url.searchParams.set("lang", chosen);
    link.href = url.toString();
  }, true);
}

// The header's language picker: remembered per browser in the `lang` cookie (a year).
export function initPicker() {
  keepLanguage();
  const pick = document.getElementById("lang-pick");
  if (!pick) return;
  pick.addEventListener("change", () => {
    document.cookie = `lang=${pick.value}; path=/; max-age=31536000; samesite=lax`;
    const url = new URL(location.href);
    url.searchParams.delete("lang"); // a ?lang= would outrank the cookie
    location.replace(url.toString());
  });
}
