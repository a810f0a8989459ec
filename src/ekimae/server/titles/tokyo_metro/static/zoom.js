// Zoom and pan of the map by its viewBox: pinch and drag (pointer events), ctrl+wheel
// (a trackpad pinch), and +/−/reset buttons. No library.
export function initZoom(svg, controls) {
  const base = svg.viewBox.baseVal;
  const full = { x: base.x, y: base.y, w: base.width, h: base.height };
  // The viewBox takes the shape of the map's box on the page (a tall box on a phone):
  // the whole map shows letterboxed; zoomed in, the map fills the box.
  const aspect = () => { const r = svg.getBoundingClientRect(); return r.width > 0 ? r.height / r.width : full.h / full.w; };
  let vb = null;
  const minW = full.w / 8;
  const apply = () => {
    const k = aspect();
    vb.w = Math.min(Math.max(full.w, full.h / k), Math.max(minW, vb.w));
    vb.h = vb.w * k;
    const clamp = (v, lo, size, room) => (size >= room ? lo - (size - room) / 2 : Math.min(lo + room - size, Math.max(lo, v)));
    vb.x = clamp(vb.x, full.x, vb.w, full.w);
    vb.y = clamp(vb.y, full.y, vb.h, full.h);
    svg.setAttribute("viewBox", `${vb.x} ${vb.y} ${vb.w} ${vb.h}`);
    svg.classList.toggle("zoomed", vb.w < full.w - 1);
  };
  // The whole map, or (`cover`) as much of it as fills the box: a phone's starting view.
  const whole = () => { vb = { ...full }; vb.w = Math.max(full.w, full.h / aspect()); apply(); };
  const cover = () => { const w = Math.min(full.w, full.h / aspect()); vb = { x: full.x + (full.w - w) / 2, y: full.y, w, h: 0 }; apply(); };
  cover();
  window.addEventListener("resize", () => apply());
  // Screen point -> map point, with the current viewBox.
  const toMap = (cx, cy) => {
    const r = svg.getBoundingClientRect();
    return { x: vb.x + (cx - r.left) / r.width * vb.w, y: vb.y + (cy - r.top) / r.height * vb.h };
  };
  const zoomAt = (factor, p) => {
    const w = Math.max(minW, vb.w / factor);
    const k = w / vb.w;
    vb = { x: p.x - (p.x - vb.x) * k, y: p.y - (p.y - vb.y) * k, w, h: vb.h * k };
    apply();
  };
  const centre = () => ({ x: vb.x + vb.w / 2, y: vb.y + vb.h / 2 });
  controls.querySelector("[data-zoom=in]").addEventListener("click", () => zoomAt(1.5, centre()));
  controls.querySelector("[data-zoom=out]").addEventListener("click", () => zoomAt(1 / 1.5, centre()));
  controls.querySelector("[data-zoom=reset]").addEventListener("click", whole);
  svg.addEventListener("wheel", (ev) => {
    if (!ev.ctrlKey) return; // plain wheel scrolls the page
    ev.preventDefault();
    zoomAt(Math.exp(-ev.deltaY / 200), toMap(ev.clientX, ev.clientY));
  }, { passive: false });

  const pointers = new Map();
  let moved = false;
  let pinch = null;
  svg.addEventListener("pointerdown", (ev) => {
    pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    if (pointers.size === 1) moved = false;
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = { d: Math.hypot(a.x - b.x, a.y - b.y), w: vb.w };
    }
  });
  svg.addEventListener("pointermove", (ev) => {
    const last = pointers.get(ev.pointerId);
    if (!last) return;
    const now = { x: ev.clientX, y: ev.clientY };
    if (pointers.size === 2 && pinch) {
      pointers.set(ev.pointerId, now);
      const [a, b] = [...pointers.values()];
      const d = Math.hypot(a.x - b.x, a.y - b.y);
      const mid = toMap((a.x + b.x) / 2, (a.y + b.y) / 2);
      if (pinch.d > 0) zoomAt(d / pinch.d, mid); // fingers apart: closer in
      pinch = { d, w: vb.w };
      moved = true;
      return;
    }
    const r = svg.getBoundingClientRect();
    const dx = now.x - last.x, dy = now.y - last.y;
    if (!moved && Math.hypot(dx, dy) < 6) return; // a tap, not a drag
    moved = true;
    pointers.set(ev.pointerId, now);
    vb.x -= dx / r.width * vb.w;
    vb.y -= dy / r.height * vb.h;
    apply();
  });
  const up = (ev) => { pointers.delete(ev.pointerId); if (pointers.size < 2) pinch = null; };
  svg.addEventListener("pointerup", up);
  svg.addEventListener("pointercancel", up);
  // A drag or pinch ends with a click event: it must not choose a target.
  svg.addEventListener("click", (ev) => { if (moved) { ev.stopPropagation(); ev.preventDefault(); moved = false; } }, true);

  return {
    // Show a box of the map (the highlighted targets), as large as fits, not past the limits.
    fitTo(box, pad = 40) {
      const w = Math.max(box.w + 2 * pad, (box.h + 2 * pad) / aspect(), minW * 1.6);
      vb = { x: box.x + box.w / 2 - w / 2, y: box.y + box.h / 2 - w * aspect() / 2, w, h: 0 };
      apply();
    },
    reset: whole,
    zoomed: () => vb.w < full.w - 1,
  };
}
