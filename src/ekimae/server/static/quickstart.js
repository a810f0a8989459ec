// The rules pages' quick start (issue 30; server/quickstart.py): each picture a title
// draws in the page (`<div data-quick="<title module>" data-draw=…>`) is handed to that
// title's /static/titles/<module>/quickstart.js, which draws it with the game page's own
// code, or says a server-drawn board's texts in the page's language.
for (const node of document.querySelectorAll("[data-quick]")) {
  import(`/static/titles/${node.dataset.quick}/quickstart.js`)
    .then(({ draw }) => draw(node, JSON.parse(node.dataset.draw ?? "null")))
    .catch(() => {}); // no picture beats a broken page
}
