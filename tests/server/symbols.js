// Evaluated in the page by tests/server/symbols.py (issue 30): every visible text with a
// symbol or an abbreviation that nothing near it explains (see that module).
async () => {
  // Looked at after the page's next two frames: the tooltips of what was just drawn are
  // attached in the first (static/tips.js), and on a loaded machine a frame can be late.
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const symbol = /[\p{So}\p{Sm}]/u;
  const plain = new Set(["×", "+", "−", "=", "±", "~", "<", ">", "|", "÷"]);
  const abbreviations = [/\b\d+\/\d+\b/, /#\d/, /\b[sS]\d\b/, /(?:^|[\s(])(?=[IV/]*[IV])(?=[IV]*\/|[IV]{2})[IV/]+(?=[\s)]|$)/, /\b[A-Z]{1,2}\d{1,2}\b/];
  // A name counts where assistive technology reads it: on a control, an image, an SVG
  // element or anything with a role (a plain <div>'s aria-label is ignored).
  const named = (node) => node.hasAttribute("role") || /^(BUTTON|A|INPUT|SELECT|IMG|LABEL|SUMMARY)$/.test(node.tagName) || node.namespaceURI === "http://www.w3.org/2000/svg";
  const explains = (node) => node.nodeType === 1 && (node.hasAttribute("data-tip") || (node.getAttribute("title") ?? "").trim() || node.hasAttribute("aria-description") || node.hasAttribute("aria-describedby") || [...node.children].some((k) => k.tagName === "title")
    || ((node.hasAttribute("aria-label") || node.hasAttribute("aria-labelledby")) && named(node)));
  // The tooltip is itself the explanation. The game log's lines are the engine's record in the booklets' notation; issue 31
  // redraws the log as a side log (#sidelog, and its last line on a phone, #last-move), so it is not checked here.
  const hidden = (node) => node.closest?.("[aria-hidden=true], [hidden], script, style, template, head, option, #log, .log-panel, .sh-log, #sidelog, #last-move, #tip");
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const text = walker.currentNode;
    const value = text.nodeValue;
    if (!value.trim()) continue;
    const parent = text.parentElement;
    if (!parent || hidden(parent)) continue;
    const box = parent.getBoundingClientRect();
    if (!box.width && !box.height && parent.namespaceURI !== "http://www.w3.org/2000/svg") continue;
    if (getComputedStyle(parent).visibility === "hidden" || getComputedStyle(parent).display === "none") continue;
    // Inside a sentence (five words or more, in its paragraph) an arrow ("money ¥2,000 →
    // ¥1,700") reads "becomes", a comparison or rounding sign reads as maths, and a number
    // or a grid code ("stock #2", "where A1 and B1 meet") is read in its sentence: prose.
    const block = parent.closest("p, li, dd, td, figcaption, blockquote") ?? parent;
    const sentence = value.trim().split(/\s+/).length >= 5 || ((block.textContent ?? "").match(/\p{L}{2,}/gu) ?? []).length >= 5;
    const prose = (ch) => sentence && (ch === "→" || ch === "←" || /\p{Sm}/u.test(ch));
    const tokens = [...value].filter((ch) => symbol.test(ch) && !plain.has(ch) && !prose(ch));
    abbreviations.forEach((re, i) => { const m = value.match(re); if (m && !(sentence && (i === 1 || i === 4))) tokens.push(m[0].trim()); });
    if (!tokens.length) continue;
    let explained = false;
    for (let node = parent, depth = 0; node && node !== document.body && depth < 3; node = node.parentElement, depth++) {
      if (explains(node)) { explained = true; break; }
    }
    if (!explained) out.push({ tokens: [...new Set(tokens)].join(" "), text: value.trim().slice(0, 80), where: parent.closest("[id]")?.id ?? parent.tagName });
  }
  return out;
}
