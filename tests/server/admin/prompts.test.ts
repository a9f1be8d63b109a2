import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PROMPTS, promptMessages } from '../../../src/shared/admin/prompts';
import { addSource, form, SUPER_ENV, signInSuper, signInUser } from '../../support/admin';
import { Client } from '../../support/http';
import { startTestServer, type TestServer } from '../../support/server';

// Issue 14 item 4: the dashboard's suggested prompts, per project, edited by its admins, and the
// "finds nothing" report run through the chat's own retrieval and refusal (the real model).
let t: TestServer;
let dishAdmin: Client;
let blimeyAdmin: Client;
let user: Client;

const NAVIGATION = [
  'Getting around a new place with a visual impairment.',
  'A person with a visual impairment can navigate a new place with a long white cane, a guide dog,',
  'tactile paving on the ground and a smartphone app that reads out street names and crossings.',
  'Orientation and mobility instructors teach the routes first, landmark by landmark.',
].join(' ');

beforeAll(async () => {
  t = await startTestServer({ ...SUPER_ENV, INGEST_INTERVAL: '0' });
  const root = await signInSuper(t);
  dishAdmin = await signInUser(t, ['dish']);
  blimeyAdmin = await signInUser(t, ['blimey']);
  user = await signInUser(t);
  const source = await addSource(root, 'Mobility notes');
  const res = await root.post(
    '/admin/add_data',
    form({ queryingApp: 'dish', data_type: 'doc', source, project: 'dish', location: 'India' }, [
      { name: 'navigation.txt', bytes: new TextEncoder().encode(NAVIGATION) },
    ]),
  );
  expect(res.status).toBe(201);
  while ((await t.server.worker.runNow()) > 0) {
    /* until the queue is empty */
  }
}, 300_000);
afterAll(async () => {
  await t?.stop();
});

const save = (client: Client, prompts: unknown, project = 'dish') =>
  client.post('/admin/set_prompts', { queryingApp: 'dish', project, prompts });

describe('suggested prompts', () => {
  it('are SPEC’s six for a project whose admins never changed them', async () => {
    const res = await blimeyAdmin.get('/api/prompts?project=blimey');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ project: 'blimey', prompts: DEFAULT_PROMPTS, custom: false });
  });

  it('answer 404 for a project the reader may not use, as for one that does not exist', async () => {
    // A user registered through dish uses dish only (issue 31).
    expect((await user.get('/api/prompts?project=blimey')).status).toBe(404);
    expect((await user.get('/api/prompts?project=dish')).status).toBe(200);
  });

  it('are read by signed-in people only', async () => {
    expect((await new Client(t.url).get('/api/prompts')).status).toBe(401);
  });

  it('answer 404 for a project that does not exist', async () => {
    expect((await user.get('/api/prompts?project=nowhere')).status).toBe(404);
  });

  it('are replaced by an admin of the project, and every user then sees the new ones', async () => {
    const prompts = ['How do I get around a new town with a white cane?', 'What is a screen reader?'];
    const res = await save(dishAdmin, prompts);
    expect(res.status).toBe(200);
    const read = await user.get('/api/prompts');
    expect(read.body).toEqual({ project: 'dish', prompts, custom: true });
  });

  it('are refused to an admin of another project (403), a user (403) and nobody (401)', async () => {
    expect((await save(blimeyAdmin, ['Anything?'])).status).toBe(403);
    expect((await save(user, ['Anything?'])).status).toBe(403);
    expect((await save(new Client(t.url), ['Anything?'])).status).toBe(401);
  });

  it.each([
    [[], promptMessages.none],
    [['  '], promptMessages.empty],
    [['x'.repeat(201)], promptMessages.tooLong],
    [['a?', 'b?', 'c?', 'd?', 'e?', 'f?', 'g?'], promptMessages.tooMany],
    [['Same?', 'same?'], promptMessages.duplicate],
  ])('refuse a bad list with its sentence (400): %j', async (prompts, message) => {
    const res = await save(dishAdmin, prompts);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe('what each prompt finds', () => {
  it('runs each prompt through the chat’s retrieval and refusal, recording no question', async () => {
    await save(dishAdmin, [
      'How can a person with a visual impairment navigate a new place?',
      'How can a deaf-blind person use a computer?',
    ]);
    const before = await dishAdmin.post('/admin/get_questions', {
      queryingApp: 'dish',
      query: {},
      queryOptions: { limit: 10, skip: 0 },
    });
    const res = await dishAdmin.post('/admin/check_prompts', { queryingApp: 'dish', project: 'dish' });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { prompt: 'How can a person with a visual impairment navigate a new place?', outcome: 'answer' },
      { prompt: 'How can a deaf-blind person use a computer?', outcome: 'none' },
    ]);
    const after = await dishAdmin.post('/admin/get_questions', {
      queryingApp: 'dish',
      query: {},
      queryOptions: { limit: 10, skip: 0 },
    });
    expect(after.body.total).toBe(before.body.total);
  }, 120_000);

  it('is for admins of the project only', async () => {
    const body = { queryingApp: 'dish', project: 'dish' };
    expect((await blimeyAdmin.post('/admin/check_prompts', body)).status).toBe(403);
    expect((await user.post('/admin/check_prompts', body)).status).toBe(403);
    expect((await new Client(t.url).post('/admin/check_prompts', body)).status).toBe(401);
    expect((await dishAdmin.post('/admin/check_prompts', { queryingApp: 'dish' })).status).toBe(400);
  });
});
