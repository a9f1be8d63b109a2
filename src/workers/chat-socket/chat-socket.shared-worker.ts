/**
 * The SharedWorker that owns the ONE chat socket for all tabs of the app. Each tab connects a port
 * and talks to the core through Comlink; the logic lives in chat-socket.core.ts.
 */
import * as Comlink from 'comlink';
import { createChatSocketCore } from './chat-socket.core';
import { socketIoFactory } from './chat-socket.io';

/** The part of SharedWorkerGlobalScope used here, typed locally so the app tsconfig reads this file. */
interface ConnectScope {
  readonly location: { readonly origin: string };
  addEventListener(type: 'connect', listener: (event: MessageEvent) => void): void;
}
const scope = self as unknown as ConnectScope;

const core = createChatSocketCore({ createSocket: socketIoFactory(scope.location.origin) });

/** Gives one tab its own API over its port, so its listeners can be dropped together. */
function exposeTo(port: MessagePort) {
  const api = core.openPort();
  Comlink.expose(api, port);
  return api;
}

export type ChatSocketApi = ReturnType<typeof exposeTo>;

scope.addEventListener('connect', (event) => {
  const port = event.ports[0];
  if (port) exposeTo(port);
});
