import { describe, expect, it } from "vitest";
import { createUploadSlots } from "../../server/media/upload-slots";

/** A piece of work that ends when the test says so. */
function pending() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => done, finish };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe("upload slots: the per-process limit on image work", () => {
  it("admits slots + waiting uploads, refuses the next, and admits again once one leaves", () => {
    const slots = createUploadSlots(2, 3);
    const tickets = Array.from({ length: 5 }, () => slots.admit());
    expect(tickets.every((t) => t !== null)).toBe(true);
    expect(slots.admit()).toBeNull();
    tickets[0]!.leave();
    tickets[0]!.leave(); // twice counts once
    const next = slots.admit();
    expect(next).not.toBeNull();
    expect(slots.admit()).toBeNull();
  });

  it("runs at most `slots` pieces of work at once, the others in the order they asked", async () => {
    const slots = createUploadSlots(2, 8);
    const started: number[] = [];
    const jobs = Array.from({ length: 5 }, () => pending());
    const runs = jobs.map((job, i) =>
      slots.admit()!.run(async () => {
        started.push(i);
        await job.work();
        return i;
      }),
    );
    await settled();
    expect(started).toEqual([0, 1]);
    jobs[1]!.finish();
    await settled();
    expect(started).toEqual([0, 1, 2]);
    jobs[0]!.finish();
    jobs[2]!.finish();
    await settled();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    jobs[3]!.finish();
    jobs[4]!.finish();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
  });

  it("frees the slot when the work fails", async () => {
    const slots = createUploadSlots(1, 1);
    await expect(slots.admit()!.run(() => Promise.reject(new Error("decoder failed")))).rejects.toThrow("decoder failed");
    expect(await slots.admit()!.run(async () => "ok")).toBe("ok");
  });
});
