import { el } from "/static/dom.js";
import { rememberSeat } from "/static/lobby.js";

export async function initJoin(code) {
  const box = document.getElementById("invite");
  const res = await fetch(`/api/join/${encodeURIComponent(code)}`);
  const data = await res.json();
  if (!res.ok) { box.textContent = `This invitation cannot be used: ${data.detail ?? data.error?.message}`; return; }
  const who = data.names.map((n, i) => `${i + 1} ${i === data.seat ? "(you)" : n}${data.bots[i] ? " (bot)" : ""}`).join(", ");
  box.replaceChildren(
    el("p", { text: `${data.title}, ${data.names.length} players: ${who}. You take seat ${data.seat + 1}.` }),
    data.practice ? el("p", { class: "practice", text: "Practice game: the host chose the seed and may know the decks. Unrated." }) : "",
    data.actions ? el("p", { text: `${data.actions} actions have been played already.` }) : "");
  const form = document.getElementById("claim");
  form.hidden = false;
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const name = document.getElementById("claim-name").value;
    const claim = await fetch(`/api/join/${encodeURIComponent(code)}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name }) });
    const seat = await claim.json();
    if (!claim.ok) { box.textContent = `Could not take the seat: ${seat.error?.message ?? seat.detail}`; form.hidden = true; return; }
    rememberSeat({ id: seat.game_id, seat: seat.seat, name: name || `seat ${seat.seat + 1}`, url: seat.url });
    location.replace(seat.url);
  });
}
