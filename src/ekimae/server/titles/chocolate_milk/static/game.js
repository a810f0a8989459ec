// CHOCOLATE MILK's page: the board the server drew from this seat's view (grid, Stock
// cards, crates), the legal moves as buttons with their plain labels, a menu for a long list.
import { el } from "/static/dom.js";
import { t } from "/static/i18n.js";
import { connectTable } from "/static/live.js";
import { renderActions } from "/static/generic_game.js";
import { translateBoard } from "/static/titles/chocolate_milk/drawing.js";

let table = null;

export function initGame(cfg) { table = connectTable(cfg, (msg) => render(cfg, msg)); }

const send = (action) => table.send(action);

function render(cfg, msg) {
  document.body.dataset.actions = String(msg.actions);
  const mine = msg.legal.length > 0;
  const who = cfg.seat === null ? t("Spectating") : t("You are seat {n} {name}", { n: cfg.seat + 1, name: msg.names[cfg.seat] });
  const status = document.getElementById("status");
  status.textContent = msg.finished ? `${who} · ${t("Game over")} · ${msg.prompt ?? ""}` : `${who} · ${msg.prompt ?? (mine ? t("your move") : t("waiting for others"))}`;
  status.className = mine ? "yours" : "";
  document.getElementById("practice").hidden = !msg.practice;
  // The server builds the board from the view, escaping every text it puts in.
  document.getElementById("board").innerHTML = msg.overlay ?? "";
  translateBoard(document.getElementById("board"));
  document.getElementById("players").replaceChildren(...msg.names.map((n, s) => el("li", { text: `${t("Seat {n}", { n: s + 1 })} ${n}${msg.bots[s] ? ` (${t("bot: {bot}", { bot: msg.bots[s] })})` : ""}${s === cfg.seat ? ` ${t("(you)")}` : ""}${msg.scores ? ` — ${msg.scores[s]}` : ""}` })));
  renderActions(msg, send);
  const undo = document.getElementById("undo");
  undo.hidden = !msg.can_undo;
  undo.onclick = () => table.undo();
  const end = document.getElementById("end");
  end.hidden = !msg.finished;
  if (msg.finished) {
    document.getElementById("result").replaceChildren(el("ol", { id: "ranking" }, ...msg.ranking.map((place) =>
      el("li", { text: place.map((s) => `${t("Seat {n}", { n: s + 1 })} ${msg.names[s]} (${msg.scores[s]})`).join(" = ") }))));
  }
}
