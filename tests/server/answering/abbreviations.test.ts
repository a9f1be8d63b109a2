import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longFormsFor } from '../../../src/server/answering/abbreviations';
import { setSourceActive } from '../../../src/server/knowledge/sources';
import { addSource, form, SUPER_ENV, signInSuper } from '../../support/admin';
import { askOnce, openChatSocket, signedInChatUser, type ChatClient } from '../../support/chat';
import type { Client } from '../../support/http';
import { material } from '../../support/shared';
import { startTestServer, type TestServer } from '../../support/server';

// A question that uses an abbreviation its answer spells out: the SaveAsDAISY guidelines define
// "Table of Contents (TOC)" once, and say elsewhere that the Table of Contents should be removed.
let t: TestServer;
let admin: Client;
let socket: ChatClient;
let source: string;

const GUIDELINES = 'documents/docx/daisy_Authoring_Guidelines_For_using_SaveAsDAISY.docx';

beforeAll(async () => {
  t = await startTestServer({ ...SUPER_ENV, INGEST_INTERVAL: '0' });
  admin = await signInSuper(t);
  source = await addSource(admin, 'Authoring guides');
  const res = await admin.post(
    '/admin/add_data',
    form({ queryingApp: 'dish', data_type: 'doc', source, project: 'dish', location: 'Worldwide' }, [
      { name: GUIDELINES.split('/').at(-1)!, bytes: material(GUIDELINES) },
    ]),
  );
  expect(res.status).toBe(201);
  while ((await t.server.worker.runNow()) > 0) {
    /* until the queue is empty */
  }
  socket = await openChatSocket(t, await signedInChatUser(t));
}, 300_000);
afterAll(async () => {
  socket?.close();
  await t?.stop();
});

describe('abbreviations the knowledge base defines', () => {
  it('are read from its passages', async () => {
    const forms = await longFormsFor(t.server.database.db, t.server.index, 'Is a TOC needed?', ['dish']);
    expect(forms).toEqual(new Map([['TOC', 'Table of Contents']]));
  });

  it('are searched spelled out: a question in the short form is answered, not refused', async () => {
    // Without the long form, the model and the words find nothing near "TOC" and it is refused.
    const question = 'Is the TOC kept in the DAISY book?';
    const reply = await askOnce(socket, question);
    // Answered from the guidelines' sentences on the Table of Contents (which one leads depends on
    // the models: the one on removing it, or the one on keeping it), with the guidelines as source.
    expect(reply.content.response.answer).toMatch(/^[^\n]*Table of Content/);
    expect(reply.content.response.answer).toContain('daisy_Authoring_Guidelines_For_using_SaveAsDAISY.docx');
    // The question is shown and kept as it was asked.
    expect(reply.content.response.text).toBe(question);
  });

  it('are none from a disabled source, nor in another project', async () => {
    expect((await longFormsFor(t.server.database.db, t.server.index, 'TOC?', ['blimey'])).size).toBe(0);
    const db = t.server.database.db;
    await setSourceActive(db, source, false);
    try {
      expect((await longFormsFor(db, t.server.index, 'TOC?', ['dish'])).size).toBe(0);
    } finally {
      await setSourceActive(db, source, true);
    }
  });
});
