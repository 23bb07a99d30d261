/**
 * The page's scripts are fetched once the page has loaded (its styles and the first screen's
 * images), not while it loads. The server's markup is the page until they run, and hydrating waits
 * for the first paint anyway (entry.client.tsx); on a phone's slow link some 20 scripts shared it
 * with the cover image the page is measured by, even at low priority. React Router writes a
 * `modulepreload` link per script and one module script that imports the page's routes and starts
 * the app, with no way to defer them; so the server writes each inert
 * (`scripts-after-load.server.ts`), and `START_SCRIPTS` brings it to life when the page has loaded:
 * - a `modulepreload` link becomes `<template data-modulepreload="/assets/….js">`;
 * - the module script becomes a data block of type `DEFERRED_MODULE_TYPE`, copied into a module
 *   script of the same text and nonce.
 */
export const MODULE_PRELOAD_ATTRIBUTE = "data-modulepreload";
export const DEFERRED_MODULE_TYPE = "text/x-deferred-module";

/** The longest the scripts wait after the page's markup was read, should a slow image hold back its `load` event. */
const LONGEST_WAIT_MS = 2000;
const LINKS_PER_TASK = 6;

/**
 * Starts the app's module script, then preloads what it imports, a few links per task: each link's
 * request takes 0.1–8 ms to set up, and some 30 of them with the load event's own work made one long
 * task.
 */
export const START_SCRIPTS = `(function(){var started=false;function start(){if(started)return;started=true;
document.querySelectorAll('script[type="${DEFERRED_MODULE_TYPE}"]').forEach(function(d){var s=document.createElement("script");s.type="module";s.nonce=d.nonce;s.textContent=d.textContent;document.head.appendChild(s)});
var hrefs=[].map.call(document.querySelectorAll("template[${MODULE_PRELOAD_ATTRIBUTE}]"),function(t){return t.getAttribute("${MODULE_PRELOAD_ATTRIBUTE}")});
(function some(){hrefs.splice(0,${LINKS_PER_TASK}).forEach(function(href){var l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.appendChild(l)});if(hrefs.length)setTimeout(some,0)})()}
addEventListener("load",function(){setTimeout(start,0)});setTimeout(start,${LONGEST_WAIT_MS})})();`;

/** The scripts a page's markup has the browser fetch once it has loaded, in the order written. */
export function deferredScripts(html: string): string[] {
  return [...html.matchAll(new RegExp(`<template ${MODULE_PRELOAD_ATTRIBUTE}="([^"]+)"`, "g"))].map((match) => match[1]!);
}
