// CHOCOLATE MILK's replay: the board at each step, as everyone or one seat saw it.
import { el } from "/static/dom.js";
import { initStepper } from "/static/stepper.js";
import { translateBoard } from "/static/titles/chocolate_milk/drawing.js";

export function initReplay(gameId, total) {
  initStepper(gameId, total, (data) => {
    document.getElementById("board").innerHTML = data.overlay ?? "";
    translateBoard(document.getElementById("board"));
    document.getElementById("choices-panel").hidden = data.seat === null;
    document.getElementById("choices").replaceChildren(...data.legal.map((a) => el("li", { text: a.label ?? a.text })));
  });
}
