// Any game's replay: step through the record, all open or as one seat saw it.
import { el } from "/static/dom.js";
import { renderTable } from "/static/table.js";

export function initReplay(gameId, total) {
  const range = document.getElementById("step");
  const seatView = document.getElementById("seat-view");
  const show = async (step) => {
    step = Math.max(0, Math.min(total, step));
    range.value = step;
    const data = await (await fetch(`/api/games/${gameId}/replay?step=${step}&seat=${seatView.value}`)).json();
    renderTable(document.getElementById("table"), data.view);
    document.getElementById("choices-panel").hidden = data.seat === null;
    document.getElementById("choices").replaceChildren(...data.legal.map((a) => el("li", { text: a.label ?? a.text })));
    const who = data.seat === null ? "all open" : `as seat ${data.seat + 1} saw it`;
    document.getElementById("where").textContent = `Step ${step}/${total} (${who})` + (data.last ? ` — seat ${data.last.seat + 1}: ${data.last.text}` : " — setup");
  };
  const cur = () => Number(range.value);
  document.getElementById("first").onclick = () => show(0);
  document.getElementById("prev").onclick = () => show(cur() - 1);
  document.getElementById("next").onclick = () => show(cur() + 1);
  document.getElementById("last").onclick = () => show(total);
  range.oninput = () => show(cur());
  seatView.onchange = () => show(cur());
  show(0);
}
