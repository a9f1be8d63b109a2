/**
 * Runs at most `concurrency` tasks at once, the rest in arrival order. Answering many questions
 * at the same time only makes all of them late: first come, first answered.
 */
export class Limiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly concurrency: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    // Yielding here lets the answers already sent reach their sockets before the next one starts.
    await new Promise((resolve) => setImmediate(resolve));
    try {
      return await task();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  get queued(): number {
    return this.waiting.length;
  }
}
