import { setOverlay, renderPlayers, renderLines } from "/static/common.js";

export function initReplay(gameId, total) {
  const range = document.getElementById("step");
  const show = async (step) => {
    step = Math.max(0, Math.min(total, step));
    range.value = step;
    const data = await (await fetch(`/api/games/${gameId}/replay?step=${step}`)).json();
    setOverlay(data.overlay);
    renderPlayers(document.getElementById("players"), data.view, data.names, null);
    renderLines(document.getElementById("lines-table"), data.view, data.names);
    document.getElementById("where").textContent = `Step ${step}/${total}` + (data.last ? ` — seat ${data.last.seat + 1}: ${data.last.text}` : " — setup");
  };
  const cur = () => Number(range.value);
  document.getElementById("first").onclick = () => show(0);
  document.getElementById("prev").onclick = () => show(cur() - 1);
  document.getElementById("next").onclick = () => show(cur() + 1);
  document.getElementById("last").onclick = () => show(total);
  range.oninput = () => show(cur());
  document.addEventListener("keydown", (e) => { if (e.key === "ArrowRight") show(cur() + 1); if (e.key === "ArrowLeft") show(cur() - 1); });
  show(0);
}
