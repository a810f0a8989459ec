// The JUTAKU kit's drawing pieces, shared by the pages built on its elements and cards
// (TOKYO JUTAKU, COUNTDOWN, BOTTLE BONUS, IZAKAYA import them from
// /static/titles/jutaku_kit/pieces.js): SVG helpers, the element shapes turned and
// flipped, an element's colour, an isometric tower.
import { el } from "/static/dom.js";
import { t, lang } from "/static/i18n.js";

const NS = "http://www.w3.org/2000/svg";
export const svg = (tag, attrs = {}, ...kids) => {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const kid of kids) node.append(kid);
  return node;
};
export const SEAT_COLORS = ["#d1495b", "#2e86ab", "#edae49", "#3b8b5a", "#8e5ea2", "#e07a1f", "#4d4d4d", "#c2185b"];
export const DISTRICT_COLORS = { ikebukuro: "#f6d5d9", ueno: "#d6e9f5", asakusa: "#fbe8c8", shinjuku: "#d9eedd", akihabara: "#e6dcf0", shibuya: "#fde0cc", ginza: "#e4e4e4", shinagawa: "#f7d6e6", roppongi: "#fff3a8" };

export const key = (cells) => cells.map(([x, y]) => `${x},${y}`).sort().join(";");
export function normal(cells) {
  const mx = Math.min(...cells.map((c) => c[0])), my = Math.min(...cells.map((c) => c[1]));
  return cells.map(([x, y]) => [x - mx, y - my]);
}

// The orientation index of `shapes` reached from `turn` by a quarter turn ("rot") or a flip.
export function reoriented(shapes, turn, how) {
  const cells = shapes[turn] ?? shapes[0];
  const moved = normal(cells.map(([x, y]) => (how === "rot" ? [-y, x] : [-x, y])));
  const found = shapes.findIndex((s) => key(s) === key(moved));
  return found < 0 ? 0 : found;
}

export function shapeSvg(cells, size, color) {
  const w = Math.max(...cells.map((c) => c[0])) + 1, h = Math.max(...cells.map((c) => c[1])) + 1;
  const u = Math.min(size / Math.max(w, h), 12);
  return svg("svg", { width: size, height: size, viewBox: `0 0 ${size} ${size}`, "aria-hidden": "true" },
    ...cells.map(([x, y]) => svg("rect", { x: (size - w * u) / 2 + x * u, y: (size - h * u) / 2 + y * u, width: u - 1, height: u - 1, fill: color })));
}

// An element's printed name ("3-square piece 1", elements.toml) in the page's language
// (issue 20): said from the shape's parts, as the server's Words.element says it.
export function elementName(name) {
  if (lang === "en") return name;
  if (name === "cube") return t("cube");
  let m = /^(\d)-bar$/.exec(name);
  if (m) return t("{n}-bar", { n: m[1] });
  m = /^(\d)×(\d) block$/.exec(name);
  if (m) return t("{w}×{h} block", { w: m[1], h: m[2] });
  m = /^(\d|seven)-square piece (\d+)$/.exec(name);
  if (m) return t("{n}-square piece {k}", { n: m[1] === "seven" ? "7" : m[1], k: m[2] });
  return name;
}

// A parcel card's place ("Higashi-Ikebukuro"): in Japanese script on a Japanese page, from
// the components' `places_ja`.
export const placeName = (comps, name) => (lang === "ja" ? comps.places_ja?.[name] ?? name : name);

// A district of the plan (cards.toml's keys) as the page's language names it.
export const districtName = (key) => (lang === "en" ? key : {
  ikebukuro: t("Ikebukuro"), ueno: t("Ueno"), asakusa: t("Asakusa"), shinjuku: t("Shinjuku"),
  akihabara: t("Akihabara"), shibuya: t("Shibuya"), ginza: t("Ginza"), shinagawa: t("Shinagawa"),
  roppongi: t("Roppongi"),
}[key] ?? key);

// An element's colour, from its place in the components' list of elements.
export const elementColor = (elements, id) => {
  const i = Object.keys(elements).indexOf(id);
  return `hsl(${(i * 137) % 360} 55% 55%)`;
};

// An isometric tower (SVG) on a 7×7 card: `rows` the card's squares ("#" buildable, "o" a
// hole, "." none; null: no ground drawn), `cubes` [x, y, z, element id], turned by `isoTurn`
// quarter turns; `color(id)` an element's colour.
export function isoTower({ rows, cubes, size, isoTurn, color, label = "" }) {
  const w = size / 16, hgt = w / 2, H = w * 0.9;
  const rot = ([x, y]) => [[x, y], [6 - y, x], [6 - x, 6 - y], [y, 6 - x]][isoTurn];
  const P = (x, y, z) => [size / 2 + (x - y) * w, size * 0.3 + (x + y) * hgt - z * H];
  const root = svg("svg", { width: size, height: size * 0.85, viewBox: `0 0 ${size} ${size * 0.85}`, class: "ju-iso-svg", role: "img", "aria-label": label });
  const poly = (pts, fill) => svg("polygon", { points: pts.map((p) => p.join(",")).join(" "), fill, stroke: "#333", "stroke-width": 0.5 });
  if (rows) for (let y = 0; y < 7; y++) for (let x = 0; x < 7; x++) {
    const ch = rows[y][x];
    if (ch === ".") continue;
    const [rx, ry] = rot([x, y]);
    root.append(poly([P(rx, ry, 0), P(rx + 1, ry, 0), P(rx + 1, ry + 1, 0), P(rx, ry + 1, 0)], ch === "o" ? "#666" : "#e9edf1"));
  }
  const list = cubes.map(([x, y, z, id]) => { const [rx, ry] = rot([x, y]); return [rx, ry, z, id]; });
  list.sort((a, b) => a[0] + a[1] - (b[0] + b[1]) || a[2] - b[2]);
  for (const [x, y, z, id] of list) {
    const c = color(id);
    root.append(
      poly([P(x, y, z + 1), P(x + 1, y, z + 1), P(x + 1, y + 1, z + 1), P(x, y + 1, z + 1)], c),
      poly([P(x, y + 1, z), P(x + 1, y + 1, z), P(x + 1, y + 1, z + 1), P(x, y + 1, z + 1)], `color-mix(in srgb, ${c} 70%, black)`),
      poly([P(x + 1, y, z), P(x + 1, y + 1, z), P(x + 1, y + 1, z + 1), P(x + 1, y, z + 1)], `color-mix(in srgb, ${c} 85%, black)`));
  }
  return root;
}

// ---------------------------------------------------------------- the building pages' parts
// Shared by every page that builds with JUTAKU's elements against the server's clock
// (TOKYO JUTAKU, COUNTDOWN, BOTTLE BONUS).

// The game clock: the view's `now` (ms of game time) seen at this moment of the page.
export function gameClock() {
  let offset = 0, last = null;
  return {
    seen(now) { if (now !== last) { last = now; offset = performance.now() - now; } },
    now: () => performance.now() - offset,
  };
}

// RULING (JU-4, CD-2): one seat's grabs, placements and returns are `handMs` of game time
// apart; a click before that waits for its moment (said in `why`) instead of being refused.
export function pacer(table, clock, handMs) {
  let queued = null;
  const why = () => document.getElementById("why");
  return {
    send(action, what, lastAct) {
      if (queued) clearTimeout(queued);
      const wait = lastAct + handMs - clock.now();
      if (wait > 0) {
        why().textContent = t("{what} in {secs} s (one element every {every} s)", { what, secs: (wait / 1000).toFixed(1), every: handMs / 1000 });
        queued = setTimeout(() => { queued = null; why().textContent = ""; table.send(action); }, wait + 40);
      } else {
        why().textContent = "";
        table.send(action);
      }
    },
    busy: () => queued !== null,
    cancel() { if (queued) { clearTimeout(queued); queued = null; } },
  };
}

// R turns and F flips the element in hand (keys and the #rot, #flip buttons); #iso-turn
// turns the isometric view.
export function bindTurning(reorient, turnView) {
  document.addEventListener("keydown", (ev) => {
    if (ev.target instanceof HTMLInputElement || ev.target instanceof HTMLTextAreaElement) return;
    if (ev.key === "r" || ev.key === "R") { reorient("rot"); ev.preventDefault(); }
    if (ev.key === "f" || ev.key === "F") { reorient("flip"); ev.preventDefault(); }
  });
  document.getElementById("rot").onclick = () => reorient("rot");
  document.getElementById("flip").onclick = () => reorient("flip");
  document.getElementById("iso-turn").onclick = turnView;
}

// A solo player's best, kept in this browser (no account holds it): JU's solo "against
// one's best times", COUNTDOWN's best score per card. The game that set the best keeps
// showing it as new when its page is drawn again.
export function rememberBest(key, game, value, lowerIsBetter) {
  const name = `ekimae.best.${key}`;
  let stored = null;
  try { stored = JSON.parse(localStorage.getItem(name) ?? "null"); } catch { stored = null; }
  if (stored && stored.game === game) return { previous: stored.previous, isNew: true };
  const previous = stored && Number.isFinite(stored.value) ? stored.value : null;
  const isNew = previous === null || (lowerIsBetter ? value < previous : value > previous);
  if (isNew) {
    try { localStorage.setItem(name, JSON.stringify({ value, game, previous })); } catch { /* storage off: nothing kept */ }
  }
  return { previous, isNew };
}

export function storedBest(key) {
  try { return JSON.parse(localStorage.getItem(`ekimae.best.${key}`) ?? "null")?.value ?? null; } catch { return null; }
}

// A plot played from the keyboard (issue 31): the plot's drawing takes the focus; the
// arrow keys move where the element in hand would go (its ghost shows it, with why it
// fits or not), Enter or Space puts it there. `at()` is the square now pointed at (or
// null), `move(x, y)` points at another, `place()` places. The page redraws the plot at
// each change: `refocus(box)` gives the focus back to the new drawing of the same plot.
let keyPlot = null; // the data-plot of the plot the keyboard was using
let refocusing = false; // the focus given back after a redraw, not a person's Tab
export function keyboardPlot(board, plot, label, { at, move, place, start }) {
  board.setAttribute("tabindex", "0");
  board.setAttribute("role", "application");
  board.setAttribute("aria-label", label);
  // Reached with Tab (not a click: the square clicked says where): the element starts
  // where it fits, turned as it is now.
  board.addEventListener("focus", () => {
    keyPlot = String(plot);
    if (!refocusing && board.matches(":focus-visible")) move(...start());
  });
  board.addEventListener("focusout", (ev) => { if (ev.relatedTarget) keyPlot = null; });
  board.addEventListener("keydown", (ev) => {
    const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[ev.key];
    if (step) {
      ev.preventDefault();
      keyPlot = String(plot);
      const [x, y] = at() ?? start();
      move(Math.max(0, Math.min(6, x + step[0])), Math.max(0, Math.min(6, y + step[1])));
    } else if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      keyPlot = String(plot);
      if (!at()) move(...start());
      place();
    }
  });
}

export function refocus(box) {
  if (keyPlot === null) return;
  const board = box.querySelector(`[data-plot="${keyPlot}"][tabindex]`);
  if (!board || document.activeElement === board) return;
  refocusing = true;
  try { board.focus({ preventScroll: true }); } finally { refocusing = false; }
}

// ---------------------------------------------------------------- the building pages' pool and buildings

// Who holds each element (JU-4): the seat with it in hand or in its building.
export function holders(v) {
  const out = new Map();
  v.hand.forEach((h, s) => { if (h) out.set(h, s); });
  v.built.forEach((b, s) => b.forEach((p) => out.set(p[0], s)));
  return out;
}

// The shared pool (JU-4) as buttons: each element's shape in its colour while free, grey
// with its holder's seat once taken. `take(action, name)` sends a listed take; `taken(name,
// id, n)` says why an element held by seat n cannot be taken (the page's rule).
export function poolButtons(elements, v, takes, { color, take, taken }) {
  const held = holders(v);
  return Object.entries(elements).map(([id, e]) => {
    const owner = held.get(id);
    const name = elementName(e.name);
    const node = el("button", { type: "button", class: "ju-el", "data-element": id, title: `${name} (${id})`, "aria-label": `${name} ${id}` + (owner !== undefined ? t(", seat {n} has it", { n: owner + 1 }) : "") });
    node.append(shapeSvg(e.shapes[0], 34, owner === undefined ? color(id) : "#bbb"));
    if (owner !== undefined) {
      node.classList.add("ju-taken");
      const b = el("span", { class: "ju-badge", text: String(owner + 1) });
      b.style.background = SEAT_COLORS[owner];
      node.append(b);
    }
    const listed = takes.get(id);
    if (listed) node.onclick = () => take(listed.action, name);
    else if (owner === undefined) node.disabled = true;
    else node.onclick = () => { document.getElementById("why").textContent = taken(name, id, owner + 1); };
    return node;
  });
}

// A building as cubes [x, y, z, element] from its placed elements, each [id, …, turn, x, y,
// z] with its orientation at `turnAt` (TOKYO JUTAKU's name a border first: 2; COUNTDOWN's: 1).
export function buildingCubes(elements, built, turnAt) {
  const out = [];
  for (const p of built) {
    const [turned, x, y, z] = p.slice(turnAt, turnAt + 4);
    for (const [cx, cy] of elements[p[0]].shapes[turned]) out.push([cx + x, cy + y, z, p[0]]);
  }
  return out;
}

// Each square's height ("x,y" -> floors standing there) from a building's cubes.
export function cubeHeights(cubes) {
  const h = new Map();
  for (const [x, y, z] of cubes) h.set(`${x},${y}`, Math.max(h.get(`${x},${y}`) ?? 0, z + 1));
  return h;
}
