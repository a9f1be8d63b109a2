/**
 * Reviewed answers on the evaluation set (issue 33): `npx tsx tests/bench/reviewed.bench.ts`.
 *
 * On the knowledge base of ../shared/material/eval (eval-knowledge.ts), an admin writes a
 * reviewed answer for each factual question with an odd number: the question as the set asks it,
 * its evidence sentence as the answer, its file as the source. Then, over real sockets:
 * - each of those questions asked again in other words, once in English and once in Hindi
 *   (reviewed-paraphrases.ts): does it get its own reviewed answer?
 * - the other factual questions, the Hindi and the out-of-scope ones, as the set asks them: none
 *   has a reviewed answer, so any it gets is not its own.
 * Then the project is filled to 1,000 reviewed answers (sentences of the knowledge base as
 * questions, the next sentence as the answer) and the paraphrases are asked again, and the lookup
 * is timed for every question of the set: alone (the question's vector made beforehand), and what
 * it adds to an answer (timeLookup). BENCH_MODELS=a,b runs it once per model; BENCH_VERBOSE=1 prints every miss;
 * BENCH_HALF=even writes the reviewed answers for the even half instead (reviewed-paraphrases-even.ts).
 */
import { sql } from 'drizzle-orm';
import { closestReviewed, QuestionVectors } from '../../src/server/answering/reviewed/matching';
import { ReviewedAnswers } from '../../src/server/answering/reviewed/store';
import { readsLatin } from '../../src/server/knowledge/index/language';
import { queryRows } from '../../src/server/db/raw';
import { splitSentences } from '../../src/server/knowledge/index/chunker';
import { reviewedAnswers } from '../../src/server/db/schema';
import { routes } from '../../src/shared/api/routes';
import { signInSuper } from '../support/admin';
import { askOnce, openChatSocket, signedInChatUser, type ChatClient } from '../support/chat';
import type { TestServer } from '../support/server';
import { percentile, type EvalItem } from './answers-scoring';
import { benchModels, evalItems, withEvalKnowledge } from './eval-knowledge';
import { OPPOSITES as ODD_OPPOSITES, PARAPHRASES as ODD } from './reviewed-paraphrases';
import { OPPOSITES_EVEN, PARAPHRASES_EVEN } from './reviewed-paraphrases-even';

const FILLED = 1000;
// The half whose questions get reviewed answers: the odd numbers (the rule was chosen on them), or
// the even ones (BENCH_HALF=even), written after, to see whether it holds elsewhere.
const PARAPHRASES = process.env.BENCH_HALF === 'even' ? PARAPHRASES_EVEN : ODD;
const OPPOSITES = process.env.BENCH_HALF === 'even' ? OPPOSITES_EVEN : ODD_OPPOSITES;
const verbose = Boolean(process.env.BENCH_VERBOSE);
const models = benchModels();
const summaries: { model: string; rows: [string, string][] }[] = [];
for (const model of models)
  summaries.push({
    model: model || 'default',
    rows: await withEvalKnowledge(model, (t) => bench(t), models.length > 1 ? model : ''),
  });
if (summaries.length > 1) {
  console.log(`\n## Side by side\n\n| figure | ${summaries.map((s) => s.model).join(' | ')} |`);
  console.log(`| --- | ${summaries.map(() => '---').join(' | ')} |`);
  summaries[0]!.rows.forEach(([name], i) =>
    console.log(`| ${name} | ${summaries.map((s) => s.rows[i]![1]).join(' | ')} |`),
  );
}

async function bench(t: TestServer): Promise<[string, string][]> {
  const db = t.server.database.db;
  console.log(`\n# ${t.config.EMBEDDING_MODEL}`);
  const scale = await t.server.index.similarityScale();
  console.log(
    `question scale: ${scale?.questions ? `center ${scale.questions.center.toFixed(3)}, spread ${scale.questions.spread.toFixed(3)}` : 'none (the same words only)'}`,
  );
  const admin = await signInSuper(t);
  const reviewedItems = evalItems.filter((i) => PARAPHRASES[i.id]);
  const ids = new Map<string, string>();
  for (const item of reviewedItems) {
    const source = await sourceOf(t, item);
    const written = await admin.answer(routes.writeReviewedAnswer, {
      body: {
        project: 'dish',
        questions: [item.question],
        answers: { en: item.evidence! },
        sources: source ? [source] : [],
      },
    });
    ids.set(written._id, item.id);
  }
  const sockets: ChatClient[] = [];
  for (let i = 0; i < 10; i++) sockets.push(await openChatSocket(t, await signedInChatUser(t)));
  let turn = 0;
  /** The reviewed answer a question got (its eval id), or null; '?' for one not of the bench's. */
  const served = async (question: string, language: string): Promise<string | null> => {
    const reply = await askOnce(sockets[turn++ % sockets.length]!, question, 'question-text', { language });
    const [row] = await queryRows<{ reviewed: string | null }>(
      db,
      sql`SELECT e->>'reviewedAnswer' AS reviewed FROM questions, jsonb_array_elements(history) e
          WHERE id = ${reply.content.questionId} AND e->>'type' = 'query-response'`,
    );
    return row?.reviewed ? (ids.get(row.reviewed) ?? '?') : null;
  };

  const rows: [string, string][] = [];
  /** What was asked in the first round, for the sweep: the question and whose answer it should get. */
  const asked: { question: string; language: string; own: string | null; paraphrase: boolean }[] = [];
  const paraphrases = async (label: string) => {
    for (const language of ['en', 'hi'] as const) {
      let right = 0;
      let wrong = 0;
      for (const item of reviewedItems) {
        const got = await served(PARAPHRASES[item.id]![language], language);
        if (!label.startsWith(String(FILLED)))
          asked.push({ question: PARAPHRASES[item.id]![language], language, own: item.id, paraphrase: true });
        if (got === item.id) right++;
        else if (got) wrong++;
        if (verbose && got !== item.id)
          console.log(`  miss ${language} ${item.id} got ${got}: ${PARAPHRASES[item.id]![language]}`);
      }
      const line = `${right} of ${reviewedItems.length}${wrong ? ` (${wrong} another's)` : ''}`;
      console.log(
        `${label}, ${language === 'en' ? 'English' : 'Hindi'} paraphrases: their own reviewed answer ${line}`,
      );
      rows.push([`${label}: ${language} paraphrases served their own`, line]);
    }
  };
  await paraphrases(`${reviewedItems.length} reviewed`);

  const others = evalItems.filter((i) => !PARAPHRASES[i.id]);
  for (const [name, group] of [
    ['other factual questions', others.filter((i) => i.kind === 'fact')],
    ['Hindi questions', others.filter((i) => i.kind === 'hindi')],
    ['out-of-scope questions', others.filter((i) => i.kind === 'out_of_scope')],
  ] as const) {
    let falsely = 0;
    for (const item of group) {
      const got = await served(item.question, item.kind === 'hindi' ? 'hi' : 'en');
      asked.push({
        question: item.question,
        language: item.kind === 'hindi' ? 'hi' : 'en',
        own: null,
        paraphrase: false,
      });
      if (got) falsely++;
      if (verbose && got) console.log(`  false ${item.id} got ${got}: ${item.question}`);
    }
    console.log(`${name}: given a reviewed answer not theirs ${falsely} of ${group.length}`);
    rows.push([`${name} given another's (of ${group.length})`, String(falsely)]);
  }
  // Questions asking the opposite of a reviewed one: none may get it (or any other).
  for (const language of ['en', 'hi'] as const) {
    const opposites = Object.entries(OPPOSITES);
    let falsely = 0;
    for (const [id, texts] of opposites) {
      const got = await served(texts[language], language);
      asked.push({ question: texts[language], language, own: null, paraphrase: false });
      if (got) falsely++;
      if (verbose && got) console.log(`  false opposite of ${id} got ${got}: ${texts[language]}`);
    }
    const name = `${language === 'en' ? 'English' : 'Hindi'} opposites of reviewed questions`;
    console.log(`${name}: given a reviewed answer ${falsely} of ${opposites.length}`);
    rows.push([`${name} given one (of ${opposites.length})`, String(falsely)]);
  }

  if (process.env.BENCH_SWEEP) await sweep(t, asked, ids);
  const filled = await fill(t, FILLED - reviewedItems.length);
  console.log(`\nfilled to ${filled + reviewedItems.length} reviewed answers`);
  await paraphrases(`${filled + reviewedItems.length} reviewed`);
  const [alone, added] = await timeLookup(t);
  rows.push(['lookup p50 / p95 at 1,000', alone], ['added to an answer p50 / p95 at 1,000', added]);
  for (const s of sockets) s.disconnect();
  return rows;
}

/** The item a question's file became: an uploaded document by its name, an APG page by its path. */
async function sourceOf(t: TestServer, item: EvalItem) {
  const site = 'website/aria-practices/content/';
  const name = item.file!.startsWith(site) ? item.file!.slice(site.length) : item.file!.split('/').at(-1)!;
  const [row] = await queryRows<{ id: string; url: string | null; title: string }>(
    t.server.database.db,
    sql`SELECT id, url, title FROM ingested_data WHERE url LIKE ${`%${name}`} OR title = ${name} ORDER BY length(body) DESC LIMIT 1`,
  );
  return row ? { itemId: row.id, url: row.url ?? name, title: row.title } : null;
}

/** Reviewed answers made of the knowledge base's own sentences: one as the question, the next as the answer. */
async function fill(t: TestServer, count: number): Promise<number> {
  const db = t.server.database.db;
  const passages = await queryRows<{ text: string }>(
    db,
    sql`SELECT text FROM chunks ORDER BY md5(text) LIMIT ${count * 2}`,
  );
  const pairs = passages
    .flatMap((p) => {
      const s = splitSentences(p.text).filter((x) => x.length > 30);
      return s.length >= 2 ? [{ question: s[0]!, answer: s[1]! }] : [];
    })
    .slice(0, count);
  await db
    .insert(reviewedAnswers)
    .values(pairs.map((p) => ({ project: 'dish', questions: [p.question], answers: { en: p.answer } })));
  return pairs.length;
}

/**
 * The lookup's time for every question of the set, p50 / p95, two ways: alone, the question's
 * vector made beforehand; and what it adds to an answer, as ask.ts calls it, the question's
 * vector being made meanwhile (the search needs it anyway): from the vector's arrival to the
 * lookup's end. The project's stamp is read while the model works, so only what follows counts.
 */
async function timeLookup(t: TestServer): Promise<[string, string]> {
  const lookup = new ReviewedAnswers(t.server.database.db, t.server.index);
  const embedder = t.server.index.embedder!;
  const vectors = await embedder.embed(
    evalItems.map((i) => i.question),
    { as: 'query' },
  );
  await lookup.find('dish', 'warm up', Promise.resolve(vectors[0]!)); // loads and embeds the answers once
  const alone: number[] = [];
  // What the lookup adds before the composer, for questions it finds no reviewed answer for; for
  // those it serves one, the lookup (its answer's row read) is the whole answer.
  const added: number[] = [];
  const serving: number[] = [];
  for (let round = 0; round < 3; round++)
    for (const [k, item] of evalItems.entries()) {
      const start = performance.now();
      await lookup.find('dish', item.question, Promise.resolve(vectors[k]!));
      alone.push(performance.now() - start);
      let arrived = 0;
      const embedding = embedder.embed([item.question], { as: 'query', urgent: true }).then(([v]) => {
        arrived = performance.now();
        return v ?? null;
      });
      const hit = await lookup.find('dish', item.question, embedding);
      (hit ? serving : added).push(performance.now() - arrived);
    }
  const line = (times: number[]) =>
    `${percentile(times, 50).toFixed(2)} / ${percentile(times, 95).toFixed(2)} ms`;
  console.log(`lookup with ${FILLED} reviewed answers, ${alone.length} questions: p50 / p95 ${line(alone)}`);
  console.log(
    `  after the question's own embedding: ${line(added)} added before the composer (${added.length} questions), ${line(serving)} to serve a reviewed answer (${serving.length})`,
  );
  return [line(alone), line(added)];
}

/**
 * Other thresholds on the same questions (BENCH_SWEEP=1): for each `least` and `apart`, the
 * paraphrases (English, Hindi) given their own reviewed answer and the other questions given one.
 */
async function sweep(
  t: TestServer,
  asked: { question: string; language: string; own: string | null; paraphrase: boolean }[],
  ids: Map<string, string>,
) {
  const db = t.server.database.db;
  const embedder = t.server.index.embedder!;
  const scale = await t.server.index.similarityScale();
  const rows = await db.select().from(reviewedAnswers);
  const candidates = rows.map((r) => ({
    id: ids.get(r.id) ?? r.id,
    vectors: new QuestionVectors(r.vectors, embedder.dimensions),
    latin: r.questions.map(readsLatin),
  }));
  // One at a time, as a question is embedded when asked: the model's int8 activations are scaled
  // per batch, so a question embedded among others gets a slightly different vector.
  const vectors: number[][] = [];
  for (const a of asked) vectors.push((await embedder.embed([a.question], { as: 'query' }))[0]!);
  const found = asked.map((a, k) => ({
    ...a,
    best: closestReviewed(vectors[k]!, candidates, scale, readsLatin(a.question)),
  }));
  console.log(`\nquestion scale across scripts: ${JSON.stringify(scale?.questions?.across ?? null)}`);
  console.log('least | apart | English paraphrases | Hindi paraphrases | others given one');
  for (const least of [1.5, 2, 2.5, 3, 3.5, 4])
    for (const apart of [0, 0.5, 1, 1.5]) {
      const given = (f: (typeof found)[number]) =>
        f.best !== null && f.best.score >= least && f.best.margin >= apart;
      const own = (language: string) =>
        found.filter((f) => f.paraphrase && f.language === language && given(f) && f.best!.id === f.own)
          .length;
      const others = found.filter((f) => !f.paraphrase && given(f)).length;
      console.log(`${least} | ${apart} | ${own('en')} | ${own('hi')} | ${others}`);
    }
}
