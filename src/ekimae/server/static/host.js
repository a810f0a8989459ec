import { el } from "/static/dom.js";
import { t } from "/static/i18n.js";

export async function initHost(gameId, hostToken, bots, defaultBot) {
  const error = document.getElementById("host-error");
  const post = async (path, body) => {
    const res = await fetch(`/api/games/${gameId}/seats/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ host_token: hostToken, ...body }) });
    const data = await res.json();
    error.textContent = res.ok ? "" : t("Refused: {reason}", { reason: data.error?.message ?? data.detail });
    draw();
  };
  const draw = async () => {
    const res = await fetch(`/api/games/${gameId}/seats?h=${encodeURIComponent(hostToken)}`);
    const seats = await res.json();
    if (!res.ok) { error.textContent = seats.detail; return; }
    document.querySelector("#seat-table tbody").replaceChildren(...seats.map((s) => {
      const status = s.bot ? t("bot: {bot}", { bot: s.bot }) : s.claimed ? t("taken") : t("invitation open");
      const invite = s.invite_url ? el("a", { href: s.invite_url, class: "invite-link", text: location.origin + s.invite_url }) : "";
      const pick = el("select", { "aria-label": t("bot for seat {n}", { n: s.seat + 1 }) }, ...bots.map((b) => el("option", { value: b, text: b })));
      pick.value = defaultBot;
      const controls = s.bot ? "" : el("span", {},
        el("button", { type: "button", class: "revoke", text: s.claimed ? t("Withdraw link, new invitation") : t("New invitation link"), onclick: () => post(`${s.seat}/revoke`, {}) }), " ",
        pick, el("button", { type: "button", class: "to-bot", text: t("Hand to bot"), onclick: () => post(`${s.seat}/bot`, { bot: pick.value }) }));
      return el("tr", {}, el("td", { text: s.seat + 1 }), el("td", { text: s.name }), el("td", { text: status }), el("td", {}, invite), el("td", {}, controls));
    }));
  };
  draw();
}
