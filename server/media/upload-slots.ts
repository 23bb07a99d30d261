import { fifoSlots } from "../fifo-slots";

/** A place among the uploads a process has taken on; leave() exactly once, whatever happens. */
export interface UploadTicket {
  /** Runs the image work when one of the slots is free (at once, or after the uploads ahead of it). */
  run<T>(work: () => Promise<T>): Promise<T>;
  leave(): void;
}

/**
 * The per-process limit on image uploads. Decoding and encoding are CPU- and memory-heavy (a
 * 50-megapixel PNG is 150 MB of pixels), so at most `slots` uploads do that work at once, in the
 * order they asked; up to `waiting` more may be under way besides (receiving their body, or
 * waiting for a slot). admit() answers null beyond that: the caller refuses the upload before
 * reading it.
 */
export function createUploadSlots(slots: number, waiting: number) {
  let admitted = 0;
  const line = fifoSlots(slots);

  return {
    admit(): UploadTicket | null {
      if (admitted >= slots + waiting) return null;
      admitted++;
      let left = false;
      return {
        async run(work) {
          await line.acquire();
          try {
            return await work();
          } finally {
            line.release();
          }
        },
        leave() {
          if (left) return;
          left = true;
          admitted--;
        },
      };
    },
  };
}
