import { io as connect, type Socket } from 'socket.io-client';
import {
  PROTOCOL_VERSION,
  type AnswerMessage,
  type ClientToServerEvents,
  type QuestionEvent,
  type ServerToClientEvents,
} from '../../src/shared/chat/protocol';
import { Client, newUser } from './http';
import type { TestServer } from './server';

export type ChatClient = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A newly registered, signed-in user: the HTTP client with its cookie and the chat session id. */
export async function signedInChatUser(
  t: Pick<TestServer, 'url'>,
): Promise<{ client: Client; sessionId: string }> {
  const account = newUser();
  const client = new Client(t.url);
  await client.post('/auth/register', account);
  const login = await client.post('/auth/login', { emailOrPhone: account.email, password: account.password });
  return { client, sessionId: String(login.body.sessionId) };
}

/** A real socket.io client connected as that user, as the chat's SharedWorker connects. */
export async function openChatSocket(
  t: Pick<TestServer, 'url'>,
  user: { client: Client; sessionId: string },
  transports: ('websocket' | 'polling')[] = ['websocket'],
): Promise<ChatClient> {
  const socket: ChatClient = connect(t.url, {
    path: '/socket.io',
    query: { session_id: user.sessionId },
    auth: { protocolVersion: PROTOCOL_VERSION },
    transports,
    extraHeaders: { cookie: user.client.cookieHeader },
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

/** A real socket.io client connected with an authorized project's API key, as a partner's app connects. */
export async function openKeySocket(
  t: Pick<TestServer, 'url'>,
  apiKey: string,
  sessionId: string,
): Promise<ChatClient> {
  const socket: ChatClient = connect(t.url, {
    path: '/socket.io',
    query: { session_id: sessionId },
    auth: { apiKey },
    transports: ['websocket'],
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Sends a question (with any other fields of its content) and resolves with the answer to it. */
export function askOnce(
  socket: ChatClient,
  query: unknown,
  event: QuestionEvent = 'question-text',
  extra: Record<string, unknown> = {},
): Promise<AnswerMessage> {
  const answerEvent = event.replace('question', 'answer') as AnswerMessage['event'];
  return new Promise((resolve) => {
    socket.once(answerEvent, resolve);
    socket.emit(event, {
      event,
      content: { query, sourceMode: 'web', project: 'dish', sessionId: '', ...extra },
    } as never);
  });
}
