import { eq } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerMessage } from '../../../src/shared/chat/protocol';
import { sha256 } from '../../../src/server/access/secrets';
import { projectKeys } from '../../../src/server/db/schema';
import type { Client } from '../../support/http';
import { SUPER_ENV, signInSuper, signInUser } from '../../support/admin';
import { askOnce, openChatSocket, signedInChatUser } from '../../support/chat';
import { startTestServer, type TestServer } from '../../support/server';

let t: TestServer;
let root: Client;
beforeAll(async () => {
  t = await startTestServer(SUPER_ENV);
  root = await signInSuper(t);
});
afterAll(() => t.stop());

describe('create_project', () => {
  it('gives a super admin a project id and an API key shown once, stored only as a hash', async () => {
    const res = await root.post('/project_auth/create_project', {
      name: 'Sign Language App',
      description: 'Asks in ISL',
    });
    expect(res.status).toBe(201);
    const { projectId, apiKey } = res.body as { projectId: string; apiKey: string };
    expect(projectId).toBe('sign_language_app');
    expect(apiKey.length).toBeGreaterThan(30);
    const [row] = await t.server.database.db
      .select()
      .from(projectKeys)
      .where(eq(projectKeys.project, projectId));
    expect(row?.hash).toBe(sha256(apiKey));
    expect(JSON.stringify(row)).not.toContain(apiKey);

    const again = await root.post('/project_auth/create_project', {
      name: 'Sign Language App',
      description: 'Second',
    });
    expect((again.body as { projectId: string }).projectId).not.toBe(projectId);
  });

  it("lets the project's key open the chat socket and ask, and refuses a wrong key", async () => {
    const { apiKey, projectId } = (
      await root.post('/project_auth/create_project', { name: 'Partner', description: 'x' })
    ).body as { projectId: string; apiKey: string };
    const open = (key: string) =>
      new Promise<ReturnType<typeof connect> | string>((resolve) => {
        const socket = connect(t.url, {
          path: '/socket.io',
          query: { session_id: 'partner-session' },
          auth: { apiKey: key },
          transports: ['websocket'],
          reconnection: false,
        });
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', (e) => resolve(e.message));
      });
    expect(await open('dish_wrong')).toBe('unauthorized');
    const socket = await open(apiKey);
    if (typeof socket === 'string') throw new Error(socket);
    const answer = await new Promise<AnswerMessage>((resolve) => {
      socket.once('answer-text', resolve);
      socket.emit('question-text', {
        event: 'question-text',
        content: { query: 'What is braille?', sourceMode: 'web', project: 'dish', sessionId: '' },
      });
    });
    socket.close();
    expect(answer.content.response.error).toBeNull();
    const listed = await root.post('/admin/get_questions', {
      queryingApp: 'dish',
      search: `asked_via: ${projectId}`,
    });
    // The key's own project answered, not the project named in the message; the super admin,
    // who administers every project, sees the question under it.
    expect(listed.body.total).toBe(1);
    expect((listed.body.data as { project: string }[])[0]?.project).toBe(projectId);
  });

  it('is for super admins only and needs a name and a description', async () => {
    const admin = await signInUser(t, ['dish']);
    expect((await admin.post('/project_auth/create_project', { name: 'x', description: 'y' })).status).toBe(
      403,
    );
    expect((await root.post('/project_auth/create_project', { name: '', description: 'y' })).status).toBe(
      400,
    );
    expect((await root.post('/project_auth/create_project', { name: 'x' })).status).toBe(400);
  });
});

describe('get_questions', () => {
  it('lists the questions of the admin’s projects with their history, newest first', async () => {
    const user = await signedInChatUser(t);
    const socket = await openChatSocket(t, user);
    await askOnce(socket, 'Which screen reader is free?');
    await askOnce(socket, '/stats', 'question-stats');
    socket.close();
    const res = await root.post('/admin/get_questions', {
      queryingApp: 'dish',
      queryOptions: { limit: 10, skip: 0 },
    });
    expect(res.status).toBe(200);
    const [latest, earlier] = res.body.data as {
      query: string;
      history: { type: string }[];
      status: string;
    }[];
    expect(latest?.query).toBe('/stats');
    expect(earlier).toMatchObject({ query: 'Which screen reader is free?', status: 'answered' });
    expect(earlier?.history.map((e) => e.type)).toEqual([
      'detect-language-query',
      'detected-language',
      'query-response',
    ]);
    const searched = await root.post('/admin/get_questions', {
      queryingApp: 'dish',
      search: 'question: screen reader',
    });
    expect(searched.body.total).toBe(1);
  });

  it('is refused to non-admins and shows an admin of another project nothing of this one', async () => {
    expect((await (await signInUser(t)).post('/admin/get_questions', { queryingApp: 'dish' })).status).toBe(
      403,
    );
    const other = await signInUser(t, ['blimey']);
    expect((await other.post('/admin/get_questions', { queryingApp: 'blimey' })).body.total).toBe(0);
  });
});
