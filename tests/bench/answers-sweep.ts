/**
 * BENCH_SWEEP=1 of the answers bench: the composer's weights and thresholds varied around the
 * chosen ones, on the same retrieved passages (in-process, as ask.ts calls them), to show how
 * sensitive the figures are and why these values were chosen; and where the answerable
 * questions' evidence was lost. Never used to pick per-question behaviour.
 */
import { PASSAGES } from '../../src/server/answering/ask';
import { composeAnswer, composeOptionsFor, CONFIDENCE } from '../../src/server/answering/composer';
import { retrieve, type Passage } from '../../src/server/answering/retrieval';
import { scoreSentences, WEIGHTS } from '../../src/server/answering/sentence-choice';
import { unknownTermsCost } from '../../src/server/answering/unknown-words';
import type { DishServer } from '../../src/server/compose/app';
import { detectLanguage } from '../../src/server/knowledge/index/language';
import type { SimilarityScale } from '../../src/server/knowledge/index/similarity-scale';
import { cites, type EvalItem } from './answers-scoring';

interface Prepared {
  item: EvalItem;
  passages: Passage[];
  unknown: number;
}

export async function sweep(server: DishServer, items: EvalItem[]): Promise<void> {
  const db = server.database.db;
  const projects = ['dish'];
  const scale = await server.index.similarityScale();
  const prepared: Prepared[] = [];
  for (const item of items) {
    const passages = await retrieve(db, server.index, item.question, {
      projects,
      limit: Number(process.env.BENCH_PASSAGES ?? PASSAGES),
      vectors: scale !== null,
      scale,
    });
    const unknown = await unknownTermsCost(db, server.index, item.question, projects, { scale });
    prepared.push({ item, passages, unknown });
  }
  diagnose(prepared, scale);
  const chosen = { weights: { ...WEIGHTS }, confidence: { ...CONFIDENCE } };
  const evaluate = () => {
    let right = 0;
    let refused = 0;
    for (const { item, passages, unknown } of prepared) {
      const result = composeAnswer(
        item.question,
        passages,
        composeOptionsFor(
          item.question,
          detectLanguage(item.question),
          null,
          unknown,
          server.index.embedder?.reads,
          scale,
        ),
      );
      const links = result.links.flatMap((l) => [l.url, l.title ?? '']);
      if (item.kind === 'out_of_scope') refused += result.outcome === 'none' ? 1 : 0;
      else if (
        new RegExp(item.expect!, 'i').test(result.answer) &&
        cites({ answer: result.answer, links }, item.file!)
      )
        right += 1;
    }
    return { right, refused };
  };
  console.log(
    '\nweights (context, lexical, rank, unknown term), closest threshold | answerable right and cited | out of scope refused',
  );
  const rows: [string, number, number][] = [];
  const { lexical, rank, unknownTerm } = chosen.weights;
  const threshold = chosen.confidence.closest;
  for (const context of [0, 0.5, 1])
    for (const l of [lexical * 0.75, lexical, lexical * 1.25])
      for (const r of [rank * 0.5, rank, rank * 2])
        for (const u of [unknownTerm * 0.75, unknownTerm, unknownTerm * 1.5])
          for (const t of [threshold - 0.5, threshold - 0.25, threshold, threshold + 0.25, threshold + 0.5]) {
            Object.assign(WEIGHTS, { context, lexical: l, rank: r, unknownTerm: u });
            CONFIDENCE.closest = t;
            const { right, refused } = evaluate();
            rows.push([
              `${context} ${l.toFixed(2)} ${r.toFixed(2)} ${u.toFixed(2)} ${t.toFixed(2)}`,
              right,
              refused,
            ]);
          }
  // The twenty best by answers right and cited plus out-of-scope questions refused.
  for (const [name, right, refused] of rows.sort((x, y) => y[1] + y[2] - (x[1] + x[2])).slice(0, 20))
    console.log(`${name} | ${right} | ${refused}`);
  Object.assign(WEIGHTS, chosen.weights);
  Object.assign(CONFIDENCE, chosen.confidence);
}

function squash(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * Where the answerable questions are lost: the passage holding the evidence sentence is not
 * retrieved (at what depth it is), or it is and another sentence is chosen (the evidence's rank).
 */
function diagnose(prepared: Prepared[], scale: SimilarityScale | null) {
  let notRetrieved = 0;
  const ranks: number[] = [];
  for (const { item, passages } of prepared) {
    if (!item.evidence) continue;
    const needle = squash(item.evidence).slice(0, 40);
    const at = passages.findIndex((p) => squash(p.text).includes(needle));
    if (at < 0) {
      notRetrieved += 1;
      if (process.env.BENCH_VERBOSE) console.log(`not retrieved: ${item.id}`);
      continue;
    }
    const ranked = scoreSentences(item.question, passages, scale);
    const rank = ranked.findIndex(
      (c) => needle.startsWith(squash(c.text).slice(0, 40)) || squash(c.text).includes(needle.slice(0, 30)),
    );
    ranks.push(rank);
    if (process.env.BENCH_VERBOSE) console.log(`${item.id}: passage ${at}, sentence rank ${rank}`);
  }
  const within = (n: number) => ranks.filter((r) => r >= 0 && r < n).length;
  console.log(
    `\nevidence: not in the passages weighed ${notRetrieved}; retrieved ${ranks.length}, of which the chosen sentence ${within(1)}, in the top 3 ${within(3)}, top 10 ${within(10)}`,
  );
}
