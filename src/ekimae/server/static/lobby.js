import { el } from "/static/common.js";

const MINE = "ekimae.mySeats";
const mySeats = () => JSON.parse(localStorage.getItem(MINE) || "[]");

export function initLobby(bots) {
  const count = document.getElementById("count");
  const seats = document.getElementById("seats");
  const drawSeats = () => {
    const rows = [];
    for (let i = 0; i < Number(count.value); i++) {
      const who = el("select", { name: `bot${i}`, "aria-label": `seat ${i + 1} player` }, el("option", { value: "", text: "person" }),
        ...bots.map((b) => el("option", { value: b, text: `bot: ${b}` })));
      if (i > 0) who.value = bots[0];
      rows.push(el("div", {}, el("label", { text: `Seat ${i + 1} ` }, el("input", { name: `name${i}`, placeholder: `Player ${i + 1}`, "aria-label": `seat ${i + 1} name` })), " ", who));
    }
    seats.replaceChildren(el("legend", { text: "Seats" }), ...rows);
  };
  count.addEventListener("change", drawSeats);
  drawSeats();
  document.getElementById("create").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const form = new FormData(ev.target);
    const body = { seats: [] };
    for (let i = 0; i < Number(count.value); i++) body.seats.push({ name: form.get(`name${i}`) || "", bot: form.get(`bot${i}`) || null });
    const res = await fetch("/api/games", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const data = await res.json();
    const links = document.getElementById("links");
    if (!res.ok) { links.textContent = `Error: ${JSON.stringify(data.detail)}`; return; }
    const mine = mySeats();
    const items = data.seats.filter((s) => s.url).map((s) => {
      mine.push({ id: data.id, seat: s.seat, name: s.name, url: s.url });
      return el("li", {}, `Seat ${s.seat + 1} (${s.name}) — private link: `, el("a", { href: s.url, class: "seat-link", text: location.origin + s.url }));
    });
    localStorage.setItem(MINE, JSON.stringify(mine));
    links.replaceChildren(el("h2", { text: "Links (send each player their own)" }),
      el("ul", { class: "links" }, ...items, el("li", {}, "Spectators: ", el("a", { href: data.spectator_url, text: location.origin + data.spectator_url }))));
    refresh();
  });
  refresh();
}

async function refresh() {
  const games = await (await fetch("/api/games")).json();
  const byId = Object.fromEntries(games.map((g) => [g.id, g]));
  document.getElementById("mine").replaceChildren(...mySeats().map((m) => {
    const g = byId[m.id];
    const status = !g ? "" : g.finished ? " — finished" : g.to_act.includes(m.seat) ? " — your turn" : " — waiting";
    return el("li", {}, el("a", { href: m.url, text: `${m.id} seat ${m.seat + 1} (${m.name})` }), status);
  }));
  document.querySelector("#games tbody").replaceChildren(...games.map((g) => el("tr", {},
    el("td", {}, el("a", { href: g.spectator_url, text: g.id })),
    el("td", { text: g.names.map((n, i) => `${i + 1} ${n}${g.bots[i] ? " (bot)" : ""}`).join(", ") }),
    el("td", { text: g.actions }),
    el("td", { text: g.finished ? `finished, winner seat ${g.winner + 1} ${g.names[g.winner]}` : `to act: ${g.to_act.map((s) => s + 1).join(", ")}` }),
    el("td", {}, g.replay_url ? el("a", { href: g.replay_url, text: "replay" }) : ""))));
}
