import { Transform } from "node:stream";
import { DEFERRED_MODULE_TYPE, MODULE_PRELOAD_ATTRIBUTE } from "./scripts-after-load";

/** React Router's preload of a module, as React writes it (hoisted into <head>). */
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;
/** React Router's module script that starts the app. */
const MODULE_SCRIPT = /<script\b([^>]*?) type="module"([^>]*)>/g;
/** The beginnings of the tags rewritten: a chunk that ends inside one of them keeps its tail for the next. */
const TAG_STARTS = ['<link rel="modulepreload"', "<script"];

function inert(html: string): string {
  return html
    .replace(MODULE_PRELOAD, (_, href: string) => `<template ${MODULE_PRELOAD_ATTRIBUTE}="${href}"></template>`)
    .replace(MODULE_SCRIPT, (_, before: string, after: string) => `<script${before} type="${DEFERRED_MODULE_TYPE}"${after.replace(' async=""', "")}>`);
}

/** The length of the text's end that may be the start of a tag to rewrite, cut by the chunk's end. */
function unfinishedTagLength(text: string): number {
  const start = text.lastIndexOf("<");
  if (start < 0 || text.includes(">", start)) return 0;
  const tail = text.slice(start);
  return TAG_STARTS.some((tag) => tag.startsWith(tail) || tail.startsWith(tag)) ? text.length - start : 0;
}

/**
 * The document as React streams it, with React Router's scripts written inert (see
 * `scripts-after-load.ts`). Everything else passes as it comes, as soon as it comes: React's
 * streamed parts are not held back.
 */
export function scriptsWrittenInert(): Transform {
  const decoder = new TextDecoder();
  let held = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = held + decoder.decode(chunk, { stream: true });
      const keep = unfinishedTagLength(text);
      held = text.slice(text.length - keep);
      const ready = text.slice(0, text.length - keep);
      callback(null, ready === "" ? undefined : inert(ready));
    },
    flush(callback) {
      const rest = held + decoder.decode();
      callback(null, rest === "" ? undefined : inert(rest));
    },
  });
}
