import type { IngestionProgress as Progress } from '../../../shared/admin/progress';
import { translate } from '../../i18n/i18n';

/** The sentence read out when the counts change (and only then: the crawl's pages are not in it). */
export function countsSentence({ counts }: Progress): string {
  return translate(
    '{{pending}} pending, {{started}} started, {{completed}} done, {{failed}} failed.',
    counts,
  );
}

/** When the next scheduled run starts, in the admin's own clock, or that runs are forced only. */
export function nextRunSentence(progress: Progress, now = Date.now()): string {
  if (!progress.nextRunAt) {
    return progress.intervalSeconds > 0
      ? translate('Scheduled processing runs every {{minutes}}.', {
          minutes: minutes(progress.intervalSeconds),
        })
      : translate('Processing runs only when it is started with (Force) Process Now.');
  }
  const at = new Date(progress.nextRunAt);
  const time = at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  const inMinutes = Math.max(0, Math.round((at.getTime() - now) / 60_000));
  const when =
    inMinutes < 1
      ? translate('in less than a minute')
      : translate('in {{minutes}}', { minutes: minutes(inMinutes * 60) });
  return translate('Next scheduled run: {{time}} ({{when}}).', { time, when });
}

function minutes(seconds: number): string {
  const m = Math.max(1, Math.round(seconds / 60));
  return m === 1 ? translate('1 minute') : translate('{{n}} minutes', { n: m });
}
