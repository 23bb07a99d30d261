/**
 * At most `slots` holders at once; the others wait in the order they asked. A freed slot passes
 * straight to the next in line, so nobody can overtake the queue. release() once per acquire().
 */
export function fifoSlots(slots: number) {
  let held = 0;
  const queue: (() => void)[] = [];
  return {
    acquire(): Promise<void> {
      if (held < slots) {
        held++;
        return Promise.resolve();
      }
      return new Promise((resolve) => queue.push(resolve));
    },
    release(): void {
      const next = queue.shift();
      if (next) next();
      else held--;
    },
  };
}
