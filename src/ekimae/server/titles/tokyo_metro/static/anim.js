// The trains phase, stop by stop (TM-8.2): between two views a train's marker travels
// through every stop it passed, and the payouts (TM-8.3) float up where they happened.
// Everything is derived from the two views and the new log lines; nothing is invented.
import { svgEl } from "/static/titles/tokyo_metro/common.js";

const STEP_MS = 320;
const reduced = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

function stopPoint(svg, stop) {
  const c = svg.querySelector(`circle[data-stop="${stop}"]`);
  return c ? { x: Number(c.getAttribute("cx")), y: Number(c.getAttribute("cy")) } : null;
}

// The stop numbers (0-based) a train passes from `a` to `b`: along its line, turning at a
// terminus; null when `b` cannot be reached in a plausible number of stops.
export function trainPath(a, b, count) {
  let pos = a.number - 1, dir = a.direction >= 0 ? 1 : -1;
  const path = [pos];
  for (let i = 0; i < 24; i++) {
    if (pos === b.number - 1 && (dir === (b.direction >= 0 ? 1 : -1)) && i > 0) return path;
    pos += dir;
    if (pos < 0 || pos >= count) return null;
    if (pos === 0 || pos === count - 1) dir = -dir;
    path.push(pos);
  }
  return null;
}

// A line's vehicles as placed in a view: its train, or a pair's two (OS-2), each with the
// SVG group that draws it ("P" for the first, "P2" for the second) and the log's label.
function placed(line) {
  const list = line.vehicles ?? (line.train ? [{ vehicle: line.letter, ...line.train }] : []);
  return list.map((v, k) => ({ ...v, group: `${line.letter}${k ? k + 1 : ""}` }));
}

export function animateTrains(svg, before, after, comp, newLog) {
  if (!before || reduced()) return;
  const done = [];
  let start = 0; // trains move one after another, in line order (TM-8.1)
  after.lines.forEach((line, i) => {
    const stops = comp.lines[line.letter]?.stops;
    if (!stops || !before.lines[i]) return;
    const was = placed(before.lines[i]);
    let longest = 0; // OS-2: a pair's vehicles move together
    for (const now of placed(line)) {
      const prev = was.find((w) => w.group === now.group);
      if (!prev || (prev.number === now.number && prev.direction === now.direction)) continue;
      const path = trainPath(prev, now, stops.length);
      if (!path || path.length < 2) continue;
      const points = path.map((p) => stopPoint(svg, stops[p]));
      const end = points[points.length - 1];
      const group = svg.querySelector(`#overlay [data-train="${now.group}"]`);
      if (!group || points.some((p) => !p)) continue;
      const frames = points.map((p) => ({ transform: `translate(${p.x - end.x}px, ${p.y - end.y}px)` }));
      const duration = STEP_MS * (points.length - 1);
      group.animate(frames, { duration, delay: start, fill: "backwards", easing: "linear" });
      done.push({ letter: now.vehicle, group: now.group, stations: path.map((p) => stops[p]), start });
      longest = Math.max(longest, duration);
    }
    start += longest;
  });
  // Counted for tests and scripts: how many vehicle runs and payouts were shown.
  document.body.dataset.trainRuns = String(Number(document.body.dataset.trainRuns ?? 0) + done.length);
  document.body.dataset.trainGroups = [...new Set([...(document.body.dataset.trainGroups ?? "").split(" ").filter(Boolean), ...done.map((d) => d.group)])].join(" ");
  floatPayouts(svg, newLog, comp, done);
}

// "train G at Ueno: line value +¥500 → ¥2,100 (...)": "+¥500" floats up at Ueno, when the
// animated train gets there.
function floatPayouts(svg, lines, comp, moves) {
  const byName = new Map(Object.entries(comp.stations).map(([k, name]) => [name, k]));
  let layer = svg.querySelector("#floats");
  if (!layer) { layer = svgEl("g", { id: "floats", "pointer-events": "none" }); svg.append(layer); }
  const seen = new Map();
  // The log names a vehicle by its kind: "train G", "tram P2", "bus BUS1" (from the map).
  const kinds = [...new Set(Object.values(comp.lines).map((l) => l.vehicle ?? "train"))].join("|");
  const pattern = new RegExp(`^(?:${kinds}) (\\w+) at (.+?): (.*)$`);
  for (const text of lines) {
    const m = pattern.exec(text);
    if (!m) continue;
    const key = byName.get(m[2]);
    const circle = key && svg.querySelector(`circle[data-station="${key}"]`);
    if (!circle) continue;
    // "line value +¥200 → ¥700, seat 1 +¥200 → ¥2,800": "G +¥200 · seat 1 +¥200".
    const value = /line value \+(¥[\d,]+)/.exec(m[3]);
    const owner = /(seat \d+)\S*\s*\+(¥[\d,]+)/i.exec(m[3]);
    const amounts = [value && `${m[1]} +${value[1]}`, owner && `${owner[1]} +${owner[2]}`].filter(Boolean);
    if (!amounts.length) continue;
    const move = moves.find((mv) => mv.letter === m[1]);
    const stopIndex = move ? move.stations.findIndex((s, i) => i > (seen.get(m[1]) ?? 0) && svg.querySelector(`circle[data-stop="${s}"]`)?.dataset.station === key) : -1;
    if (stopIndex > 0) seen.set(m[1], stopIndex);
    const delay = stopIndex > 0 ? move.start + stopIndex * STEP_MS : 0;
    document.body.dataset.payouts = String(Number(document.body.dataset.payouts ?? 0) + 1);
    const x = Number(circle.getAttribute("cx")), y = Number(circle.getAttribute("cy")) - 16;
    const label = svgEl("text", { x, y, class: "payout-float", "text-anchor": "middle" });
    label.textContent = amounts.join(" · ");
    label.style.opacity = "0";
    layer.append(label);
    const anim = label.animate([
      { opacity: 0, transform: "translateY(0px)" }, { opacity: 1, transform: "translateY(-6px)", offset: 0.15 },
      { opacity: 1, transform: "translateY(-22px)", offset: 0.8 }, { opacity: 0, transform: "translateY(-30px)" },
    ], { duration: 1800, delay, easing: "ease-out" });
    anim.onfinish = () => label.remove();
  }
}
