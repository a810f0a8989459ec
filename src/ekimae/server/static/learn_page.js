// The /learn page (issue 30): start a lesson (a new game made by the server from the
// lesson's seed), or resume one this browser started (localStorage, as learn.js keeps it).
import { t, lang } from "/static/i18n.js";
import { rememberSeat } from "/static/lobby.js";
import { LESSONS } from "/static/learn.js";

const started = () => JSON.parse(localStorage.getItem(LESSONS) || "{}");

for (const link of document.querySelectorAll(".resume-lesson")) {
  const mine = started()[link.dataset.lesson];
  if (mine?.url) { link.href = mine.url; link.hidden = false; }
  const done = document.querySelector(`.lesson-done[data-lesson="${link.dataset.lesson}"]`);
  if (done) done.hidden = !mine?.done;
}

for (const button of document.querySelectorAll(".start-lesson")) {
  button.addEventListener("click", async () => {
    button.disabled = true;
    const key = button.dataset.lesson;
    const res = await fetch(`/api/learn/${encodeURIComponent(key)}?lang=${encodeURIComponent(lang)}`, { method: "POST" });
    const body = await res.json().catch(() => ({}));
    if (!res.ok) {
      document.getElementById("learn-error").textContent = t("Error: {detail}", { detail: body.detail ?? res.status });
      button.disabled = false;
      return;
    }
    // A language chosen by ?lang= (not the remembered cookie) goes with the lesson.
    const url = new URLSearchParams(location.search).has("lang") ? `${body.url}&lang=${encodeURIComponent(lang)}` : body.url;
    rememberSeat({ id: body.id, seat: body.seat, name: t("Learner"), url });
    localStorage.setItem(LESSONS, JSON.stringify({ ...started(), [key]: { id: body.id, url, done: false } }));
    location.href = url;
  });
}
