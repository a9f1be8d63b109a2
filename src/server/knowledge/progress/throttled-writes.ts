/** How often an item's progress is written at most: the Data tab polls every couple of seconds. */
const WRITE_EVERY_MS = 500;

/**
 * Writes the latest of a stream of progress values, spaced out and never overlapping, so the admin
 * sees it whichever process serves the Data tab. `report(value, { now: true })` writes at once (a
 * new stage, whose start time must be right); `end()` writes the last value and waits for it.
 */
export function throttledWrites<T>(write: (value: T) => Promise<unknown>, failed: (error: unknown) => void) {
  let latest: T | null = null;
  let writing: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const value = latest;
    if (value === null) return;
    latest = null;
    writing = writing.then(() => write(value)).then(() => undefined, failed);
  };
  return {
    report(value: T, options: { now?: boolean } = {}): void {
      latest = value;
      if (options.now) flush();
      else timer ??= setTimeout(flush, WRITE_EVERY_MS);
    },
    async end(): Promise<void> {
      flush();
      await writing;
    },
  };
}
