// The parts every game page shares beside its table: the chat, turn notifications (the
// tab's title, the browser's notification, e-mail and webhook settings) and, where the
// page has none of its own, the rematch button. Started by live.js's connectTable when
// templates/table_extras.html is on the page. Text is only ever set as text, never HTML.
import { el } from "/static/dom.js";
import { t } from "/static/i18n.js";

const byId = (id) => document.getElementById(id);
const who = (m) => `${t("Seat {n}", { n: m.seat + 1 })} ${m.name}`;
const errorText = (data, res) => data?.error?.message ?? (typeof data?.detail === "string" ? data.detail : t("refused ({status})", { status: res.status }));

async function call(method, url, body) {
  const res = await fetch(url, { method, headers: { "content-type": "application/json" }, body: body && JSON.stringify(body) });
  let data = null;
  try { data = await res.json(); } catch { /* not JSON */ }
  return { ok: res.ok, data, error: res.ok ? "" : errorText(data, res) };
}

// The chat log: messages in id order, each once (a message can arrive both in the answer
// to its post and on the socket).
function chatLog() {
  const log = byId("chat-log");
  const seen = new Set();
  const add = (m) => {
    if (seen.has(m.id)) return;
    seen.add(m.id);
    log.querySelector(".chat-empty")?.remove();
    const time = m.at ? new Date(m.at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) : "";
    log.append(el("li", { class: "chat-msg", "data-id": m.id, "data-seat": m.seat, title: m.at ?? "" },
      el("span", { class: "chat-who", text: who(m) }), ": ", el("span", { class: "chat-text", text: m.text }),
      time ? el("span", { class: "chat-time", text: ` ${time}` }) : ""));
    log.scrollTop = log.scrollHeight;
  };
  return {
    add,
    // A message an administrator hid: off the page (the server sends it no more).
    remove: (id) => log.querySelector(`li.chat-msg[data-id="${Number(id)}"]`)?.remove(),
    reset: (messages) => {
      seen.clear();
      log.replaceChildren(...(messages.length ? [] : [el("li", { class: "chat-empty", text: t("No messages yet.") })]));
      messages.forEach(add);
    },
  };
}

// A replay page: the finished game's chat, read only.
export async function showChat(gameId) {
  if (!byId("chat-log")) return;
  const { ok, data } = await call("GET", `/api/games/${encodeURIComponent(gameId)}/chat`);
  if (ok) chatLog().reset(data.messages);
}

export function initExtras(cfg) {
  const root = byId("table-extras");
  if (!root || root.dataset.readonly) return null;
  const api = `/api/games/${encodeURIComponent(cfg.gameId)}`;
  const seat = Boolean(cfg.token);
  const log = chatLog();
  const chatError = (text) => { byId("chat-error").textContent = text; };

  // ---- chat
  byId("chat-form").hidden = !seat;
  byId("chat-note").hidden = seat;
  byId("chat-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const input = byId("chat-text");
    if (!input.value.trim()) { chatError(t("An empty message is not sent: write something first.")); return; }
    const { ok, data, error } = await call("POST", `${api}/chat`, { token: cfg.token, text: input.value });
    if (!ok) { chatError(error); return; }
    chatError("");
    input.value = "";
    log.add(data.message);
  });

  // ---- the tab's title and the browser's notification
  const baseTitle = document.title;
  let wasMine = null; // unknown until the first state: opening the page notifies nobody
  const browserState = byId("notify-browser-state");
  const showPermission = () => {
    if (!("Notification" in window)) { browserState.textContent = t("this browser has no notifications"); byId("notify-browser").disabled = true; return; }
    browserState.textContent = { granted: t("on: shown when it becomes your turn while this tab is hidden"), denied: t("blocked in the browser's site settings"), default: "" }[Notification.permission] ?? "";
    byId("notify-browser").hidden = !seat || Notification.permission === "granted";
  };
  byId("notify-browser").addEventListener("click", async () => { await Notification.requestPermission(); showPermission(); });
  showPermission();

  // ---- e-mail and webhook (this seat's own settings, never pushed to anyone)
  const form = byId("notify-form");
  byId("notify-panel").hidden = !seat;
  form.hidden = !seat;
  if (seat) {
    call("GET", `${api}/notify?token=${encodeURIComponent(cfg.token)}`).then(({ ok, data }) => {
      if (!ok) return;
      byId("notify-email").value = data.email ?? "";
      byId("notify-webhook").value = data.webhook ?? "";
      if (!data.email_available) {
        byId("notify-email").disabled = true;
        byId("notify-email").title = t("this server sends no e-mail");
        byId("notify-email").placeholder = t("this server sends no e-mail");
      }
    });
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const body = { token: cfg.token, webhook: byId("notify-webhook").value.trim() || null };
      if (!byId("notify-email").disabled) body.email = byId("notify-email").value.trim() || null;
      const { ok, error } = await call("POST", `${api}/notify`, body);
      byId("notify-result").textContent = ok ? t("Saved.") : t("Not saved: {reason}", { reason: error });
    });
  }

  // ---- rematch (pages without their own control)
  const rematchBox = byId("rematch-box");
  const drawRematch = (msg) => {
    // The end screen (endscreen.js) has its own rematch control: one is enough.
    if (!root.dataset.rematch || !msg.finished || document.querySelector("[data-end-rematch]")) { rematchBox.hidden = true; return; }
    rematchBox.hidden = false;
    if (!seat) {
      rematchBox.replaceChildren(msg.rematch ? el("p", {}, `${t("A rematch has started:")} `, el("a", { href: `/g/${msg.rematch}`, text: t("watch it") })) : "");
      return;
    }
    const button = el("button", { type: "button", id: "rematch", text: msg.rematch ? t("Join the rematch") : t("Rematch with the same seats") });
    button.addEventListener("click", async () => {
      button.disabled = true;
      const { ok, data, error } = await call("POST", `${api}/rematch`, { token: cfg.token });
      if (ok) location.assign(data.url); else { button.disabled = false; chatError(error); }
    });
    rematchBox.replaceChildren(button);
  };

  return {
    onState(msg) {
      const mine = seat && !msg.finished && msg.legal.length > 0;
      document.title = mine ? `● ${t("Your turn")} — ${baseTitle}` : baseTitle;
      document.body.dataset.yourTurn = mine ? "1" : "";
      if (mine && wasMine === false && document.hidden && "Notification" in window && Notification.permission === "granted") {
        new Notification(`${t("Your turn")} — ${msg.title}`, { body: t("Game {game}: seat {n} {name}", { game: msg.game_id, n: msg.seat + 1, name: msg.names[msg.seat] }), tag: `ekimae-${msg.game_id}` });
      }
      wasMine = mine;
      drawRematch(msg);
    },
    onChat: (message) => log.add(message),
    onHistory: (messages) => log.reset(messages),
    onChatHidden: (id) => log.remove(id),
    onChatError: (error) => chatError(t("Not sent: {reason}", { reason: error.message })),
  };
}
