// Tooltips on every component (issue 30), the same for every page: hover on a desktop,
// tap and hold on a phone, focus by keyboard. Each says what the piece is, its state now
// in words, and the rule in one sentence with a link to the rule's page.
//
// A title describes its pieces in `/static/titles/<title>/tips.js`, which exports `TIPS`:
// a list of { select: a CSS selector, describe: (node, msg) => { name, state, rule, id } |
// null }, where msg is the page's last push (static/live.js sends it as the
// "ekimae:state" event; a replay's step, "ekimae:replay", comes the same way) and id
// the rule's ID (TM-7.4), shown only as a link. After every push every matching node is
// described: its words go in `aria-description` (so a screen reader reads them too) and
// the tooltip shows them.
//
// Rule IDs in running text become links to their rule (`/rules/<game>#ID`), wherever a
// page writes them (prompts, refusals, headings): IDs are for lookups, never prose.
import { el } from "/static/dom.js";
import { t, lang } from "/static/i18n.js";

const GAME = document.body.dataset.game ?? null;
const RULE = /\b(TM|OS|MD|MOD|SOLO|IZ|JU|CD|BB|SH|CM|QD|SA)-\d+(?:\.\d+)?[a-z]?\b/g;
// Which rules page holds a prefix's rules (docs/rules/<game>.md).
const PAGE = { TM: "tokyo-metro", OS: "tokyo-metro", MD: "tokyo-metro", MOD: "tokyo-metro", SOLO: "tokyo-metro", JU: "tokyo-jutaku", CD: "countdown", BB: "bottle-bonus", IZ: "izakaya", SH: "shopping", CM: "chocolate-milk", QD: "quick-draw", SA: "sealed-auction" };

export const ruleUrl = (id) => `/rules/${PAGE[id.split("-")[0]] ?? GAME}${lang === "en" ? "" : `?lang=${lang}`}#${id}`;
export const ruleLink = (id) => el("a", { href: ruleUrl(id), class: "rule-link", target: "_blank", rel: "noopener", title: t("The rule in full") }, id);

const described = new WeakMap(); // node -> its description
let specs = [];
let latest = null;

// ---------------------------------------------------------------- describing the pieces

function annotate() {
  if (!latest && specs.length) return;
  for (const spec of specs) {
    for (const node of document.querySelectorAll(spec.select)) {
      let found = null;
      try { found = spec.describe(node, latest); } catch { found = null; }
      // A title may describe from data it fetches once (a promise the first time).
      if (found && typeof found.then === "function") found.then((tip) => describe(node, tip, spec), () => {});
      else describe(node, found, spec);
    }
  }
}

function describe(node, tip, spec) {
  if (!tip || !node.isConnected) return;
  described.set(node, tip);
  node.dataset.tip = "1";
  node.setAttribute("aria-description", [tip.name, tip.state, tip.rule].filter(Boolean).join(". ").replace(/\.\./g, "."));
  // An SVG <title> or a title attribute is the browser's own tooltip: ours replaces
  // it, not doubles it (its words stay the piece's accessible name).
  const title = [...node.children].find((k) => k.tagName === "title");
  if (title) { if (!node.getAttribute("aria-label")) node.setAttribute("aria-label", title.textContent); title.remove(); }
  if (node.hasAttribute("title")) { if (!node.getAttribute("aria-label")) node.setAttribute("aria-label", node.getAttribute("title")); node.removeAttribute("title"); }
  if (!node.hasAttribute("tabindex") && !/^(A|BUTTON|INPUT|SELECT)$/.test(node.tagName) && spec.focus !== false) node.setAttribute("tabindex", "0");
}

// ---------------------------------------------------------------- rule IDs as links

const SKIP = new Set(["A", "SCRIPT", "STYLE", "BUTTON", "OPTION", "SELECT", "TEXTAREA", "TITLE", "text", "tspan"]);

function linkRules(root) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => {
      for (let p = node.parentNode; p && p !== root.parentNode; p = p.parentNode) {
        if (SKIP.has(p.nodeName) || p.namespaceURI === "http://www.w3.org/2000/svg" || p.id === "tip") return NodeFilter.FILTER_REJECT;
      }
      RULE.lastIndex = 0;
      return RULE.test(node.nodeValue) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP;
    },
  });
  const found = [];
  while (walker.nextNode()) found.push(walker.currentNode);
  for (const node of found) {
    const parts = [];
    let at = 0;
    for (const match of node.nodeValue.matchAll(RULE)) {
      parts.push(node.nodeValue.slice(at, match.index), ruleLink(match[0]));
      at = match.index + match[0].length;
    }
    parts.push(node.nodeValue.slice(at));
    node.replaceWith(...parts.filter((p) => p !== ""));
  }
}

// ---------------------------------------------------------------- showing a tooltip

const box = el("div", { id: "tip", class: "tip", role: "tooltip", hidden: "" });
let shownFor = null;
let hideTimer = 0;
let showTimer = 0;

function show(node, x, y) {
  const tip = described.get(node);
  if (!tip) return;
  clearTimeout(hideTimer);
  shownFor = node;
  box.replaceChildren(
    el("strong", { class: "tip-name", text: tip.name }),
    tip.state ? el("p", { class: "tip-state", text: tip.state }) : "",
    tip.rule ? el("p", { class: "tip-rule" }, `${tip.rule} `, tip.id ? ruleLink(tip.id) : "") : "");
  box.hidden = false;
  const r = node.getBoundingClientRect();
  const w = box.offsetWidth, h = box.offsetHeight, m = 6;
  let left = x ?? r.left + r.width / 2 - w / 2;
  let top = (y ?? r.bottom) + 12;
  if (top + h > innerHeight - m) top = (y ?? r.top) - h - 12;
  left = Math.min(Math.max(m, left), innerWidth - w - m);
  top = Math.min(Math.max(m, top), innerHeight - h - m);
  box.style.left = `${Math.round(left + scrollX)}px`;
  box.style.top = `${Math.round(top + scrollY)}px`;
}

function hide(now = false) {
  clearTimeout(showTimer);
  clearTimeout(hideTimer);
  const go = () => { box.hidden = true; shownFor = null; };
  if (now) go(); else hideTimer = setTimeout(go, 250);
}

const tipOf = (target) => target?.closest?.("[data-tip]") ?? null;

function listen() {
  document.body.append(box);
  box.addEventListener("pointerenter", () => clearTimeout(hideTimer));
  box.addEventListener("pointerleave", () => hide());
  document.addEventListener("pointerover", (ev) => {
    if (ev.pointerType === "touch") return;
    const node = tipOf(ev.target);
    if (!node) { if (shownFor && !box.contains(ev.target)) hide(); return; }
    if (node === shownFor) { clearTimeout(hideTimer); return; }
    clearTimeout(showTimer);
    showTimer = setTimeout(() => show(node, ev.clientX, ev.clientY), 350);
  });
  document.addEventListener("pointerout", (ev) => {
    if (ev.pointerType === "touch") return;
    if (tipOf(ev.target) && !tipOf(ev.relatedTarget)) { clearTimeout(showTimer); if (!box.contains(ev.relatedTarget)) hide(); }
  });
  document.addEventListener("focusin", (ev) => { const node = tipOf(ev.target); if (node && described.get(node)) show(node); else if (!box.contains(ev.target)) hide(true); });
  document.addEventListener("keydown", (ev) => { if (ev.key === "Escape") hide(true); });
  // A phone: tap and hold shows the tooltip (and that touch does not also click).
  let press = null;
  let swallow = false;
  document.addEventListener("pointerdown", (ev) => {
    if (ev.pointerType !== "touch") return;
    const node = tipOf(ev.target);
    if (!node) { if (!box.contains(ev.target)) hide(true); return; }
    press = { x: ev.clientX, y: ev.clientY, timer: setTimeout(() => { swallow = true; show(node, ev.clientX, ev.clientY); }, 500) };
  });
  const cancel = (ev) => { if (press && (ev.type !== "pointermove" || Math.hypot(ev.clientX - press.x, ev.clientY - press.y) > 10)) { clearTimeout(press.timer); press = null; } };
  document.addEventListener("pointermove", cancel);
  document.addEventListener("pointerup", cancel);
  document.addEventListener("pointercancel", cancel);
  document.addEventListener("click", (ev) => { if (swallow) { swallow = false; ev.preventDefault(); ev.stopPropagation(); } }, true);
  document.addEventListener("contextmenu", (ev) => { if (tipOf(ev.target) && ev.pointerType !== "mouse") ev.preventDefault(); });
}

// ---------------------------------------------------------------- start

let queued = false;
function refresh() {
  if (queued) return;
  queued = true;
  requestAnimationFrame(() => {
    queued = false;
    annotate();
    linkRules(document.querySelector("main") ?? document.body);
    if (shownFor && !shownFor.isConnected) hide(true);
  });
}

async function start() {
  // Listen first: the page's first push may come while the title's module loads.
  document.addEventListener("ekimae:state", (ev) => { latest = ev.detail; refresh(); });
  document.addEventListener("ekimae:replay", (ev) => { latest = ev.detail; refresh(); }); // a replay's step
  listen();
  if (GAME) {
    try {
      ({ TIPS: specs = [] } = await import(`/static/titles/${GAME.replaceAll("-", "_")}/tips.js`));
    } catch { specs = []; } // a title without tooltips of its own: rule links only
  }
  // The tooltip's own redraw (every focus by keyboard shows one) changes no piece: the
  // page is described again only when something else changed (a Tab cost the page
  // three times the CPU when every tooltip shown re-described every piece).
  new MutationObserver((records) => { if (records.some((r) => !box.contains(r.target))) refresh(); })
    .observe(document.body, { childList: true, subtree: true, characterData: true });
  refresh();
}

start();
