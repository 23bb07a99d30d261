import { EventEmitter } from "node:events";
import type { RequestHandler, Response } from "express";

/**
 * The compression middleware hands `res.on("drain")` to its zlib stream but leaves `res.off` on the
 * response, so a listener added with `once` (React Router's stream writer waits for each drain that
 * way) stays on the zlib stream until the page ends: a page that waits often piles them up
 * (MaxListenersExceededWarning; expressjs/compression#135). Here a response forwards drain from one
 * listener of its own, and `once`/`off` for drain act on that forwarder's waiters.
 */
export function singleDrainListener(): RequestHandler {
  return (_req, res, next) => {
    const waiters = new EventEmitter();
    let forwarding = false;
    const { once, removeListener } = res;
    res.once = function (this: Response, event: string | symbol, listener: (...args: unknown[]) => void) {
      if (event !== "drain") return once.call(this, event, listener);
      if (!forwarding) {
        forwarding = true;
        this.on("drain", () => waiters.emit("drain"));
      }
      waiters.once("drain", listener);
      return this;
    } as Response["once"];
    res.off = res.removeListener = function (this: Response, event: string | symbol, listener: (...args: unknown[]) => void) {
      if (event === "drain") waiters.off("drain", listener);
      return removeListener.call(this, event, listener);
    } as Response["off"];
    next();
  };
}
