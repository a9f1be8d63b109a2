/**
 * When the next scheduled run of the queue starts: runs come every `intervalMs` after the
 * worker's start (setInterval in worker.ts). Null without a schedule.
 */
export function nextScheduledRun(startedAt: number | null, intervalMs: number, now: number): Date | null {
  if (startedAt === null || intervalMs <= 0) return null;
  const elapsed = Math.max(0, now - startedAt);
  const runs = Math.floor(elapsed / intervalMs) + 1;
  return new Date(startedAt + runs * intervalMs);
}
