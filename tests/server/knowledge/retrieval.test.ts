import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retrieve, unknownTerms } from '../../../src/server/answering/retrieval';
import { queryRows } from '../../../src/server/db/raw';
import type { Client } from '../../support/http';
import { addSource, form, SUPER_ENV, signInSuper } from '../../support/admin';
import { material, PLUMBING_MODEL_ENV } from '../../support/shared';
import { startTestServer, type TestServer } from '../../support/server';

// The plumbing fixture: real tokenizer, random weights. It proves the loading and vector path,
// not semantic quality (MODELS.md).
let t: TestServer;
let admin: Client;
beforeAll(async () => {
  t = await startTestServer({
    ...SUPER_ENV,
    ...PLUMBING_MODEL_ENV,
  });
  admin = await signInSuper(t);
  const source = await addSource(admin, 'Laws and guides');
  const fields = { queryingApp: 'dish', source, project: 'dish', location: 'United States' };
  await admin.post(
    '/admin/add_data',
    form({ ...fields, data_type: 'pdf' }, [
      { name: 'udhr-en.pdf', bytes: material('documents/pdf/udhr_english_Latn.ENG_Sans_12.pdf') },
      { name: 'itacm.pdf', bytes: material('documents/pdf/ITACM-Tables-Worksheet-for-PDF.pdf') },
    ]),
  );
  await admin.post(
    '/admin/add_data',
    form({ ...fields, data_type: 'doc' }, [
      { name: 'demo.docx', bytes: material('documents/docx/daisy_Accessibility_demofile.docx') },
    ]),
  );
  await t.server.worker.runNow();
}, 120_000);
afterAll(() => t.stop());

const db = () => t.server.database.db;
// PGlite ships pgvector; PostgreSQL has it where it was installed (.ci/start-postgres.sh builds it).
let vectorsInDb = false;
beforeAll(async () => {
  const [row] = await queryRows<{ ok: boolean }>(
    db(),
    sql`SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') AS ok`,
  );
  vectorsInDb = Boolean(row?.ok);
});
const vectorsExpected = () => vectorsInDb;

describe('hybrid retrieval', () => {
  it('embeds every passage when the database has pgvector and a model is loaded', async () => {
    expect(t.server.index.usesVectors).toBe(vectorsExpected());
    if (!vectorsExpected()) return;
    const [counts] = await queryRows<{ total: number; embedded: number }>(
      db(),
      sql`SELECT count(*)::int AS total, count(embedding)::int AS embedded FROM chunks`,
    );
    expect(counts!.total).toBeGreaterThan(3);
    expect(counts!.embedded).toBe(counts!.total);
  });

  it('finds the passage that answers, with its item, title and score', async () => {
    const [best] = await retrieve(db(), t.server.index, 'What does the accessibility checker look for?', {
      projects: ['dish'],
    });
    expect(best?.text).toMatch(/document inspector/);
    expect(best?.title).toBeTruthy();
    expect(best?.score).toBeGreaterThan(0);
  });

  it('finds a table value in a PDF', async () => {
    const passages = await retrieve(db(), t.server.index, 'movie club annual price for students', {
      projects: ['dish'],
    });
    expect(passages.some((p) => /Monthly Movie Club/i.test(p.text))).toBe(true);
  });

  it('stems English: "disabled" finds "disability"', async () => {
    // The words' ranking alone: the plumbing model's rankings are noise, and two of them (the
    // passages' and the sentences') may put any passage among the first three.
    const passages = await retrieve(db(), t.server.index, 'security for the disabled', {
      projects: ['dish'],
      limit: 3,
      vectors: false,
    });
    expect(passages.some((p) => /disability/i.test(p.text))).toBe(true);
  });

  it('weighs a rare word above one most passages hold', async () => {
    // "right" is in most passages of the Declaration, several times each; "column" is in one
    // passage of the worksheet. Unweighted, the Declaration's passages came first.
    const [first] = await retrieve(db(), t.server.index, 'Which column is on the right?', {
      projects: ['dish'],
      limit: 1,
      vectors: false,
    });
    expect(first?.text).toMatch(/column/i);
  });

  it('ranks a question in a script the model does not read by its words alone', async () => {
    // No passage here is in Hindi: the English model's vector of the question would rank noise.
    expect(
      await retrieve(db(), t.server.index, 'बीमारी में सुरक्षा का अधिकार किसे है?', { projects: ['dish'] }),
    ).toEqual([]);
  });

  it('counts a long word no passage holds as unknown, but never a stop word', async () => {
    const unknown = await unknownTerms(
      db(),
      t.server.index,
      'Do the methylphenidate trials have to include disabled people themselves?',
      ['dish'],
    );
    expect(unknown).toContain('methylphenidate');
    expect(unknown).not.toContain('themselves');
    expect(unknown).not.toContain('disabled');
  });

  it('returns nothing for another project or an empty question', async () => {
    expect(await retrieve(db(), t.server.index, 'accessibility checker', { projects: ['blimey'] })).toEqual(
      [],
    );
    expect(await retrieve(db(), t.server.index, '   ', { projects: ['dish'] })).toEqual([]);
  });
});
