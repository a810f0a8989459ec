// A lesson on a game's page (issue 30): the steps of the lesson's script (server/learn.py,
// GET /api/learn/{key}) one at a time — one or two sentences, a ring round the piece that
// matters, a Next button for a step to read, and for a step to play the action the lesson
// expects (any other is held back, with what to do instead; static/live.js's guard).
//
// The game is a real one: the step reached is worked out from the game itself (how many
// actions the learner's seat has taken: the payload's `seq`), plus how far they read
// (localStorage, per game), so leaving the page and coming back resumes the lesson. If the
// game goes another way than the script (no expected action is legal), the lesson says so
// and lets the learner play on freely. Loaded by base.html on every page; it does nothing
// without `?learn=` on a game page.
import { el } from "/static/dom.js";
import { t, lang } from "/static/i18n.js";
import { setGuard } from "/static/live.js";

const KEY = new URLSearchParams(location.search).get("learn");
const GAME = location.pathname.match(/^\/g\/([A-Za-z0-9_-]+)$/)?.[1] ?? null;
const STORE = `ekimae.learn.${GAME}`;
export const LESSONS = "ekimae.lessons"; // key -> { url, id, done } (the /learn page's list)

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
// The learner's action is the expected one if every field the script names is equal.
export const matches = (expect, action) => Object.entries(expect).every(([k, v]) => same(action?.[k], v));

if (KEY && GAME) start().catch(() => {});

async function start() {
  let latest = null;
  let ui = null;
  document.addEventListener("ekimae:state", (ev) => { latest = ev.detail; ui?.update(latest); });
  const res = await fetch(`/api/learn/${encodeURIComponent(KEY)}?lang=${encodeURIComponent(lang)}`);
  if (!res.ok) return;
  ui = lessonUi(await res.json());
  if (latest) ui.update(latest);
}

function saved() {
  try { return JSON.parse(localStorage.getItem(STORE) || "{}"); } catch { return {}; }
}
function save(patch) { localStorage.setItem(STORE, JSON.stringify({ ...saved(), ...patch })); }

function markLesson(script, patch) {
  const all = JSON.parse(localStorage.getItem(LESSONS) || "{}");
  all[script.key] = { ...(all[script.key] ?? {}), id: GAME, url: location.pathname + location.search, ...patch };
  localStorage.setItem(LESSONS, JSON.stringify(all));
}

function lessonUi(script) {
  const steps = script.steps;
  const acts = steps.map((s, i) => (s.expect ? i : -1)).filter((i) => i >= 0);
  let msg = null;
  let cur = 0;
  let off = Boolean(saved().off); // the learner closed the lesson (or it went off script)
  let diverged = false;

  const say = el("p", { class: "learn-say", id: "learn-say" });
  const doing = el("p", { class: "learn-do", id: "learn-do" });
  const count = el("span", { class: "learn-count", id: "learn-count" });
  const buttons = el("div", { class: "learn-buttons" });
  const hide = el("button", { type: "button", class: "secondary learn-hide", id: "learn-hide", text: t("Hide"), onclick: () => { save({ hidden: true }); draw(); } });
  const panel = el("aside", { id: "learn", class: "learn", "aria-label": t("Lesson"), "aria-live": "polite" },
    el("div", { class: "learn-head" }, el("strong", { text: script.title }), " ", count, hide), say, doing, buttons);
  const pill = el("button", { type: "button", id: "learn-show", class: "learn-pill", hidden: "", onclick: () => { save({ hidden: false }); draw(); } });
  const ring = el("div", { id: "learn-ring", class: "learn-ring", "aria-hidden": "true", hidden: "" });
  document.body.append(panel, pill, ring);
  document.body.classList.add("learning");
  const practice = document.getElementById("practice");
  if (practice) practice.dataset.learn = "1"; // the lesson chose the seed: no warning needed
  markLesson(script, {});

  // The expected action's plain sentence (the server's label, what Confirm shows), if listed.
  const expected = (step) => msg?.legal.find((a) => matches(step.expect, a.action)) ?? null;
  const fill = (text, step) => text.replace("{label}", () => (step?.expect ? (expected(step)?.label ?? expected(step)?.text ?? "") : ""));

  // The window of steps the game allows now: after the learner's K-th action, before their (K+1)-th.
  const span = () => {
    const k = msg?.seq ?? 0;
    const lo = k === 0 ? 0 : k - 1 < acts.length ? acts[k - 1] + 1 : steps.length - 1;
    const hi = k < acts.length ? acts[k] : steps.length - 1;
    return [Math.min(lo, steps.length - 1), hi];
  };

  setGuard((action) => {
    if (off || diverged || !msg) return null;
    const [, hi] = span();
    const step = steps[hi];
    if (!step?.expect || matches(step.expect, action)) return null;
    return t("In this lesson, do this now: {what}", { what: fill(step.say, step) });
  });

  const next = () => { cur = Math.min(cur + 1, span()[1]); save({ step: cur }); draw(); };
  const back = () => { cur = Math.max(cur - 1, span()[0]); save({ step: cur }); draw(); };
  const close = () => { off = true; save({ off: true }); markLesson(script, { done: true }); draw(); };

  async function newGame() {
    const seats = [{ name: t("Learner") }, ...Array.from({ length: script.play_seats - 1 }, () => ({ bot: script.bot }))];
    const res = await fetch("/api/games", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ game: script.game, seats, listed: false, options: script.play_options }) });
    const body = await res.json().catch(() => ({}));
    if (!res.ok || !body.me) { doing.textContent = t("Error: {detail}", { detail: body.detail ?? res.status }); return; }
    markLesson(script, { done: true });
    location.href = body.me.url;
  }

  function update(fresh) {
    msg = fresh;
    if (msg.seat === null || msg.seat === undefined) { off = true; draw(); return; }
    const [lo, hi] = span();
    cur = Math.min(Math.max(saved().step ?? 0, lo), hi);
    const step = steps[cur];
    // Off the script: the position the next step expects did not come (nothing matches).
    if (step.expect && msg.legal.length && !msg.legal.some((a) => matches(step.expect, a.action)) && !msg.finished) diverged = true;
    if ((msg.seq ?? 0) > acts.length) markLesson(script, { done: true });
    draw();
  }

  // One placing of the ring per frame at most, however many changes asked for it.
  let queued = false;
  function soon() {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; follow(); });
  }

  function draw() {
    soon();
    const hidden = Boolean(saved().hidden);
    const gone = off || !msg;
    panel.hidden = gone || hidden;
    pill.hidden = gone || !hidden;
    pill.textContent = t("Show the lesson (step {n} of {total})", { n: cur + 1, total: steps.length });
    ring.hidden = true;
    pointing = null;
    if (gone || hidden) return;
    const step = steps[cur];
    const mine = msg.legal.length > 0 || msg.finished;
    count.textContent = t("step {n} of {total}", { n: cur + 1, total: steps.length });
    buttons.replaceChildren();
    doing.textContent = "";
    if (diverged) {
      say.textContent = t("The game went another way than this lesson planned. Play on as you like: it is a real game against the learning bot.");
      buttons.append(el("button", { type: "button", id: "learn-close", onclick: close, text: t("Close the lesson") }));
      return;
    }
    if (!mine) {
      say.textContent = t("The other player is moving…");
      return;
    }
    say.textContent = fill(step.say, step);
    const [lo] = span();
    if (cur > lo) buttons.append(el("button", { type: "button", class: "secondary", id: "learn-back", onclick: back, text: t("Back") }));
    if (step.expect) {
      const item = expected(step);
      doing.textContent = item ? t("Your move: {label}", { label: item.label ?? item.text }) : "";
    } else if (cur < steps.length - 1) {
      buttons.append(el("button", { type: "button", id: "learn-next", onclick: next, text: t("Next") }));
    } else if (script.finish === "new-game") {
      buttons.append(el("button", { type: "button", id: "learn-finish", onclick: newGame, text: t("Play a real game against the learning bot") }));
    } else {
      buttons.append(el("button", { type: "button", id: "learn-finish", onclick: close, text: t("Play on") }));
    }
    pointAt(step);
  }

  // The ring follows its piece (the page redraws, scrolls, zooms); the panel sits beside it.
  function target(step) {
    for (const point of step?.point ?? []) {
      const selector = point.replace(/\{(\w+)\}/g, (whole, k) => (step.expect && k in step.expect ? CSS.escape(String(step.expect[k])) : whole));
      try {
        const found = [...document.querySelectorAll(selector)].find((node) => node.getClientRects().length);
        if (found) return found;
      } catch { /* a selector this page cannot read: try the next */ }
    }
    return null;
  }

  // The step whose pieces the ring follows (null: nothing to point at now).
  let pointing = null;
  function pointAt(step) { pointing = step.point?.length ? step : null; }

  // A new piece to point at (a new step, or the next click of a move): bring it into
  // view if it is not (on a phone, into the half the docked panel leaves free).
  let shown = null;
  function reveal(node) {
    if (node === shown) return;
    shown = node;
    const r = node.getBoundingClientRect();
    const phone = innerWidth < 700;
    const room = phone ? innerHeight * 0.55 : innerHeight;
    // A page's own bar may stick to the top (TOKYO METRO's status and players): keep clear.
    const bar = [...document.querySelectorAll("body > *, main > *")].find((n) => getComputedStyle(n).position === "sticky" && n.getBoundingClientRect().top <= 0)?.getBoundingClientRect().bottom ?? 0;
    if (r.top < bar + 20 || r.bottom > room - 20) window.scrollBy({ top: r.top - bar - (phone ? innerHeight * 0.12 : innerHeight * 0.25), behavior: "instant" });
  }

  // Where the panel hides least: never on its piece, as little as it can on the moves
  // (the learner clicks there) and on the board; nearest its piece among equals.
  function place(r) {
    const phone = innerWidth < 700;
    panel.classList.toggle("docked", phone || !r);
    dock(phone ? panel.offsetHeight + 8 : 0);
    if (phone || !r) { panel.style.left = panel.style.top = ""; return; }
    const w = panel.offsetWidth, h = panel.offsetHeight, gap = 14, m = 8;
    const fit = (x, y) => [Math.min(Math.max(m, x), innerWidth - w - m), Math.min(Math.max(m, y), innerHeight - h - m)];
    const spots = [
      fit(r.right + gap, r.top), fit(r.left - gap - w, r.top), fit(r.left, r.bottom + gap), fit(r.left, r.top - gap - h),
      fit(innerWidth - w - m, innerHeight - h - m), fit(m, innerHeight - h - m), fit(innerWidth - w - m, m + 60),
    ];
    const areas = [[r, 100], ...["#actions-panel", "#actions", "#confirm", "#choice"].map((q) => [document.querySelector(q)?.getBoundingClientRect(), 6]), [document.getElementById("cards")?.getBoundingClientRect(), 2], [document.getElementById("board")?.getBoundingClientRect(), 1]];
    const cost = ([x, y]) => areas.reduce((sum, [a, weight]) => {
      if (!a) return sum;
      const dx = Math.max(0, Math.min(x + w, a.right) - Math.max(x, a.left)), dy = Math.max(0, Math.min(y + h, a.bottom) - Math.max(y, a.top));
      return sum + weight * dx * dy;
    }, 0) + Math.hypot(x + w / 2 - (r.left + r.right) / 2, y + h / 2 - (r.top + r.bottom) / 2);
    const [x, y] = spots.reduce((best, spot) => (cost(spot) < cost(best) ? spot : best));
    panel.style.left = `${Math.round(x)}px`;
    panel.style.top = `${Math.round(y)}px`;
  }

  // Docked across the bottom of a phone, the panel covers that strip: the page's own
  // bottom-stuck parts (the move panel, the pool) rise above it (style.css, --learn-dock).
  let docked = -1;
  function dock(height) {
    if (height === docked) return;
    docked = height;
    document.documentElement.style.setProperty("--learn-dock", `${height}px`);
  }

  const follow = () => {
    const node = pointing && !panel.hidden ? target(pointing) : null;
    ring.hidden = !node;
    if (node) {
      reveal(node);
      const r = node.getBoundingClientRect();
      const pad = 6;
      Object.assign(ring.style, { left: `${r.left + scrollX - pad}px`, top: `${r.top + scrollY - pad}px`, width: `${r.width + 2 * pad}px`, height: `${r.height + 2 * pad}px` });
      place(r);
    } else if (!panel.hidden) {
      place(null);
    } else {
      dock(0);
    }
  };

  // The ring is placed again when something can have moved its piece (the page redrew,
  // scrolled or resized, the lesson moved on) and on a slow beat for what no event tells
  // (a transition), not at every frame: a frame loop measured the page 60 times a second
  // for as long as a lesson stayed open, on the learner's battery.
  const mine = (node) => node === document.documentElement || panel.contains(node) || ring.contains(node);
  new MutationObserver((records) => { if (records.some((r) => !mine(r.target))) soon(); })
    .observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  addEventListener("scroll", soon, { passive: true, capture: true });
  addEventListener("resize", soon);
  setInterval(soon, 400);
  soon();
  return { update };
}
