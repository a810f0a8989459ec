// A replay's controls, the same for every game: first/back/next/last, the slider, the
// seat whose view is shown, and ← → keys. `draw(data)` shows one step's API answer.
import { t } from "/static/i18n.js";

export function initStepper(gameId, total, draw) {
  const range = document.getElementById("step");
  const seatView = document.getElementById("seat-view");
  const show = async (step) => {
    step = Math.max(0, Math.min(total, step));
    range.value = step;
    const data = await (await fetch(`/api/games/${gameId}/replay?step=${step}&seat=${seatView.value}`)).json();
    draw(data);
    // The step's pieces described as a live page's are (static/tips.js, issue 30).
    document.dispatchEvent(new CustomEvent("ekimae:replay", { detail: data }));
    const who = data.seat === null ? t("all open") : t("as seat {n} saw it", { n: data.seat + 1 });
    document.getElementById("where").textContent = `${t("Step {step} of {total}", { step, total })} (${who})` + (data.last ? ` — ${t("seat {n}", { n: data.last.seat + 1 })}: ${data.last.text}` : ` — ${t("setup")}`);
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
