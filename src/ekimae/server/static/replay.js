// A title's page as the replay of a finished game (issue 31): live.js hands over here when
// the page is in replay mode (base.html's <main data-replay>). Each step is the payload a
// page of that seat received then (GET /api/games/{id}/replay/page), drawn by the title's
// own render; the side log is the move list (a move shows the table after it); first /
// back / next / last, the slider, play and pause, ← → keys, and whose view is shown.
import { t, lang } from "/static/i18n.js";
import { entryText } from "/static/follow.js";
import { showChat } from "/static/table_extras.js";

const PLAY_MS = 1200;

export function initReplayMode(cfg, show, total, follow) {
  const byId = (id) => document.getElementById(id);
  const range = byId("step");
  const seatView = byId("seat-view");
  const play = byId("play");
  let current = null;
  let timer = null;
  let asked = 0; // the newest step asked for: an older answer arriving late is dropped
  document.body.classList.add("replaying");

  const where = (data) => {
    const step = data.replay.step;
    const who = data.replay.seat === null ? t("all open") : t("as seat {n} saw it", { n: data.replay.seat + 1 });
    const move = follow.entries().find((e) => e.i === step - 1);
    const said = move ? ` — ${entryText(move, follow.names())}` : step === 0 ? ` — ${t("setup")}` : "";
    byId("where").textContent = `${t("Step {step} of {total}", { step, total })} (${who})${said}`;
  };

  const go = async (step) => {
    step = Math.max(0, Math.min(total, step));
    range.value = String(step);
    const mine = ++asked;
    const q = new URLSearchParams({ step: String(step), seat: seatView.value, lang });
    const res = await fetch(`/api/games/${encodeURIComponent(cfg.gameId)}/replay/page?${q}`);
    if (!res.ok || mine !== asked) return;
    const data = await res.json();
    cfg.seat = data.replay.seat; // "as seat N saw it": drawn as that seat's page showed it
    current = data;
    show(data);
    where(data);
    const status = document.getElementById("status");
    if (status) status.textContent = `${t("Replay")} · ${status.textContent}`;
    document.body.dataset.replayStep = String(step);
  };

  const stop = () => {
    clearInterval(timer);
    timer = null;
    play.textContent = t("Play");
    play.setAttribute("aria-pressed", "false");
  };
  const start = () => {
    if (Number(range.value) >= total) go(0);
    play.textContent = t("Pause");
    play.setAttribute("aria-pressed", "true");
    timer = setInterval(() => {
      if (Number(range.value) >= total) { stop(); return; }
      go(Number(range.value) + 1);
    }, PLAY_MS);
  };
  const cur = () => Number(range.value);
  byId("first").addEventListener("click", () => { stop(); go(0); });
  byId("prev").addEventListener("click", () => { stop(); go(cur() - 1); });
  byId("next").addEventListener("click", () => { stop(); go(cur() + 1); });
  byId("last").addEventListener("click", () => { stop(); go(total); });
  play.addEventListener("click", () => (timer ? stop() : start()));
  range.addEventListener("input", () => { stop(); go(cur()); });
  seatView.addEventListener("change", () => { follow.loadReplay(seatView.value); go(cur()); });
  document.addEventListener("keydown", (e) => {
    const target = e.target;
    if (target instanceof HTMLSelectElement || target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) return;
    if (e.key === "ArrowRight") { stop(); go(cur() + 1); }
    if (e.key === "ArrowLeft") { stop(); go(cur() - 1); }
  });
  follow.onPick = (entry) => { stop(); go(entry.i + 1); };
  follow.loadReplay(seatView.value);
  showChat(cfg.gameId);
  go(0);
  return { latest: () => current, send: () => {}, undo: () => {} };
}
