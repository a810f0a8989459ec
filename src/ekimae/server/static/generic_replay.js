// Any game's replay: step through the record, all open or as one seat saw it.
import { el } from "/static/dom.js";
import { renderTable } from "/static/table.js";
import { initStepper } from "/static/stepper.js";

export function initReplay(gameId, total) {
  initStepper(gameId, total, (data) => {
    renderTable(document.getElementById("table"), data.view);
    document.getElementById("choices-panel").hidden = data.seat === null;
    document.getElementById("choices").replaceChildren(...data.legal.map((a) => el("li", { text: a.label ?? a.text })));
  });
}
