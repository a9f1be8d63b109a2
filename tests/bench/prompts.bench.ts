/**
 * SPEC's six suggested prompts against the knowledge base issue 30 names: the census PDF, the
 * Rehabilitation Act PDF, the Office 2010 accessibility DOCX and the APG site at depth 1, uploaded
 * and crawled through a real server with the default model (or EMBEDDING_MODEL; BENCH_MODELS=a,b
 * for several). `npx tsx tests/bench/prompts.bench.ts` prints each prompt's outcome (an answer,
 * the closest passage, or nothing), its confidence and the start of what it is given, and the
 * admin's prompt check beside it, so a reader can judge whether what is called an answer answers.
 * BENCH_DATA_DIR keeps each model's knowledge base between runs.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/raw';
import { DEFAULT_PROMPTS, promptCheckAnswer } from '../../src/shared/admin/prompts';
import { addSource, form, signInSuper } from '../support/admin';
import { askOnce, openChatSocket, signedInChatUser } from '../support/chat';
import { material, sharedPath } from '../support/shared';
import { serveSite } from '../support/static-site';
import { startBenchServer } from './bench-server';

const FILES: [string, 'pdf' | 'doc'][] = [
  ['documents/pdf/census-americans-with-disabilities-2010_us-001.pdf', 'pdf'],
  ['documents/pdf/rehabilitation-act-of-1973-amended-by-wioa.pdf', 'pdf'],
  ['documents/docx/daisy_Accessibility_demofile.docx', 'doc'],
];

const site = await serveSite(sharedPath('material/website/aria-practices/content'));
try {
  for (const model of (process.env.BENCH_MODELS ?? process.env.EMBEDDING_MODEL ?? '').split(','))
    await run(model.trim());
} finally {
  await site.stop();
}

async function run(model: string) {
  const keep = process.env.BENCH_DATA_DIR;
  const dataDir = keep
    ? path.resolve(keep, model || 'default')
    : await mkdtemp(path.join(os.tmpdir(), 'dish-prompts-'));
  const t = await startBenchServer(dataDir, model);
  const { server, config } = t;
  try {
    const admin = await signInSuper(t);
    const [{ count } = { count: 0 }] = await queryRows<{ count: number }>(
      server.database.db,
      sql`SELECT count(*)::int AS count FROM ingested_data`,
    );
    if (count === 0) {
      const source = await addSource(admin, 'Issue 30 knowledge base');
      const fields = { queryingApp: 'dish', source, project: 'dish', location: 'Worldwide' };
      for (const [file, type] of FILES)
        await admin.post(
          '/admin/add_data',
          form({ ...fields, data_type: type }, [{ name: path.basename(file), bytes: material(file) }]),
        );
      await admin.post(
        '/admin/add_data',
        form({ ...fields, data_type: 'web', url: `${site.url}/apg-home.html`, depth: 1 }),
      );
    }
    while ((await server.worker.runNow()) > 0) {
      /* until the queue is empty */
    }
    console.log(`\n# ${config.EMBEDDING_MODEL}`);
    const check = promptCheckAnswer.parse(
      (await admin.post('/admin/check_prompts', { queryingApp: 'dish', project: 'dish' })).body,
    );
    const socket = await openChatSocket(t, await signedInChatUser(t));
    for (const [i, prompt] of DEFAULT_PROMPTS.entries()) {
      const reply = await askOnce(socket, prompt);
      const answer = reply.content.response.answer.replace(/\s+/g, ' ');
      console.log(
        `\n${i + 1}. ${prompt}\n   prompt check: ${check.results[i]?.outcome}\n   chat: ${answer.slice(0, 400)}`,
      );
    }
    socket.close();
  } finally {
    await t.stop();
    if (!keep) await rm(dataDir, { recursive: true, force: true });
  }
}
