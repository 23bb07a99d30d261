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
  let running = 0;
  const queue: (() => void)[] = [];

  const acquire = (): Promise<void> => {
    if (running < slots) {
      running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => queue.push(resolve));
  };
  // A freed slot passes straight to the next in line, so nobody can overtake the queue.
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else running--;
  };

  return {
    admit(): UploadTicket | null {
      if (admitted >= slots + waiting) return null;
      admitted++;
      let left = false;
      return {
        async run(work) {
          await acquire();
          try {
            return await work();
          } finally {
            release();
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
