import { GIVE_WAY_MS, type Foreground } from '../db/give-way';

/**
 * Runs at most `concurrency` tasks at once, the rest in arrival order. Answering many questions
 * at the same time only makes all of them late: first come, first answered. Background work on
 * the database gives way to its tasks (`clear`, db/give-way.ts).
 */
export class Limiter implements Foreground {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly givingWay = new Set<() => void>();

  constructor(private readonly concurrency: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    // A finished task hands its place to the next waiting one, so `running` never drops to 0 between them.
    if (this.running >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    // Yielding here lets the answers already sent reach their sockets before the next one starts.
    await new Promise((resolve) => setImmediate(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else if (--this.running === 0) for (const go of this.givingWay) go();
    }
  }

  get queued(): number {
    return this.waiting.length;
  }

  clear(): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const go = () => {
        clearTimeout(timer);
        this.givingWay.delete(go);
        resolve();
      };
      const timer = setTimeout(go, GIVE_WAY_MS);
      this.givingWay.add(go);
    });
  }
}
