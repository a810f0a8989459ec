// The end screen of every title (issue 31), drawn from the update's `end` (server/
// endscreen.py): the ranking, where every seat's points came from (the title's breakdown,
// a row per seat), the game's length, Rematch and the replay. A title calls
// `renderEnd(msg, cfg)` after drawing its table; its own parts go in `extra`.
import { el } from "/static/dom.js";
import { t } from "/static/i18n.js";
import { seatChip } from "/static/follow.js";

// A link that keeps the page's language when ?lang= chose it (issue 31).
export function withLang(url) {
  const chosen = new URLSearchParams(location.search).get("lang");
  if (!chosen) return url;
  const target = new URL(url, location.origin);
  target.searchParams.set("lang", chosen);
  return target.pathname + target.search;
}

function minutes(seconds) {
  if (seconds < 60) return t("{n} s", { n: Math.max(1, Math.round(seconds)) });
  return t("{n} min", { n: Math.round(seconds / 60) });
}

export function lengthText(end) {
  const l = end.length;
  const parts = [l.moves === 1 ? t("1 move") : t("{n} moves", { n: l.moves })];
  if (l.rounds) parts.push(l.rounds === 1 ? t("1 round") : t("{n} rounds", { n: l.rounds }));
  if (l.game_ms) parts.push(t("{time} of play", { time: minutes(l.game_ms / 1000) }));
  else if (l.seconds) parts.push(t("{time} of play", { time: minutes(l.seconds) }));
  return parts.join(" · ");
}

async function askRematch(cfg, out) {
  const res = await fetch(`/api/games/${encodeURIComponent(cfg.gameId)}/rematch`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token: cfg.token }) });
  const body = await res.json().catch(() => ({}));
  if (res.ok && body.url) { location.href = withLang(body.url); return; }
  out.textContent = ` ${t("No rematch: {reason}", { reason: body.detail ?? body.error?.message ?? res.status })}`;
}

// Rematch and the replay: the buttons of every end screen.
export function endActions(msg, cfg) {
  const replaying = document.body.classList.contains("replaying");
  const out = el("span", { id: "rematch-error", role: "alert" });
  const rematch = cfg.token && !replaying
    ? [el("button", { type: "button", id: "rematch", class: "big", "data-end-rematch": "1", text: msg.rematch ? t("Join the rematch") : t("Rematch with the same seats"), onclick: () => askRematch(cfg, out) }), out]
    : msg.rematch ? [el("a", { href: withLang(`/g/${msg.rematch}`), "data-end-rematch": "1", text: t("Watch the rematch") })] : [];
  const replay = replaying ? [] : [el("a", { href: withLang(msg.end?.replay_url ?? `/replay/${msg.game_id}`), class: "replay-link", text: t("Watch the replay") })];
  return el("div", { class: "end-actions" }, ...rematch, ...replay);
}

function ranking(msg, cfg) {
  const end = msg.end;
  const places = end?.ranking ?? msg.ranking ?? [];
  const single = places[0]?.length === 1;
  return el("ol", { id: "ranking", class: "end-ranking" }, ...places.map((place, r) => el("li", { "data-place": String(r + 1) },
    ...place.flatMap((s, k) => [k ? " = " : "", seatChip(s, msg.names),
      `${s === cfg.seat ? ` ${t("(you)")}` : ""}: `, el("strong", { class: "end-total", text: end?.totals?.[s] ?? String(msg.scores?.[s] ?? "") })]),
    r === 0 ? ` — ${single ? t("winner") : t("shared win")}` : "")));
}

function breakdown(msg, cfg) {
  const table = msg.end?.table;
  if (!table) return [];
  const order = (msg.end.ranking ?? []).flat();
  const head = el("tr", {}, el("th", { scope: "col", text: t("Seat") }), ...table.columns.map((c) => el("th", { scope: "col", text: c })), el("th", { scope: "col", text: t("Total") }));
  const rows = order.map((s) => el("tr", { "data-seat": String(s), class: (msg.end.ranking[0] ?? []).includes(s) ? "winner" : "" },
    el("th", { scope: "row" }, seatChip(s, msg.names), s === cfg.seat ? ` ${t("(you)")}` : ""),
    ...(table.rows[String(s)] ?? []).map((cell) => el("td", { text: cell })),
    el("td", { class: "end-total", text: msg.end.totals[s] })));
  return [
    el("h3", { text: table.title ?? t("Where the points came from") }),
    el("div", { class: "end-table-box" }, el("table", { id: "breakdown", class: "end-breakdown" }, el("thead", {}, head), el("tbody", {}, ...rows))),
    ...(table.notes ?? []).map((n) => el("p", { class: "end-note", text: n })),
  ];
}

let scrolled = false;

export function renderEnd(msg, cfg, { extra = [], own = null } = {}) {
  const section = document.getElementById("end");
  if (!section) return;
  section.hidden = !msg.finished;
  document.body.classList.toggle("finished", Boolean(msg.finished));
  if (!msg.finished) return;
  const end = msg.end;
  const parts = own ?? [ranking(msg, cfg), endActions(msg, cfg), ...breakdown(msg, cfg)];
  document.getElementById("result").replaceChildren(...parts, ...extra,
    end ? el("p", { id: "end-length", class: "end-length", text: `${t("Length:")} ${lengthText(end)}` }) : "");
  if (!scrolled && !document.body.classList.contains("replaying")) { scrolled = true; section.scrollIntoView({ block: "start" }); }
}
