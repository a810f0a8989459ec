import { el } from "/static/dom.js";
import { t } from "/static/i18n.js";
import { rememberSeat } from "/static/lobby.js";

export async function initJoin(code) {
  const box = document.getElementById("invite");
  const res = await fetch(`/api/join/${encodeURIComponent(code)}`);
  const data = await res.json();
  if (!res.ok) { box.textContent = t("This invitation cannot be used: {reason}", { reason: data.detail ?? data.error?.message }); return; }
  const who = data.names.map((n, i) => `${i + 1} ${i === data.seat ? t("(you)") : n}${data.bots[i] ? ` ${t("(bot)")}` : ""}`).join(", ");
  box.replaceChildren(
    el("p", { text: t("{title}, {count} players: {who}. You take seat {n}.", { title: data.title, count: data.names.length, who, n: data.seat + 1 }) }),
    data.practice ? el("p", { class: "practice", text: t("Practice game: the host chose the seed and may know the decks. Unrated.") }) : "",
    data.actions ? el("p", { text: t("{count} actions have been played already.", { count: data.actions }) }) : "");
  const form = document.getElementById("claim");
  form.hidden = false;
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const name = document.getElementById("claim-name").value;
    const claim = await fetch(`/api/join/${encodeURIComponent(code)}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name }) });
    const seat = await claim.json();
    if (!claim.ok) { box.textContent = t("Could not take the seat: {reason}", { reason: seat.error?.message ?? seat.detail }); form.hidden = true; return; }
    rememberSeat({ id: seat.game_id, seat: seat.seat, name: name || t("seat {n}", { n: seat.seat + 1 }), url: seat.url });
    location.replace(seat.url);
  });
}
