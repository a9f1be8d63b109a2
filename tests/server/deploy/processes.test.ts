import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerMessage } from '../../../src/shared/chat/protocol';
import { ASKS_PER_MINUTE, askRefusals } from '../../../src/server/answering/asking';
import { addSource, form, signInSuper, pendingStatus } from '../../support/admin';
import { openChatSocket, signedInChatUser, type ChatClient } from '../../support/chat';
import { checkNginxConfig, NGINX, NGINX_CONF, startNginx } from '../../support/nginx';
import { createPostgresDatabase } from '../../support/server';
import { startServerProcess, type ServerProcess } from '../../support/server-process';
import { material } from '../../support/shared';

/**
 * The deployment of docs/deploy.md in miniature: two web processes (ROLE=web) and one worker
 * (ROLE=worker), each a real `src/server/compose/main.ts` process on a port of its own, sharing one
 * PostgreSQL database and one Redis, as behind a load balancer. Runs in the PostgreSQL pass of
 * `.ci/run`, which starts both.
 */
describe.skipIf(!process.env.DATABASE_URL || !process.env.REDIS_URL)(
  'two web processes and a worker sharing PostgreSQL and Redis',
  () => {
    let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
    const dirs: string[] = [];
    let first: ServerProcess;
    let second: ServerProcess;
    let worker: ServerProcess;
    const sockets: ChatClient[] = [];

    const start = async (role: 'web' | 'worker') => {
      const dir = await mkdtemp(path.join(os.tmpdir(), `dish-${role}-`));
      dirs.push(dir);
      // No schedule: only "Process Now" starts the worker, so the test knows when it works.
      return startServerProcess(dir, {
        ROLE: role,
        DATABASE_URL: database.url,
        REDIS_URL: process.env.REDIS_URL!,
        INGEST_INTERVAL: '0',
        AUTH_MAX_REGISTRATIONS: '100000',
      });
    };

    beforeAll(async () => {
      database = await createPostgresDatabase(process.env.DATABASE_URL!);
      // Started together: the migrations take turns under an advisory lock (db/client.ts).
      [first, second, worker] = await Promise.all([start('web'), start('web'), start('worker')]);
    }, 120_000);
    afterAll(async () => {
      for (const socket of sockets) socket.close();
      await Promise.all([first?.stop(), second?.stop(), worker?.stop()]);
      await database?.drop();
      await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    });

    /** One person's tab on each web process: one sign-in, one chat session, two sockets. */
    async function personWithTwoTabs() {
      const user = await signedInChatUser(first);
      const tabs = await Promise.all([openChatSocket(first, user), openChatSocket(second, user)]);
      sockets.push(...tabs);
      return { user, tabs };
    }

    const nextAnswer = (socket: ChatClient) =>
      new Promise<AnswerMessage>((resolve) => socket.once('answer-text', resolve));

    /**
     * Asks and resolves with the reply to this question: each tab also receives the replies to
     * the other tab's questions, the ones from the other process a moment later (through Redis).
     */
    function ask(socket: ChatClient, query: string): Promise<AnswerMessage> {
      return new Promise((resolve) => {
        const onAnswer = (message: AnswerMessage) => {
          if (message.content.response.text !== query) return;
          socket.off('answer-text', onAnswer);
          resolve(message);
        };
        socket.on('answer-text', onAnswer);
        socket.emit('question-text', {
          event: 'question-text',
          content: { query, sourceMode: 'web', project: 'dish', sessionId: '' },
        });
      });
    }

    it('a question asked on either process is answered in the tabs on both', async () => {
      const { tabs } = await personWithTwoTabs();
      for (const [asked, other] of [tabs, [tabs[1], tabs[0]]] as const) {
        const seen = nextAnswer(other);
        const answer = await ask(asked, `Where can I borrow a wheelchair? (${asked.id})`);
        expect(answer.content.response.error).toBeNull();
        expect(answer.content.response.answer).not.toBe('');
        expect((await seen).content.questionId).toBe(answer.content.questionId);
      }
    });

    it('one question at a time per session, even when the tabs are on different processes', async () => {
      const { tabs } = await personWithTwoTabs();
      const answers = tabs.map((tab) => nextAnswer(tab));
      const content = {
        query: 'What is a screen reader?',
        sourceMode: 'web' as const,
        project: 'dish',
        sessionId: '',
      };
      // Every tab sees both replies (one room); collect them on the first.
      const replies: AnswerMessage[] = [];
      tabs[0].on('answer-text', (message) => replies.push(message));
      tabs[0].emit('question-text', { event: 'question-text', content });
      tabs[1].emit('question-text', { event: 'question-text', content });
      await Promise.all(answers);
      await expect.poll(() => replies.length, { timeout: 20_000 }).toBe(2);
      expect(replies.map((r) => r.content.response.error).sort()).toEqual([askRefusals.busy, null].sort());
    });

    it('the question limit counts the questions asked through both processes together', async () => {
      const { tabs } = await personWithTwoTabs();
      for (let i = 0; i < ASKS_PER_MINUTE; i++) {
        const answer = await ask(tabs[i % 2]!, `Question number ${i + 1} about ramps`);
        expect(answer.content.response.error, `question ${i + 1}`).toBeNull();
      }
      // Half were asked on each process: neither alone has reached the limit.
      for (const tab of tabs) {
        const refused = await ask(tab, `And one more about ramps, from ${tab.id}`);
        expect(refused.content.response.error).toBe(askRefusals.tooMany);
      }
    });

    it('a spoken answer made by one process plays from the other', async () => {
      const { user, tabs } = await personWithTwoTabs();
      const answer = await ask(tabs[0], 'Where can I borrow a wheelchair?');
      const listen = await user.client.post(`/api/questions/${answer.content.questionId}/listen`, {});
      expect(listen.status).toBe(200);
      const { audioPath } = listen.body as { audioPath: string };
      const made = await fetch(`${first.url}/tts/${audioPath}`);
      const played = await fetch(`${second.url}/tts/${audioPath}`);
      expect(played.status).toBe(200);
      expect(played.headers.get('content-type')).toBe('audio/mpeg');
      expect(Buffer.from(await played.arrayBuffer())).toEqual(Buffer.from(await made.arrayBuffer()));
    });

    it('a file uploaded through the first is read by the worker and answered through the second', async () => {
      const admin = await signInSuper(first);
      const source = await addSource(admin, 'Guides');
      const added = await admin.post(
        '/admin/add_data',
        form({ queryingApp: 'dish', source, project: 'dish', location: 'Worldwide', data_type: 'doc' }, [
          { name: 'checker.docx', bytes: material('documents/docx/daisy_Accessibility_demofile.docx') },
        ]),
      );
      expect(added.status).toBe(201);
      expect((await admin.post('/admin/force_ingest_data', { queryingApp: 'dish' })).status).toBe(200);
      const watcher = await signInSuper(second);
      await expect
        .poll(() => pendingStatus(watcher, 'checker.docx'), { timeout: 90_000, interval: 250 })
        .toBe('completed');

      const user = await signedInChatUser(second);
      const socket = await openChatSocket(second, user);
      sockets.push(socket);
      const answer = await ask(socket, 'What does the accessibility checker look for?');
      expect(answer.content.response.answer).toMatch(/potential problem for people with disabilities/);
    }, 120_000);

    describe.skipIf(!NGINX)('behind nginx with deploy/nginx.conf', () => {
      let proxy: Awaited<ReturnType<typeof startNginx>>;
      beforeAll(async () => {
        proxy = await startNginx([first.url, second.url]);
      });
      afterAll(async () => {
        await proxy?.stop();
      });

      it('nginx -t accepts the file as shipped', () => {
        const check = checkNginxConfig(NGINX_CONF);
        expect(check.output).toMatch(/test is successful/);
        expect(check.ok).toBe(true);
      });

      it('a person signs in and chats through it, over a WebSocket and over long polling', async () => {
        const user = await signedInChatUser(proxy);
        const overWebSocket = await openChatSocket(proxy, user);
        // The fallback where a network blocks WebSockets: every request of the session must
        // reach the process that opened it (the /socket.io/ upstream is sticky).
        const overPolling: ChatClient = connect(proxy.url, {
          path: '/socket.io',
          query: { session_id: user.sessionId },
          transports: ['polling'],
          extraHeaders: { cookie: user.client.cookieHeader },
          reconnection: false,
        });
        sockets.push(overWebSocket, overPolling);
        await new Promise<void>((resolve, reject) => {
          overPolling.once('connect', resolve);
          overPolling.once('connect_error', reject);
        });
        for (const socket of [overWebSocket, overPolling]) {
          const answer = await ask(socket, `Where can I borrow a wheelchair? (${socket.id})`);
          expect(answer.content.response.error).toBeNull();
          expect(answer.content.response.answer).not.toBe('');
        }
        expect(overWebSocket.io.engine.transport.name).toBe('websocket');
        expect(overPolling.io.engine.transport.name).toBe('polling');
      });
    });

    // Last: it stops the second web process.
    it('SIGTERM on a web process with an answer in flight still delivers that answer', async () => {
      const { tabs } = await personWithTwoTabs();
      const [onFirst, onSecond] = tabs;
      const closed = new Promise<string>((resolve) => onSecond.once('disconnect', resolve));
      const inFlight = new Promise<void>((resolve) => onSecond.once('articulating', () => resolve()));
      const delivered = nextAnswer(onSecond);
      const seenElsewhere = nextAnswer(onFirst);
      onSecond.emit('question-text', {
        event: 'question-text',
        content: {
          query: 'Where can I borrow a wheelchair?',
          sourceMode: 'web' as const,
          project: 'dish',
          sessionId: '',
        },
      });
      await inFlight;
      const stopping = second.stop();
      const answer = await delivered;
      expect(answer.content.response.error).toBeNull();
      expect(answer.content.response.answer).not.toBe('');
      expect((await seenElsewhere).content.questionId).toBe(answer.content.questionId);
      expect(await closed).toBe('transport close');
      await stopping;
      // The first process goes on serving the same person.
      const after = await ask(onFirst, 'What is a screen reader?');
      expect(after.content.response.error).toBeNull();
    }, 60_000);
  },
);
