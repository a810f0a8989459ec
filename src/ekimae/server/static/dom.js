// DOM helpers every page shares. Pure DOM, no framework.
export const el = (tag, attrs = {}, ...kids) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") node.textContent = v; else if (k.startsWith("on")) node.addEventListener(k.slice(2), v); else node.setAttribute(k, v);
  }
  for (const kid of kids) node.append(kid);
  return node;
};
export { yen } from "/static/i18n.js"; // per the page's language
export const seatName = (names, s) => `${s + 1} ${names[s] ?? ""}`;
