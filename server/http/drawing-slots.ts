import type { RequestHandler } from "express";
import { fifoSlots } from "../fifo-slots";

/**
 * Pages and actions drawn at once per process (PAGE_CONCURRENCY); the others wait in line, first
 * come first served. Drawing every request at once interleaves them all: each waits behind all the
 * others at every query and every chunk, and the unlucky ones wait several times as long as the
 * average (on PGlite, 50 visitors at once: a few over 3 s while the mean was near 1 s). In line, each
 * request waits about the same, and the process spends less on switching and on memory.
 *
 * A slot is held until the answer is written, or `maxHoldMs` at most: a reader too slow to take a
 * streamed page, or a query stuck on a hung database, must not hold the line. A visitor who leaves
 * while waiting is not drawn at all.
 */
export function drawingSlots(slots: number, maxHoldMs = 1000): RequestHandler {
  const line = fifoSlots(slots);
  return (_req, res, next) => {
    void line.acquire().then(() => {
      let held = true;
      const release = () => {
        if (!held) return;
        held = false;
        clearTimeout(timer);
        line.release();
      };
      const timer = setTimeout(release, maxHoldMs);
      if (res.closed) return release();
      res.once("finish", release);
      res.once("close", release);
      next();
    });
  };
}
