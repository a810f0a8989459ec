// Any game's view as readable nested lists: the generic page knows no game, only data.
import { el } from "/static/dom.js";
import { t, term } from "/static/i18n.js";

const words = (key) => term(key) ?? key.replaceAll("_", " "); // the glossary's word if any

export function renderValue(value) {
  if (value === null || value === undefined) return el("span", { class: "none", text: "—" });
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== "object")) return el("span", { text: value.map((v) => v ?? "—").join(", ") || t("(none)") });
    return el("ol", { class: "data" }, ...value.map((v) => el("li", {}, renderValue(v))));
  }
  if (typeof value === "object") {
    return el("dl", { class: "data" }, ...Object.entries(value).flatMap(([k, v]) => [el("dt", { text: words(k) }), el("dd", {}, renderValue(v))]));
  }
  return el("span", { text: String(value) });
}

export function renderTable(box, view) {
  const { log, ...rest } = view;
  box.replaceChildren(renderValue(rest));
  return log;
}
