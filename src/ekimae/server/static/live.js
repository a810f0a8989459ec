// A game page's live connection, the same for every game: the WebSocket, reconnecting,
// the buttons disabled while an action is unanswered, refusals shown, a withdrawn link;
// the chat and turn notifications (table_extras.js) where the page includes them; and
// following the game (follow.js, issue 31): the side log, the marks of the others' moves,
// and a pace, so that a burst of bots' moves is shown one move at a time. A finished
// game's page in replay mode (base.html's <main data-replay>) steps through the game
// instead (replay.js), drawn by the same `render`.
import { initExtras } from "/static/table_extras.js";
import { t } from "/static/i18n.js";
import { initFollow } from "/static/follow.js";
import { initReplayMode } from "/static/replay.js";

// A lesson (static/learn.js) may hold back an action the lesson does not expect now:
// `guard(action)` returns why (shown as the page's error) or null to let it go.
let guard = null;
export function setGuard(fn) { guard = fn; }

// Why this seat's own last action has no Undo (issue 26): it drew, or it showed the seat
// something hidden (the last sealed bid reveals them all). Shown beside the Undo button.
const FINAL = {
  chance: () => t("Your last action drew by chance: it cannot be taken back."),
  hidden: () => t("Your last action showed what was hidden: it cannot be taken back."),
};

// Shared parts (learn.js, tips.js) follow the same pushes, after the page drew them.
const announce = (name, msg) => document.dispatchEvent(new CustomEvent(name, { detail: msg }));

function showFinal(msg) {
  const undo = document.getElementById("undo");
  if (!undo) return;
  let note = document.getElementById("undo-final");
  if (!note) {
    note = document.createElement("span");
    note.id = "undo-final";
    note.className = "undo-final";
    undo.after(note);
  }
  note.textContent = FINAL[msg.undo_final]?.() ?? "";
}

export function connectTable(cfg, render, buttons = "#actions button, #undo") {
  const replayTotal = document.querySelector("main[data-replay]")?.dataset.replay;
  const follow = initFollow(cfg, { replay: replayTotal !== undefined });
  const show = (msg) => {
    follow.update(msg);
    render(msg);
    follow.after(msg);
  };
  // A replay's step is described like a live push (tips.js), but no lesson follows it.
  const replayShow = (msg) => { show(msg); announce("ekimae:replay", msg); };
  if (replayTotal !== undefined) return initReplayMode(cfg, replayShow, Number(replayTotal), follow);

  let socket = null;
  let latest = null; // the update on the page (what the buttons were drawn from)
  let retry = 500;
  // An action sent and not yet answered (ack or error): its buttons stay disabled, so a
  // double click or a click on a page about to change cannot send a second, stale action.
  let pending = false;
  const extras = initExtras(cfg); // null without templates/table_extras.html
  const error = (text) => { const box = document.getElementById("error"); if (box) box.textContent = text; };
  const setPending = (on) => {
    pending = on;
    document.body.dataset.pending = on ? "1" : "";
    // A page that knows a button is not legal now marks it data-legal="0": the end of a
    // wait must not make it look clickable.
    for (const b of document.querySelectorAll(buttons)) b.disabled = on || b.dataset.legal === "0";
  };

  // Updates are drawn in order; after another seat's move the next waits `paceMs`, so
  // that each move of a bot answering at once is seen (never in real-time games).
  const queue = [];
  let holding = null;
  let shownAt = 0;
  let othersLast = false;
  const draw = (msg) => {
    const before = latest;
    latest = msg;
    show(msg);
    showFinal(msg);
    setPending(pending);
    if (msg.closed) document.getElementById("status").textContent = t("An administrator closed this game: it takes no more actions.");
    announce("ekimae:state", msg);
    if (msg.chat) extras?.onHistory(msg.chat); // the first push after (re)connecting
    extras?.onState(msg);
    othersLast = follow.othersMove(msg, before);
    shownAt = performance.now();
    document.body.dataset.queued = String(queue.length);
  };
  const drain = () => {
    if (holding !== null) return;
    while (queue.length) {
      const wait = othersLast ? follow.paceMs() - (performance.now() - shownAt) : 0;
      if (wait > 0) {
        document.body.dataset.queued = String(queue.length); // held back for the pace
        holding = setTimeout(() => { holding = null; drain(); }, wait);
        return;
      }
      draw(queue.shift());
    }
  };

  const connect = () => {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    // The page's language (<html lang>) goes with the socket, so the server's sentences
    // (prompts, labels) come in it even when only ?lang= chose it.
    const q = new URLSearchParams({ ...(cfg.token ? { token: cfg.token } : {}), lang: document.documentElement.lang || "en" });
    socket = new WebSocket(`${proto}://${location.host}/ws/${cfg.gameId}?${q}`);
    socket.onopen = () => { retry = 500; };
    socket.onmessage = (ev) => {
      const msg = JSON.parse(ev.data);
      if (msg.type === "state") {
        // A reconnection's first update is drawn at once: it replaces whatever waited.
        if (msg.chat) { queue.length = 0; clearTimeout(holding); holding = null; othersLast = false; }
        queue.push(msg);
        drain();
      }
      else if (msg.type === "chat") extras?.onChat(msg.message);
      else if (msg.type === "chat-hidden") extras?.onChatHidden(msg.id);
      else if (msg.type === "error" && msg.about === "chat") extras?.onChatError(msg.error);
      else if (msg.type === "error") { setPending(false); error(t("Refused: {reason}", { reason: msg.error.message })); }
      else if (msg.type === "ack" || msg.type === "undone") setPending(false);
    };
    // Resume on a dropped connection: the server pushes the full current view on connect,
    // which also tells whether an unanswered action was taken.
    socket.onclose = (ev) => {
      if (ev.code === 4404) {
        document.getElementById("status").textContent = t("An administrator deleted this game.");
        return;
      }
      if (ev.code === 4403) {
        // The host withdrew this seat's link (or it was never valid): reconnecting cannot help.
        document.getElementById("status").textContent = t("This link no longer opens a seat: the host withdrew it. Ask them for a new invitation.");
        return;
      }
      setPending(false);
      document.getElementById("status").textContent = t("Connection lost — reconnecting…");
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    };
  };
  const post = (message) => { error(""); setPending(true); socket.send(JSON.stringify(message)); };
  connect();
  return {
    latest: () => latest,
    // In a step where seats act at once (sealed bids, real time), `seq` (this seat's own
    // count) keeps one seat's action from making another's stale; else the game-wide
    // `expected`. The key makes a resent message harmless.
    send: (action) => {
      const why = guard?.(action);
      if (why) { setPending(false); error(why); return; }
      post({ type: "act", action, ...(latest.simultaneous ? { seq: latest.seq } : { expected: latest.actions }), key: crypto.randomUUID() });
    },
    // `expected` makes the server refuse if anyone acted since this page last heard.
    undo: () => post({ type: "undo", expected: latest.actions }),
  };
}
