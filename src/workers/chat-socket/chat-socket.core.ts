/**
 * The chat socket's logic (SPEC §4 Socket, §7 Real-time chat), free of any runtime: the socket is
 * made by an injected factory, so the same core runs in the SharedWorker (one connection for all
 * tabs), in the page where SharedWorker is missing, and in tests with a fake socket.
 *
 * Each connecting tab opens a port; a port's listeners receive tagged envelopes. Questions asked in
 * any tab and every answer go to every tab, so all tabs show the same conversation.
 */
import type {
  EventNames,
  EventParams,
  ReservedOrUserEventNames,
  ReservedOrUserListener,
} from '@socket.io/component-emitter';
import type { ManagerReservedEvents, SocketReservedEvents } from 'socket.io-client';
import type { ConversationView } from '../../shared/chat/conversations';
import {
  ANSWER_EVENTS,
  RELOAD_REASON,
  RETRY_REASON,
  type AnswerMessage,
  type ArticulatingMessage,
  type ClientToServerEvents,
  type HandshakeRefusal,
  type QuestionMessage,
  type ServerToClientEvents,
} from '../../shared/chat/protocol';

/** SPEC §9: a message sent before the connection is established is retried once after 500 ms. */
export const RESEND_DELAY_MS = 500;
/** How many questions and answers a tab that opens later is shown. */
export const HISTORY_LIMIT = 200;

/** 'outdated': the server speaks another protocol version; only reloading the page helps. */
export type ChatSocketStatus = 'connecting' | 'connected' | 'reconnecting' | 'offline' | 'outdated';

export type ChatEnvelope =
  | { type: 'status'; status: ChatSocketStatus }
  | { type: 'answer'; message: AnswerMessage }
  | { type: 'articulating'; message: ArticulatingMessage }
  | { type: 'asked'; message: QuestionMessage }
  /** The conversation to show from now on (loaded, started anew, reopened, or none). */
  | { type: 'conversation'; conversation: ConversationView | null };

/** What a port's listener is given. Through Comlink it is a proxy whose call returns a promise. */
export type ChatListener = (envelope: ChatEnvelope) => unknown;

/**
 * The part of a socket.io-client `Socket<ServerToClientEvents, ClientToServerEvents>` the core
 * uses, typed with socket.io's own helpers so the real socket fits as it is and a fake must take
 * the same events. `io` is its Manager, which reports reconnection attempts.
 */
export interface ChatSocket {
  readonly connected: boolean;
  /** Connecting, connected or set to reconnect: false only before connect() or after a disconnect. */
  readonly active: boolean;
  readonly io: {
    on(event: 'reconnect_attempt', handler: ManagerReservedEvents['reconnect_attempt']): unknown;
  };
  on<E extends ReservedOrUserEventNames<SocketReservedEvents, ServerToClientEvents>>(
    event: E,
    handler: ReservedOrUserListener<SocketReservedEvents, ServerToClientEvents, E>,
  ): unknown;
  emit<E extends EventNames<ClientToServerEvents>>(
    event: E,
    ...args: EventParams<ClientToServerEvents, E>
  ): unknown;
  connect(): unknown;
  disconnect(): unknown;
}

/** Whether a connect_error is the server's refusal of this protocol version (see protocol.ts). */
/** Why the server refused this build's protocol version, if it did: 'reload' or 'retry'. */
function versionRefusal(error: { message: string; data?: unknown }): HandshakeRefusal['reason'] | null {
  const reason = (error.data as Partial<HandshakeRefusal> | undefined)?.reason;
  return error.message === reason && (reason === RELOAD_REASON || reason === RETRY_REASON) ? reason : null;
}

/**
 * How long to wait before trying a server that is older than this build again, by attempt: a
 * rolling deploy replaces its processes within a minute or two, and the next one may be new.
 */
export const SERVER_BEHIND_RETRY_MS: readonly number[] = [2_000, 5_000, 10_000, 30_000];

/** Makes a socket for one session id, with auto-connect off. */
export type ChatSocketFactory = (sessionId: string) => ChatSocket;

export interface AskResult {
  /** False when the socket was still not connected after the one retry: nothing was sent. */
  sent: boolean;
}

export interface ChatSocketCoreOptions {
  createSocket: ChatSocketFactory;
  resendDelayMs?: number;
  serverBehindRetryMs?: readonly number[];
}

export function createChatSocketCore({
  createSocket,
  resendDelayMs = RESEND_DELAY_MS,
  serverBehindRetryMs = SERVER_BEHIND_RETRY_MS,
}: ChatSocketCoreOptions) {
  let socket: ChatSocket | null = null;
  let sessionId: string | null = null;
  let status: ChatSocketStatus = 'offline';
  /**
   * The server refused this build's protocol version. For good: this code (the page's, or the
   * SharedWorker's, which the old tabs keep) stays outdated until its tabs reload.
   */
  let outdated = false;
  /** Tries of a server older than this build, and the timer of the next one. */
  let serverBehindTries = 0;
  let serverBehindTimer: ReturnType<typeof setTimeout> | undefined;
  /** Questions and answers of the current session, replayed to tabs that subscribe later. */
  let history: ChatEnvelope[] = [];
  /** Listeners by port: a port's close event is unreliable, so a tab says goodbye for itself. */
  const ports = new Map<number, Set<ChatListener>>();
  let nextPortId = 1;

  function deliver(listener: ChatListener, envelope: ChatEnvelope): void {
    try {
      // A Comlink proxy answers with a promise, which rejects when its tab is gone.
      const result = listener(envelope);
      if (result instanceof Promise) result.catch(() => undefined);
    } catch (error) {
      console.error('A chat listener failed:', error);
    }
  }

  function broadcast(envelope: ChatEnvelope): void {
    // A conversation shown replaces what came before it: a later tab starts from it.
    if (envelope.type === 'conversation') history = [envelope];
    else if (envelope.type === 'asked' || envelope.type === 'answer') {
      history.push(envelope);
      if (history.length > HISTORY_LIMIT) {
        const shown = history[0]?.type === 'conversation' ? [history[0]] : [];
        history = [...shown, ...history.slice(-HISTORY_LIMIT)];
      }
    }
    for (const listeners of ports.values()) for (const listener of listeners) deliver(listener, envelope);
  }

  function setStatus(next: ChatSocketStatus): void {
    if (next === status) return;
    status = next;
    broadcast({ type: 'status', status });
  }

  function drop(): void {
    if (!socket) return;
    const old = socket;
    socket = null;
    sessionId = null;
    history = [];
    clearTimeout(serverBehindTimer);
    serverBehindTries = 0;
    old.disconnect();
    setStatus('offline');
  }

  function open(id: string): ChatSocket {
    const created = createSocket(id);
    // Events of a replaced socket are ignored: a late answer must not reach the next user.
    const current = () => socket === created;
    created.on('connect', () => {
      if (!current()) return;
      serverBehindTries = 0;
      setStatus('connected');
    });
    created.on('disconnect', () => current() && setStatus('offline'));
    created.on('connect_error', (error) => {
      if (!current()) return;
      const refused = versionRefusal(error);
      if (refused === RELOAD_REASON) {
        outdated = true;
        setStatus('outdated');
      } else if (refused === RETRY_REASON) {
        // Not the user's to mend: the socket tries again by itself, and the tabs show it reconnecting.
        const delay = serverBehindRetryMs[Math.min(serverBehindTries++, serverBehindRetryMs.length - 1)];
        serverBehindTimer = setTimeout(() => current() && !created.active && created.connect(), delay);
        setStatus('reconnecting');
      } else if (status !== 'reconnecting') setStatus('offline');
    });
    created.io.on('reconnect_attempt', () => current() && setStatus('reconnecting'));
    for (const event of ANSWER_EVENTS) {
      created.on(event, (message) => current() && broadcast({ type: 'answer', message }));
    }
    created.on('articulating', (message) => {
      if (current()) broadcast({ type: 'articulating', message });
    });
    return created;
  }

  /** Connects for `id`; a different id (a new sign-in) replaces the socket. No id, no socket. */
  function connect(id: string): ChatSocketStatus {
    // Trying again would only be refused again: the tabs show the reload message instead.
    if (!id || outdated) return status;
    if (socket && sessionId !== id) drop();
    if (!socket) {
      socket = open(id);
      sessionId = id;
    }
    // Only a socket that is not already on its way: connect() on one still opening sends its
    // namespace a second CONNECT, and the server makes a second socket (two tabs at once did).
    if (!socket.active) {
      if (status === 'offline') setStatus('connecting');
      socket.connect();
    }
    return status;
  }

  function emitNow(message: QuestionMessage): boolean {
    if (!socket?.connected || !sessionId) return false;
    // The chat builds the content with an empty session id; the socket client fills it in.
    const filled: QuestionMessage = { ...message, content: { ...message.content, sessionId } };
    socket.emit(filled.event, filled);
    broadcast({ type: 'asked', message: filled });
    return true;
  }

  /** Sends now if connected, else once more after the resend delay (SPEC §4 Socket). */
  async function ask(message: QuestionMessage): Promise<AskResult> {
    if (emitNow(message)) return { sent: true };
    await new Promise((resolve) => setTimeout(resolve, resendDelayMs));
    return { sent: emitNow(message) };
  }

  /** One connecting tab: its API, whose listeners are removed together on goodbye. */
  function openPort() {
    const portId = nextPortId++;
    return {
      connect: (id: string): Promise<ChatSocketStatus> => Promise.resolve(connect(id)),
      ask: (message: QuestionMessage): Promise<AskResult> => ask(message),
      /** The listener is given the status now, then the conversation so far, then what follows. */
      subscribe: (listener: ChatListener): Promise<void> => {
        const listeners = ports.get(portId) ?? new Set<ChatListener>();
        ports.set(portId, listeners);
        listeners.add(listener);
        deliver(listener, { type: 'status', status });
        for (const envelope of history) deliver(listener, envelope);
        return Promise.resolve();
      },
      /** Every tab shows this conversation from now on, followed by what is asked and answered. */
      show: (conversation: ConversationView | null): Promise<void> =>
        Promise.resolve(broadcast({ type: 'conversation', conversation })),
      /** Closes the connection and forgets the conversation (signing out). */
      disconnect: (): Promise<void> => Promise.resolve(drop()),
      /** The tab is going away (pagehide): forget its listeners. */
      goodbye: (): Promise<void> => {
        ports.delete(portId);
        return Promise.resolve();
      },
    };
  }

  return {
    openPort,
    /** For tests and diagnostics. */
    get status(): ChatSocketStatus {
      return status;
    },
    get listenerCount(): number {
      let count = 0;
      for (const listeners of ports.values()) count += listeners.size;
      return count;
    },
  };
}

export type ChatSocketCore = ReturnType<typeof createChatSocketCore>;
export type ChatSocketPortApi = ReturnType<ChatSocketCore['openPort']>;
