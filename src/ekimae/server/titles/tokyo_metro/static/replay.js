import { el, setOverlay, renderPlayers, renderLines, renderCardGrid, drawWith } from "/static/titles/tokyo_metro/common.js";
import { initStepper } from "/static/stepper.js";

export async function initReplay(gameId, total, components = null) {
  // The components of this game's map and card set come with the page (MOD-1).
  const comp = components ?? await (await fetch("/api/titles/tokyo-metro/components")).json();
  drawWith(comp);
  initStepper(gameId, total, (data) => {
    setOverlay(data.overlay);
    renderPlayers(document.getElementById("players"), data.view, data.names, data.seat, comp);
    renderLines(document.getElementById("lines-table"), data.view, data.names, comp);
    // The card grid drawn as on the game page (nothing to click in a replay).
    renderCardGrid(document.getElementById("cards"), data.view, comp, data.seat);
    document.getElementById("log").replaceChildren(...data.view.log.map((line) => el("li", { text: line })));
    // From one seat's view, what that seat could have chosen at this point.
    document.getElementById("choices-panel").hidden = data.seat === null;
    document.getElementById("choices").replaceChildren(...data.legal.map((a) => el("li", { text: a.label ?? a.text })));
  });
}
