import { el } from "/static/dom.js";
import { t } from "/static/i18n.js";

// What this browser holds: its own seats' links and the games it hosts. Never another
// person's seat: each friend gets an invitation and their seat's secret is made for them.
const MINE = "ekimae.mySeats";
const HOSTED = "ekimae.hosted";
export const mySeats = () => JSON.parse(localStorage.getItem(MINE) || "[]");
const hosted = () => JSON.parse(localStorage.getItem(HOSTED) || "[]");
export function rememberSeat(entry) {
  localStorage.setItem(MINE, JSON.stringify([...mySeats().filter((m) => m.url !== entry.url), entry]));
}

// The bots' levels in words (issue 30; the same words as the /learn page's).
const LEVEL_WORDS = { learning: t("learning"), casual: t("casual"), strong: t("strong"), expert: t("expert") };
const LEVEL_HELP = {
  learning: t("Plays the sensible move most of the time and often a weaker one, as a newcomer does; in the real-time games it builds slowly. For your first games: you should win about half of them."),
  casual: t("Always plays the move that looks best right now, without looking further ahead. A fair game once you know the rules."),
  strong: t("Looks ahead: tries its best moves by playing the game out to the end many times. Hard to beat."),
  expert: t("The strongest: looks further ahead, with a better model of the other players, and takes longer to think."),
};

const copyButton = (url) => el("button", { type: "button", class: "copy", text: t("Copy"), onclick: () => navigator.clipboard?.writeText(url) });

export function initLobby(titles) {
  const gamePick = document.getElementById("game");
  const count = document.getElementById("count");
  const seats = document.getElementById("seats");
  const options = document.getElementById("options");
  const title = () => titles.find((x) => x.name === gamePick.value) ?? titles[0];
  // Everything below comes from the game's own description: seats, options, bots.
  const drawGame = () => {
    const info = title();
    // A game's description is its own (English); the catalogue has it in every language
    // (ekimae.i18n.extract reads the games' descriptions).
    document.getElementById("game-summary").textContent = t(info.summary);
    const wanted = Math.min(Math.max(Number(count.value) || 3, info.min_seats), info.max_seats);
    const counts = [];
    for (let n = info.min_seats; n <= info.max_seats; n++) counts.push(el("option", { value: n, text: n }));
    count.replaceChildren(...counts);
    count.value = String(wanted);
    options.hidden = !info.options.length;
    options.replaceChildren(el("legend", { text: t("Options") }), ...info.options.map((o) => el("label", { title: t(o.help) }, `${t(o.label)} `,
      el("select", { name: `option-${o.name}`, "data-option": o.name }, ...o.choices.map((c) => el("option", { value: c, text: t(c) }))), " ")));
    for (const o of info.options) options.querySelector(`[data-option="${o.name}"]`).value = o.default;
    drawSeats();
  };
  const drawSeats = () => {
    const bots = title().bots;
    const levels = title().levels ?? []; // [{ level: "learning", bot: "beginner" }, …], weakest first
    const named = new Set(levels.map((l) => l.bot));
    const rows = [];
    for (let i = 0; i < Number(count.value); i++) {
      // Issue 30: the levels in words first (learning, casual, strong, expert), then the
      // ladder's other bots by their names.
      const byLevel = levels.map(({ level, bot }) => el("option", { value: bot, text: t("bot: {bot}", { bot: LEVEL_WORDS[level] ?? level }) }));
      const others = bots.filter((b) => !named.has(b)).map((b) => el("option", { value: b, text: t("bot: {bot}", { bot: b }) }));
      const who = el("select", { name: `bot${i}`, "aria-label": t("seat {n} player", { n: i + 1 }) }, el("option", { value: "", text: t("person") }),
        ...byLevel, ...(byLevel.length && others.length ? [el("optgroup", { label: t("other bots") }, ...others)] : others));
      // The server names each game's default level (`learning`, else `normal`, else its ladder's middle).
      if (i > 0) who.value = title().default_bot ?? bots[0];
      rows.push(el("div", {}, el("label", { text: `${t("Seat {n}", { n: i + 1 })} ` }, el("input", { name: `name${i}`, placeholder: i === 0 ? t("You") : t("Player {n}", { n: i + 1 }), "aria-label": t("seat {n} name", { n: i + 1 }) })), " ", who));
    }
    const words = levels.map(({ level }) => el("li", {}, el("strong", { text: LEVEL_WORDS[level] ?? level }), `: ${LEVEL_HELP[level] ?? ""}`));
    const help = words.length ? [el("details", { class: "levels-help" }, el("summary", { text: t("What the bots do") }), el("ul", {}, ...words))] : [];
    seats.replaceChildren(el("legend", { text: t("Seats (seat 1 is yours)") }), ...rows, ...help);
  };
  gamePick.addEventListener("change", drawGame);
  count.addEventListener("change", drawSeats);
  // A title's card: "Play it" chooses it in the form below (issue 31).
  for (const button of document.querySelectorAll("[data-play]")) {
    button.addEventListener("click", () => {
      gamePick.value = button.dataset.play;
      drawGame();
      document.getElementById("new-game").scrollIntoView({ block: "start" });
      gamePick.focus({ preventScroll: true });
    });
  }
  drawGame();
  document.getElementById("create").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const form = new FormData(ev.target);
    const body = { game: gamePick.value, seats: [], listed: form.get("listed") === "on", options: {} };
    for (const o of title().options) body.options[o.name] = form.get(`option-${o.name}`);
    for (let i = 0; i < Number(count.value); i++) body.seats.push({ name: form.get(`name${i}`) || "", bot: form.get(`bot${i}`) || null });
    const res = await fetch("/api/games", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const data = await res.json();
    const links = document.getElementById("links");
    if (!res.ok) { links.textContent = t("Error: {detail}", { detail: typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail) }); return; }
    if (data.me) rememberSeat({ id: data.id, seat: data.me.seat, name: data.seats[data.me.seat].name, url: data.me.url });
    localStorage.setItem(HOSTED, JSON.stringify([...hosted(), { id: data.id, url: data.host_url }]));
    const invites = data.seats.filter((s) => s.invite_url).map((s) => {
      const url = location.origin + s.invite_url;
      return el("li", {}, `${t("Seat {n} ({name}):", { n: s.seat + 1, name: s.name })} `, el("a", { href: s.invite_url, class: "invite-link", text: url }), " ", copyButton(url));
    });
    links.replaceChildren(
      data.me ? el("p", {}, `${t("Your seat:")} `, el("a", { href: data.me.url, class: "seat-link", text: t("open game {game} as seat {n}", { game: data.id, n: data.me.seat + 1 }) })) : "",
      invites.length ? el("h2", { text: t("Invitations — send each friend theirs; a link seats one person, once") }) : "",
      invites.length ? el("ul", { class: "links" }, ...invites) : "",
      el("p", {}, `${t("Manage the seats later (re-send, withdraw a link, hand a seat to a bot):")} `, el("a", { href: data.host_url, class: "host-link", text: t("host page") })),
      el("p", {}, `${t("Spectators:")} `, el("a", { href: data.spectator_url, text: location.origin + data.spectator_url })));
    refresh();
  });
  refresh();
  // Whose turn it is changes while the lobby is open: poll while the tab is visible (and
  // at once when it becomes visible again). Only the lists are redrawn, never the form.
  setInterval(() => { if (document.visibilityState === "visible") refresh(); }, REFRESH_MS);
  drawRatings().catch(() => {});
  setInterval(() => { if (document.visibilityState === "visible") drawRatings().catch(() => {}); }, RATINGS_MS);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") refresh(); });
  // The form and the cards' buttons answer from here on (before, a click is the browser's own).
  document.body.dataset.lobbyReady = "1";
}

const REFRESH_MS = 4000;
const RATINGS_MS = 30000; // ratings change only when games finish

async function drawRatings() {
  const res = await fetch("/api/ratings?limit=20");
  if (!res.ok) return;
  const { players, bots } = await res.json();
  const none = (cols) => [el("tr", {}, el("td", { colspan: cols, text: t("No rated games yet.") }))];
  document.querySelector("#player-ratings tbody").replaceChildren(...(players.length ? players.map((r, i) => el("tr", {},
    el("td", { text: i + 1 }), el("td", { text: r.name }), el("td", { text: r.ordinal.toFixed(1) }), el("td", { text: r.games }))) : none(4)));
  document.querySelector("#bot-ratings tbody").replaceChildren(...(bots.length ? bots.map((r, i) => el("tr", {},
    el("td", { text: i + 1 }), el("td", { text: r.name }), el("td", { text: r.game }), el("td", { text: r.ordinal.toFixed(1) }), el("td", { text: r.games }))) : none(5)));
  document.body.dataset.ratingsDrawn = String(Date.now());
}
let refreshing = false;

async function refresh() {
  if (refreshing) return; // a slow answer: do not pile requests up
  refreshing = true;
  try { await drawLists(); } catch { /* offline for a moment: the next poll retries */ } finally { refreshing = false; }
}

async function drawLists() {
  const res = await fetch("/api/games");
  if (!res.ok) return;
  const games = await res.json();
  document.body.dataset.lobbyRefreshed = String(Date.now());
  const byId = Object.fromEntries(games.map((g) => [g.id, g]));
  const hosts = Object.fromEntries(hosted().map((h) => [h.id, h.url]));
  // Your games first, those where it is your turn before the others (issue 31).
  const order = (m) => { const g = byId[m.id]; return !g ? 3 : g.finished ? 2 : g.to_act.includes(m.seat) ? 0 : 1; };
  const mine = [...mySeats()].sort((a, b) => order(a) - order(b));
  document.getElementById("my-games").hidden = !mine.length;
  document.getElementById("mine").replaceChildren(...mine.map((m) => {
    const g = byId[m.id];
    const waiting = g ? g.to_act.filter((s) => s !== m.seat).map((s) => g.names[s]).join(", ") : "";
    const status = !g ? "" : g.finished ? t("finished") : g.to_act.includes(m.seat) ? t("your turn") : t("waiting for {names}", { names: waiting });
    return el("li", { class: `my-game${order(m) === 0 ? " my-turn" : ""}`, "data-status": ["turn", "waiting", "finished", "unknown"][order(m)] },
      el("a", { href: m.url, text: t("{game} seat {n} ({name})", { game: g?.title ? `${g.title} ${m.id}` : m.id, n: m.seat + 1, name: m.name }) }),
      status ? el("span", { class: "my-status", text: ` — ${status}` }) : "",
      g?.replay_url ? el("span", {}, " · ", el("a", { href: g.replay_url, class: "replay-link", text: t("Watch the replay") })) : "",
      hosts[m.id] ? el("span", {}, " · ", el("a", { href: hosts[m.id], class: "host-link", text: t("host page") })) : "");
  }));
  // Finished games, each with its replay.
  const done = games.filter((g) => g.finished);
  document.getElementById("finished").replaceChildren(...(done.length ? done.map((g) => el("li", {},
    el("a", { href: g.replay_url, class: "replay-link", text: `${g.title} ${g.id}` }), " — ",
    t("winner seat {n} {name}", { n: g.winner + 1, name: g.names[g.winner] ?? "" }),
    ` · ${g.names.join(", ")}`)) : [el("li", { text: t("No finished game yet.") })]));
  document.querySelector("#games tbody").replaceChildren(...games.map((g) => el("tr", {},
    el("td", {}, el("a", { href: g.spectator_url, text: g.id })),
    el("td", { text: g.title }),
    el("td", { text: g.names.map((n, i) => `${i + 1} ${n}${g.bots[i] ? ` ${t("(bot)")}` : ""}`).join(", ") + (g.practice ? ` · ${t("practice")}` : "") }),
    el("td", { text: g.actions }),
    el("td", { text: g.finished ? t("finished, winner seat {n} {name}", { n: g.winner + 1, name: g.names[g.winner] }) : t("to act: {seats}", { seats: g.to_act.map((s) => `${s + 1} ${g.names[s]}`).join(", ") }) }),
    el("td", {}, g.replay_url ? el("a", { href: g.replay_url, text: t("Watch the replay") }) : ""))));
}
