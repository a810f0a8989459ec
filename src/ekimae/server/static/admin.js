// The admin page (issue 35): log in with the server's admin secret, then the games page by
// page — seats and who is connected, state, last action — and per game: close, delete,
// hand a seat to a bot, its chat (hide a message); the admin log below. Every write
// carries the page's CSRF token (server/admin_auth.py); the session cookie is HttpOnly.
import { el } from "/static/dom.js";
import { t } from "/static/i18n.js";

const byId = (id) => document.getElementById(id);

async function send(method, path, body, csrf) {
  const headers = { "content-type": "application/json" };
  if (csrf) headers["x-csrf-token"] = csrf;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: "same-origin" });
  let data = {};
  try { data = await res.json(); } catch { /* not JSON */ }
  const reason = data.error?.message ?? (typeof data.detail === "string" ? data.detail : res.statusText);
  return { ok: res.ok, data, reason };
}

export function initLogin() {
  byId("admin-login").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const { ok, reason } = await send("POST", "/admin/login", { secret: byId("admin-secret").value, name: byId("admin-name").value.trim() });
    if (ok) location.reload();
    else byId("admin-error").textContent = t("Refused: {reason}", { reason });
  });
}

const STATES = { playing: () => t("in progress"), finished: () => t("finished"), closed: () => t("closed") };

export function initAdmin(csrf) {
  let page = 1;
  let pages = 1;
  const error = byId("admin-error");
  const act = async (method, path, body, question) => {
    if (question && !confirm(question)) return;
    const { ok, reason } = await send(method, path, body, csrf);
    error.textContent = ok ? "" : t("Refused: {reason}", { reason });
    await Promise.all([drawGames(), drawLog()]);
  };
  const when = (iso) => (iso ? new Date(iso).toLocaleString() : "—");

  const seatCell = (g) => el("ul", { class: "admin-seats" }, ...g.seats.map((s) => {
    const who = s.bot ? t("bot: {bot}", { bot: s.bot }) : s.connected ? t("connected") : t("not connected");
    const line = el("li", { "data-seat": s.seat }, `${s.seat + 1} ${s.name} — ${who}${s.to_act ? ` · ${t("to act")}` : ""}`);
    if (!s.bot && g.state === "playing") {
      const pick = el("select", { "aria-label": t("bot for seat {n}", { n: s.seat + 1 }) }, ...g.bots.map((b) => el("option", { value: b, text: b })));
      pick.value = g.default_bot;
      line.append(" ", pick, el("button", { type: "button", class: "to-bot", text: t("Hand to bot"),
        onclick: () => act("POST", `/admin/api/games/${g.id}/seats/${s.seat}/bot`, { bot: pick.value }) }));
    }
    return line;
  }));

  const drawGames = async () => {
    const which = byId("admin-which").value;
    const { ok, data, reason } = await send("GET", `/admin/api/games?which=${which}&page=${page}`);
    if (!ok) { error.textContent = reason; return; }
    pages = data.pages;
    byId("admin-count").textContent = t("{n} games", { n: data.total });
    byId("admin-page").textContent = t("page {page} of {pages}", { page: data.page, pages: data.pages });
    byId("admin-prev").disabled = page <= 1;
    byId("admin-next").disabled = page >= pages;
    byId("admin-games").querySelector("tbody").replaceChildren(...data.games.map((g) => {
      const controls = el("span", {});
      if (g.state === "playing") {
        controls.append(el("button", { type: "button", class: "close-game", text: t("Close"),
          onclick: () => act("POST", `/admin/api/games/${g.id}/close`, {}, t("Close game {game}? It will take no more actions.", { game: g.id })) }), " ");
      }
      controls.append(
        el("button", { type: "button", class: "show-chat", text: t("Chat"), onclick: () => drawChat(g.id) }), " ",
        el("button", { type: "button", class: "delete-game", text: t("Delete"),
          onclick: () => act("DELETE", `/admin/api/games/${g.id}`, undefined, t("Delete game {game} with its record and chat? This cannot be undone.", { game: g.id })) }));
      const link = el("a", { href: `/g/${g.id}`, text: `${g.title} · ${g.id}` });
      const connections = t("{n} open ({spectators} watching)", { n: g.connections, spectators: g.spectators });
      return el("tr", { "data-game": g.id }, el("td", {}, link), el("td", { text: STATES[g.state]?.() ?? g.state }),
        el("td", {}, seatCell(g)), el("td", { text: connections }), el("td", { text: when(g.last_action_at) }), el("td", {}, controls));
    }));
  };

  const drawChat = async (gameId) => {
    const { ok, data, reason } = await send("GET", `/admin/api/games/${gameId}/chat`);
    if (!ok) { error.textContent = reason; return; }
    byId("admin-chat").hidden = false;
    byId("admin-chat-title").textContent = t("Chat of game {game}", { game: gameId });
    const items = data.messages.map((m) => {
      const line = el("li", { "data-id": m.id }, `${m.name}: ${m.text} `);
      if (m.hidden) line.append(el("em", { text: t("(hidden)") }));
      else line.append(el("button", { type: "button", class: "hide-message", text: t("Hide"),
        onclick: async () => { await act("POST", `/admin/api/games/${gameId}/chat/${m.id}/hide`, {}); drawChat(gameId); } }));
      return line;
    });
    byId("admin-chat-log").replaceChildren(...(items.length ? items : [el("li", { text: t("No messages yet.") })]));
  };

  const drawLog = async () => {
    const { ok, data } = await send("GET", "/admin/api/log");
    if (!ok) return;
    byId("admin-log").replaceChildren(...data.entries.map((e) =>
      el("li", { text: `${when(e.at)} — ${e.who}: ${e.action}${e.game_id ? ` ${e.game_id}` : ""}${e.detail ? ` (${e.detail})` : ""}` })));
  };

  byId("admin-which").addEventListener("change", () => { page = 1; drawGames(); });
  byId("admin-prev").addEventListener("click", () => { page = Math.max(1, page - 1); drawGames(); });
  byId("admin-next").addEventListener("click", () => { page = Math.min(pages, page + 1); drawGames(); });
  byId("admin-logout").addEventListener("click", async () => { await send("POST", "/admin/logout", {}, csrf); location.reload(); });
  drawGames();
  drawLog();
}
