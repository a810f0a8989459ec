// Shared rendering of a view: players, lines and the board overlay. Pure DOM, no framework.
import { el, yen, seatName } from "/static/dom.js";
export { el, yen, seatName };

export function setOverlay(fragment) {
  // The server sends the renderer's <g id="overlay"> for this seat's view; swap it in.
  const svg = document.querySelector("#board svg");
  const doc = new DOMParser().parseFromString(`<svg xmlns="http://www.w3.org/2000/svg">${fragment}</svg>`, "image/svg+xml");
  const fresh = document.importNode(doc.documentElement.firstElementChild, true);
  const old = svg.querySelector("#overlay");
  if (old) old.replaceWith(fresh); else svg.append(fresh);
}

export function renderPlayers(box, view, names, me) {
  box.replaceChildren(...view.players.map((p) => {
    const bid = p.bid !== null ? ` · your bid ${yen(p.bid)}` : p.has_bid ? " · has bid" : "";
    return el("div", { class: `player${p.seat === me ? " me" : ""}`, style: `--c: var(--seat${p.seat})`, "data-seat": p.seat },
      // Text carries everything the colour does: seat number, "you", "to act".
      el("strong", { text: `Seat ${seatName(names, p.seat)}${p.seat === me ? " (you)" : ""}${view.to_act.includes(p.seat) ? " ▶ to act" : ""}` }),
      el("div", { text: `${yen(p.money)} · loans ${p.loans} · discs ${p.action_discs}/${p.supply_discs} · spec ${p.speculation_discs}` }),
      el("div", { text: `pyramids ${p.pyramids} · speed ${p.speed_tokens}${p.bike ? " · bike" : ""} · meeple ${p.meeple ?? p.riding ?? "—"}${bid}` }),
      el("div", { text: `cards ${p.personal_cards.join(" ") || "—"} · discounts ${p.discount_discs.join(" ") || "—"}${p.passed ? " · passed" : ""}` }));
  }));
}

export function renderLines(box, view, names) {
  const head = el("tr", {}, ...["Line", "Value", "Low", "High", "Slots", "Speed", "Stocks", "Speculations", "Train"].map((h) => el("th", { text: h })));
  const rows = view.lines.map((l) => el("tr", {},
    el("td", { text: l.letter }), el("td", { text: yen(l.value) }), el("td", { text: yen(l.low) }), el("td", { text: yen(l.high) }),
    el("td", { text: l.slots }), el("td", { text: l.speed_tokens }),
    el("td", { text: l.stocks.map((s) => `seat ${s + 1}`).join(", ") || "—" }),
    el("td", { text: l.speculations.map((s) => `seat ${s.seat + 1}: ${yen(s.stake)}`).join(", ") || "—" }),
    el("td", { text: l.train ? `${l.train.stop} ${l.train.direction > 0 ? "→" : "←"}` : "—" })));
  box.replaceChildren(el("table", {}, el("thead", {}, head), el("tbody", {}, ...rows)));
}
