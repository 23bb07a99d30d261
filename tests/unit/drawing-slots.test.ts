import { EventEmitter } from "node:events";
import type { Request, Response } from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { drawingSlots } from "../../server/http/drawing-slots";

/** A response as the middleware sees it: events, and whether its connection is gone. */
function response() {
  return Object.assign(new EventEmitter(), { closed: false });
}
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe("drawing slots: pages drawn at once per process", () => {
  afterEach(() => vi.useRealTimers());

  function line(slots: number, maxHoldMs = 1000) {
    const middleware = drawingSlots(slots, maxHoldMs);
    const started: number[] = [];
    const responses = Array.from({ length: 4 }, () => response());
    responses.forEach((res, i) => middleware({} as Request, res as unknown as Response, () => started.push(i)));
    return { started, responses };
  }

  it("draws at most `slots` at once; the next in line starts when an answer is written or its connection closes", async () => {
    const { started, responses } = line(2);
    await settled();
    expect(started).toEqual([0, 1]);
    responses[1]!.emit("finish");
    responses[1]!.emit("close"); // both events of one answer free one slot
    await settled();
    expect(started).toEqual([0, 1, 2]);
    responses[0]!.emit("close");
    await settled();
    expect(started).toEqual([0, 1, 2, 3]);
  });

  it("skips a visitor who left while waiting", async () => {
    const middleware = drawingSlots(1);
    const started: string[] = [];
    const first = response();
    const gone = Object.assign(response(), { closed: true });
    const last = response();
    for (const [name, res] of [["first", first], ["gone", gone], ["last", last]] as const) {
      middleware({} as Request, res as unknown as Response, () => started.push(name));
    }
    await settled();
    first.emit("finish");
    await settled();
    expect(started).toEqual(["first", "last"]);
  });

  it("frees a slot after maxHoldMs even if its answer is never written (a stalled reader, a hung query)", async () => {
    vi.useFakeTimers();
    const { started } = line(1, 500);
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual([0]);
    await vi.advanceTimersByTimeAsync(499);
    expect(started).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toEqual([0, 1]);
  });
});
