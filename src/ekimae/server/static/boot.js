// Every page's start (issue 26): pages carry no inline script, so the Content-Security-
// Policy can forbid them all. A template names the module and the function that start
// it, with their arguments as JSON, in <script type="application/json" class="page-start">
// (server/headers.py's page_start); they run here in the page's order.
for (const block of document.querySelectorAll("script.page-start")) {
  const { module, start, args } = JSON.parse(block.textContent);
  if (!module.startsWith("/static/")) continue;
  const loaded = await import(module);
  loaded[start](...(args ?? []));
}
