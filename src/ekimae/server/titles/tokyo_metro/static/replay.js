import { el, setOverlay, renderPlayers, renderLines } from "/static/titles/tokyo_metro/common.js";

export function initReplay(gameId, total) {
  const range = document.getElementById("step");
  const seatView = document.getElementById("seat-view");
  const show = async (step) => {
    step = Math.max(0, Math.min(total, step));
    range.value = step;
    const seat = seatView.value;
    const data = await (await fetch(`/api/games/${gameId}/replay?step=${step}&seat=${seat}`)).json();
    setOverlay(data.overlay);
    renderPlayers(document.getElementById("players"), data.view, data.names, data.seat);
    renderLines(document.getElementById("lines-table"), data.view, data.names);
    document.getElementById("log").replaceChildren(...data.view.log.map((line) => el("li", { text: line })));
    // From one seat's view, what that seat could have chosen at this point.
    const panel = document.getElementById("choices-panel");
    panel.hidden = data.seat === null;
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
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLSelectElement || e.target instanceof HTMLInputElement) return; // their own arrow keys
    if (e.key === "ArrowRight") show(cur() + 1);
    if (e.key === "ArrowLeft") show(cur() - 1);
  });
  show(0);
}
