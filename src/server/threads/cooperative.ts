/** Gives the event loop a turn, so sockets and requests are served between slices of long work. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Audio work (decoding, resampling, synthesis, MP3 encoding) runs on the server's one JavaScript
 * thread. Long loops call `maybeYield()` between slices: it yields once `sliceMs` of work has run
 * since the last turn, so no slice holds the event loop much longer than that.
 */
export class Slicer {
  private since = performance.now();

  constructor(private readonly sliceMs = 15) {}

  async maybeYield(): Promise<void> {
    if (performance.now() - this.since < this.sliceMs) return;
    await yieldToEventLoop();
    this.since = performance.now();
  }
}

/** Runs tasks one at a time, in order: for engines that keep state between calls. */
export class Serial {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
