/**
 * A test double of the socket.io client interface the chat core uses (on/emit/connect/disconnect
 * plus the Manager's reconnect events), with methods that play the server's part.
 */
import type {
  EventNames,
  EventParams,
  ReservedOrUserEventNames,
  ReservedOrUserListener,
} from '@socket.io/component-emitter';
import type { Socket, SocketReservedEvents } from 'socket.io-client';
import {
  PROTOCOL_VERSION,
  RELOAD_MESSAGE,
  RELOAD_REASON,
  RETRY_MESSAGE,
  RETRY_REASON,
  type HandshakeRefusal,
  type AnswerEvent,
  type AnswerMessage,
  type AnswerResponse,
  type ClientToServerEvents,
  type QuestionMessage,
  type ServerToClientEvents,
} from '../../../src/shared/chat/protocol';
import type { ChatSocket, ChatSocketFactory } from '../../../src/workers/chat-socket/chat-socket.core';

/** What a client hears: the server's events and socket.io's own (connect, connect_error, disconnect). */
type Heard = SocketReservedEvents & ServerToClientEvents;
type Handler = (...args: never[]) => void;

/** The Manager's part: reconnection attempts. */
class ManagerEmitter {
  private readonly handlers: ((attempt: number) => void)[] = [];

  on(_event: 'reconnect_attempt', handler: (attempt: number) => void): this {
    this.handlers.push(handler);
    return this;
  }

  fire(attempt: number): void {
    for (const handler of this.handlers) handler(attempt);
  }
}

/** Typed like socket.io-client's Socket: only the protocol's events can be heard or played. */
class Emitter {
  private readonly handlers = new Map<string, Handler[]>();

  on<E extends ReservedOrUserEventNames<SocketReservedEvents, ServerToClientEvents>>(
    event: E,
    handler: ReservedOrUserListener<SocketReservedEvents, ServerToClientEvents, E>,
  ): this {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler as Handler]);
    return this;
  }

  fire<E extends keyof Heard>(event: E, ...args: Parameters<Heard[E]>): void {
    for (const handler of this.handlers.get(event) ?? []) (handler as (...a: unknown[]) => void)(...args);
  }
}

export class FakeSocket extends Emitter implements ChatSocket {
  connected = false;
  /** As socket.io-client's: set by connect(), cleared by disconnect() or the server's. */
  active = false;
  readonly io = new ManagerEmitter();
  /** What the client emitted, in order. */
  readonly sent: { event: EventNames<ClientToServerEvents>; message: QuestionMessage }[] = [];
  connectCalls = 0;
  disconnectCalls = 0;

  constructor(readonly sessionId: string) {
    super();
  }

  emit<E extends EventNames<ClientToServerEvents>>(
    event: E,
    ...[message]: EventParams<ClientToServerEvents, E>
  ): this {
    this.sent.push({ event, message });
    return this;
  }

  connect(): this {
    this.connectCalls++;
    this.active = true;
    return this;
  }

  disconnect(): this {
    this.disconnectCalls++;
    this.active = false;
    if (this.connected) this.drop('io client disconnect');
    return this;
  }

  // The server's side.

  open(): void {
    this.connected = true;
    this.fire('connect');
  }

  drop(reason: Socket.DisconnectReason = 'transport close'): void {
    this.connected = false;
    // A transport that closed is reconnected by the client itself; a server's disconnect is final.
    if (reason === 'io server disconnect') this.active = false;
    this.fire('disconnect', reason);
  }

  /** The server refuses this build's protocol version (a deploy while the tab was open). */
  refuseAsOutdated(): void {
    this.refuseVersion({
      reason: RELOAD_REASON,
      behind: 'client',
      message: RELOAD_MESSAGE,
      protocolVersion: PROTOCOL_VERSION + 1,
    });
  }

  /** A process older than this build refuses it (a rolling deploy half done). */
  refuseAsServerBehind(): void {
    this.refuseVersion({
      reason: RETRY_REASON,
      behind: 'server',
      message: RETRY_MESSAGE,
      protocolVersion: PROTOCOL_VERSION - 1,
    });
  }

  private refuseVersion(data: HandshakeRefusal): void {
    this.active = false;
    this.fire('connect_error', Object.assign(new Error(data.reason), { data }));
  }

  reconnectAttempt(attempt = 1): void {
    this.io.fire(attempt);
  }

  answer(message: AnswerMessage): void {
    this.fire(message.event, message);
    this.fire('message', message);
  }

  articulate(text: string): void {
    this.fire('articulating', { event: 'articulating', content: { text } });
  }
}

/** A socket factory that records the sockets it made. */
export function fakeSockets() {
  const made: FakeSocket[] = [];
  const factory: ChatSocketFactory = (sessionId) => {
    const socket = new FakeSocket(sessionId);
    made.push(socket);
    return socket;
  };
  return {
    made,
    factory,
    /** The newest socket; fails the test if none was made. */
    get last(): FakeSocket {
      const socket = made.at(-1);
      if (!socket) throw new Error('no socket was made');
      return socket;
    },
  };
}

/** An answer as the server sends it (SPEC §3 Socket answer). */
export function answerOf(event: AnswerEvent, response: Partial<AnswerResponse> = {}): AnswerMessage {
  return {
    event,
    content: {
      response: { answer: '', error: null, text: '', audioPath: null, links: [], ...response },
      questionId: 'q-1',
    },
  };
}

/** A question as the chat builds it: the session id is left empty for the socket client to fill. */
export function questionOf(
  query: string,
  event: QuestionMessage['event'] = 'question-text',
): QuestionMessage {
  return { event, content: { query, sourceMode: 'web', project: 'dish', sessionId: '' } };
}
