/**
 * Answer quality on the evaluation set: `npx tsx tests/bench/answers.bench.ts`.
 *
 * ../shared/material/eval holds 100 questions written outside the team (65 factual, 12 Hindi,
 * 23 out of scope). A real server (PGlite, or PostgreSQL with DATABASE_URL) gets the files they
 * name through the admin calls (documents uploaded with add_data, the WordPress export and the
 * APG site served on 127.0.0.1 and added by URL), ingests them, and every question is asked
 * through a real socket.io connection, spread over several users so the per-user limit is not
 * what is measured. Scoring follows the set's README. Prints, per kind: right, right and cited
 * (and how many of those were given only as the closest passage, and how many say the fact
 * before their first source, in the answer's own sentence rather than a supporting quote),
 * wrong source, refused, and p50/p95 answer time; then SPEC's six suggested prompts with what
 * each got.
 *
 * BENCH_MODELS=a,b runs the whole bench once per sentence-embedding model (EMBEDDING_MODEL, the
 * default's otherwise) and prints them side by side. BENCH_DATA_DIR keeps each model's database
 * between runs (in a folder per model; ingestion is skipped when it holds the items);
 * BENCH_VERBOSE=1 prints every miss; BENCH_SWEEP=1 the weights and thresholds around the chosen
 * ones, on the same retrieved passages, and where the evidence was lost. LLM_BASE_URL etc. are
 * passed to the server as set.
 */
import { sql } from 'drizzle-orm';
import type { DishServer } from '../../src/server/compose/app';
import { queryRows } from '../../src/server/db/raw';
import { wordCount } from '../../src/server/knowledge/index/chunker';
import { DEFAULT_PROMPTS } from '../../src/shared/admin/prompts';
import type { AnswerMessage } from '../../src/shared/chat/protocol';
import type { AnswerOutcome } from '../../src/shared/chat/answer-outcome';
import { askOnce, openChatSocket, signedInChatUser, type ChatClient } from '../support/chat';
import type { TestServer } from '../support/server';
import { cites, citesAnything, leadOf, percentile, type EvalItem, type Outcome } from './answers-scoring';
import { sweep } from './answers-sweep';
import { benchModels, evalItems as items, withEvalKnowledge } from './eval-knowledge';

const prompts: EvalItem[] = DEFAULT_PROMPTS.map((question, i) => ({
  id: `prompt-${i + 1}`,
  kind: 'prompt',
  question,
  file: null,
  expect: null,
  evidence: null,
}));

const models = benchModels();
const summaries: { model: string; rows: string[][] }[] = [];
for (const model of models) summaries.push({ model: model || 'default', rows: await benchModel(model) });
if (summaries.length > 1) {
  console.log(`\n## Side by side\n\n| figure | ${summaries.map((s) => s.model).join(' | ')} |`);
  console.log(`| --- | ${summaries.map(() => '---').join(' | ')} |`);
  summaries[0]!.rows.forEach(([name], i) =>
    console.log(`| ${name} | ${summaries.map((s) => s.rows[i]![1]).join(' | ')} |`),
  );
}

/** The whole bench with one model: its own database, ingested once; the summary rows it printed. */
function benchModel(model: string): Promise<string[][]> {
  return withEvalKnowledge(
    model,
    async (t, took) => {
      const { server, config } = t;
      console.log(`\n# ${config.EMBEDDING_MODEL}`);
      const db = server.database.db;
      const [stats] = await queryRows<{ items: number; passages: number; embedded: number }>(
        db,
        sql`SELECT (SELECT count(*)::int FROM ingested_data) AS items, count(*)::int AS passages,
                 ${server.index.usesVectors ? sql`count(embedding)::int` : sql`0`} AS embedded FROM chunks`,
      );
      const scale = await server.index.similarityScale();
      console.log(
        `knowledge base: ${stats?.items} items, ${stats?.passages} passages (${stats?.embedded} embedded), ` +
          `ingested in ${took}; ` +
          `scale: ${scale ? `center ${scale.center.toFixed(3)}, spread ${scale.spread.toFixed(3)}` : 'none (words alone)'}`,
      );
      const outcomes = await askAll(t, [...items, ...prompts]);
      const rows = report(outcomes);
      if (process.env.BENCH_SWEEP) await sweep(server, items);
      return rows;
    },
    models.length > 1 ? model : '',
  );
}

/**
 * Every question through real sockets, one at a time (the time of one answer is measured, not a
 * queue), from ten users in turn so that no one's per-minute limit is reached.
 */
async function askAll(t: TestServer, asked: EvalItem[]): Promise<Outcome[]> {
  const users = 10;
  const sockets: ChatClient[] = [];
  for (let i = 0; i < users; i++) sockets.push(await openChatSocket(t, await signedInChatUser(t)));
  const outcomes: Outcome[] = [];
  for (const [i, item] of asked.entries()) {
    const start = performance.now();
    const reply: AnswerMessage = await askOnce(sockets[i % users]!, item.question);
    const ms = performance.now() - start;
    const response = reply.content.response;
    outcomes.push({
      item,
      answer: response.answer || response.error || '',
      links: response.links.flatMap((l) => [l.url, l.title ?? '']),
      ms,
      ...(await recorded(t.server, reply.content.questionId)),
    });
  }
  for (const s of sockets) s.disconnect();
  return outcomes;
}

/** What the question record says of the answer: the composer's confidence and outcome. */
async function recorded(server: DishServer, id: string | null) {
  if (!id) return { confidence: null, outcome: 'none' as const };
  const [record] = await queryRows<{ confidence: number | null; outcome: AnswerOutcome | null }>(
    server.database.db,
    sql`SELECT (e->>'confidence')::float AS confidence, e->>'outcome' AS outcome
        FROM questions, jsonb_array_elements(history) e
        WHERE id = ${id} AND e->>'type' = 'query-response'`,
  );
  return { confidence: record?.confidence ?? null, outcome: record?.outcome ?? 'none' };
}

/** Prints the tables; returns the summary rows (figure, value) for the side-by-side table. */
function report(outcomes: Outcome[]): string[][] {
  const hindiSources = ['udhr_hindi', 'Hindi_Sample'];
  const groups: [string, (i: EvalItem) => boolean][] = [
    ['fact', (i) => i.kind === 'fact'],
    ['hindi, Hindi source', (i) => i.kind === 'hindi' && hindiSources.some((h) => i.file?.includes(h))],
    ['hindi, English source', (i) => i.kind === 'hindi' && !hindiSources.some((h) => i.file?.includes(h))],
  ];
  const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(0)}%` : '-');
  const refused = (o: Outcome) => o.outcome === 'none';
  // Whether text states the expected fact (the set's pattern).
  const says = (o: Outcome, text: string) => new RegExp(o.item.expect!, 'i').test(text);
  const right = (o: Outcome) => says(o, o.answer) && cites(o, o.item.file!);
  const summary: string[][] = [];
  console.log(
    '\n| kind | n | right | right and cited (closest passage; said first) | wrong source | refused | p50 | p95 |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const [name, test] of groups) {
    const group = outcomes.filter((o) => test(o.item));
    const times = group.map((o) => o.ms);
    const ms = (p: number) => `${percentile(times, p).toFixed(0)} ms`;
    const said = group.filter((o) => says(o, o.answer));
    const cited = group.filter(right);
    const closest = cited.filter((o) => o.outcome === 'closest').length;
    const first = cited.filter((o) => says(o, leadOf(o.answer))).length;
    const wrongSource = group.filter((o) => !refused(o) && !cites(o, o.item.file!)).length;
    console.log(
      `| ${name} | ${group.length} | ${pct(said.length, group.length)} | ${pct(cited.length, group.length)} (${cited.length}; ${closest}; ${first}) | ` +
        `${pct(wrongSource, group.length)} | ${pct(group.filter(refused).length, group.length)} | ${ms(50)} | ${ms(95)} |`,
    );
    summary.push([
      `${name}: right and cited (of ${group.length})`,
      `${cited.length} (${closest} as closest, ${first} said first)`,
    ]);
  }
  const outOfScope = outcomes.filter((o) => o.item.kind === 'out_of_scope');
  const refusedOos = outOfScope.filter((o) => refused(o) && !citesAnything(o)).length;
  const oosTimes = outOfScope.map((o) => o.ms);
  console.log(
    `| out of scope | ${outOfScope.length} | refused with no source: ${pct(refusedOos, outOfScope.length)} (${refusedOos}) | | | | ` +
      `${percentile(oosTimes, 50).toFixed(0)} ms | ${percentile(oosTimes, 95).toFixed(0)} ms |`,
  );
  summary.push([`out of scope refused (of ${outOfScope.length})`, String(refusedOos)]);
  const asked = outcomes.filter((o) => o.item.kind !== 'prompt');
  const all = asked.map((o) => o.ms);
  console.log(
    `\nall ${asked.length} answers: p50 ${percentile(all, 50).toFixed(0)} ms, p95 ${percentile(all, 95).toFixed(0)} ms`,
  );
  summary.push([
    'answer time p50 / p95',
    `${percentile(all, 50).toFixed(0)} / ${percentile(all, 95).toFixed(0)} ms`,
  ]);
  // What a person reads or hears: the words of the answers given, link addresses left out.
  const lengths = asked
    .filter((o) => !refused(o))
    .map((o) => wordCount(o.answer.replace(/\]\([^)]*\)/g, ']')));
  console.log(
    `words per answer given (${lengths.length}): p50 ${percentile(lengths, 50)}, p95 ${percentile(lengths, 95)}, most ${Math.max(...lengths)}`,
  );
  const shown = outcomes.filter((o) => o.item.kind === 'prompt');
  console.log(`\nSPEC's suggested prompts:`);
  for (const o of shown)
    console.log(
      `- ${o.outcome} [${o.confidence?.toFixed(2) ?? '-'}] ${o.item.question}: ${o.answer.slice(0, 140).replace(/\s+/g, ' ')}`,
    );
  summary.push([
    'prompts answer / closest / none',
    (['answer', 'closest', 'none'] as const)
      .map((k) => shown.filter((o) => o.outcome === k).length)
      .join(' / '),
  ]);
  confidenceTable(asked, right);
  if (process.env.BENCH_VERBOSE) {
    for (const o of [...asked].sort((a, b) => a.item.id.localeCompare(b.item.id))) {
      const ok = o.item.kind === 'out_of_scope' ? refused(o) && !citesAnything(o) : right(o);
      if (ok && process.env.BENCH_VERBOSE !== 'all') continue;
      console.log(
        `\n--- ${o.item.id} ${ok ? 'OK' : 'MISS'} ${o.outcome} [${o.confidence?.toFixed(3) ?? '-'}] (${o.item.file ?? 'out of scope'}) ${o.item.question}`,
      );
      console.log(`expect: ${o.item.expect}`);
      console.log(o.answer.slice(0, 1200));
      console.log(`links: ${o.links.join(' ')}`);
    }
  }
  return summary;
}

/**
 * What other refusal thresholds would have done, on the composer's confidence (recorded with
 * each answer): for each, the answerable questions still answered right and cited, and the
 * out-of-scope ones refused (docs/chat.md explains the choice).
 */
function confidenceTable(outcomes: Outcome[], right: (o: Outcome) => boolean) {
  const answerable = outcomes.filter((o) => o.item.kind !== 'out_of_scope');
  const outOfScope = outcomes.filter((o) => o.item.kind === 'out_of_scope');
  console.log('\nlowest confidence given | answerable right and cited | out of scope refused');
  for (let threshold = 2; threshold <= 6.01; threshold += 0.25) {
    const kept = (o: Outcome) => o.outcome !== 'none' && (o.confidence ?? 0) >= threshold;
    console.log(
      `${threshold.toFixed(2)} | ${answerable.filter((o) => kept(o) && right(o)).length}/${answerable.length} | ` +
        `${outOfScope.filter((o) => !kept(o)).length}/${outOfScope.length}`,
    );
  }
}
