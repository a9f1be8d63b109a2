import type { IngestionProgress as Progress } from '../../../shared/admin/progress';

/** The sentence read out when the counts change (and only then: the crawl's pages are not in it). */
export function countsSentence({ counts }: Progress): string {
  return `${counts.pending} pending, ${counts.started} started, ${counts.completed} done, ${counts.failed} failed.`;
}

/** When the next scheduled run starts, in the admin's own clock, or that runs are forced only. */
export function nextRunSentence(progress: Progress, now = Date.now()): string {
  if (!progress.nextRunAt) {
    return progress.intervalSeconds > 0
      ? `Scheduled processing runs every ${minutes(progress.intervalSeconds)}.`
      : 'Processing runs only when it is started with (Force) Process Now.';
  }
  const at = new Date(progress.nextRunAt);
  const time = at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  const inMinutes = Math.max(0, Math.round((at.getTime() - now) / 60_000));
  const when = inMinutes < 1 ? 'in less than a minute' : `in ${minutes(inMinutes * 60)}`;
  return `Next scheduled run: ${time} (${when}).`;
}

function minutes(seconds: number): string {
  const m = Math.max(1, Math.round(seconds / 60));
  return m === 1 ? '1 minute' : `${m} minutes`;
}
