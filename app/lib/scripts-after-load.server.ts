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
 * `scripts-after-load.ts`). Nothing is held back past the turn of the event loop that wrote it, so
 * React's streamed parts leave as soon as they are drawn; but what one turn wrote leaves as one
 * piece: React writes in pieces of about 2 KB, and each piece sent alone cost the compression that
 * follows a call of its own (the signed-in home page, 150 KB, drawn a third slower for it).
 */
export function scriptsWrittenInert(): Transform {
  const decoder = new TextDecoder();
  let held = "";
  let waiting: string[] = [];
  const send = () => {
    if (waiting.length === 0) return;
    stream.push(waiting.join(""));
    waiting = [];
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = held + decoder.decode(chunk, { stream: true });
      const keep = unfinishedTagLength(text);
      held = text.slice(text.length - keep);
      const ready = text.slice(0, text.length - keep);
      if (ready !== "") {
        if (waiting.length === 0) setImmediate(send);
        waiting.push(inert(ready));
      }
      callback();
    },
    flush(callback) {
      const rest = held + decoder.decode();
      if (rest !== "") waiting.push(inert(rest));
      send();
      callback();
    },
  });
  return stream;
}
