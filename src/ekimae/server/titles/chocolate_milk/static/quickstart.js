// The rules page's picture (issue 30): the table as board.py draws it for the game page,
// its texts said in the page's language as the game page says them.
import { translateBoard } from "/static/titles/chocolate_milk/drawing.js";

export function draw(node) { translateBoard(node); }
