import type { IngestionProgress as Progress, WorkView } from '../../../shared/admin/progress';
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

/**
 * An item in work: its stage and how far it is, and the time the stage still needs when it can
 * be told (issue 34 item 5). "Embedding report.pdf (Reports): 120 of 480 passages. About 1 minute left."
 */
export function workSentence(work: WorkView): string {
  const { name, source, done, total } = work;
  const said =
    total === null
      ? translate(WHILE[work.stage], { name, source })
      : translate(work.stage === 'reading' ? PAGES : PASSAGES, {
          name,
          source,
          done,
          total,
          stage: translate(STAGE[work.stage]),
        });
  if (work.secondsLeft === null) return said;
  return `${said} ${translate('About {{time}} left.', { time: duration(work.secondsLeft) })}`;
}

const PAGES = '{{stage}} {{name}} ({{source}}): page {{done}} of {{total}}.';
const PASSAGES = '{{stage}} {{name}} ({{source}}): {{done}} of {{total}} passages.';

/** The stage as the sentence starts with it, when it has a count. */
const STAGE: Record<WorkView['stage'], string> = {
  reading: 'Reading',
  fetching: 'Fetching',
  crawling: 'Crawling',
  embedding: 'Embedding',
  saving: 'Saving',
};

/** The stage without a count (yet): a file being opened, a video being fetched. */
const WHILE: Record<WorkView['stage'], string> = {
  reading: 'Reading {{name}} ({{source}}).',
  fetching: 'Fetching {{name}} ({{source}}).',
  crawling: 'Crawling {{name}} ({{source}}).',
  embedding: 'Embedding {{name}} ({{source}}).',
  saving: 'Saving {{name}} ({{source}}).',
};

function duration(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? translate('1 second') : translate('{{n}} seconds', { n: seconds });
  return minutes(seconds);
}
