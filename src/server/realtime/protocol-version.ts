import type { Socket } from 'socket.io';
import {
  PROTOCOL_VERSION,
  RELOAD_MESSAGE,
  RELOAD_REASON,
  RETRY_MESSAGE,
  RETRY_REASON,
  UNVERSIONED_PROTOCOL,
  type HandshakeRefusal,
} from '../../shared/chat/protocol';
import { handshakeAuth } from '../../shared/chat/schemas';

/** The project API key a client presents: in the handshake's `auth`, or as an `X-API-Key` header. */
export function handshakeApiKey(handshake: Socket['handshake']): string | null {
  const sent = handshakeAuth.shape.apiKey.safeParse(
    (handshake.auth as Record<string, unknown> | undefined)?.apiKey,
  );
  const key = (sent.success ? sent.data : undefined) ?? handshake.headers['x-api-key'];
  return typeof key === 'string' && key ? key : null;
}

/** The refusal the client receives as its connect_error: `message` the reason, `data` what to say. */
export type VersionRefusal = Error & { data: HandshakeRefusal };

/**
 * Null when the client speaks this server's protocol, else the refusal to hand to `next()`. A tab
 * left open across a deploy would otherwise connect and then misread events, failing quietly;
 * refused here, it tells its user to reload. A client newer than this server met a process that a
 * rolling deploy has not replaced yet: it is told so, and tries again later. A version that is no
 * number at all is a broken client: it is told to reload.
 *
 * Without a version: a browser tab built before versioning speaks UNVERSIONED_PROTOCOL; a client
 * with a project API key is a partner's program, which cannot reload, and is let in (it may send
 * the version to be checked, and then is).
 */
export function versionRefusal(handshake: Socket['handshake']): VersionRefusal | null {
  const raw: unknown = (handshake.auth as Record<string, unknown> | undefined)?.protocolVersion;
  if (raw === undefined && handshakeApiKey(handshake)) return null;
  const sent = handshakeAuth.shape.protocolVersion.safeParse(raw ?? UNVERSIONED_PROTOCOL);
  if (sent.success && sent.data === PROTOCOL_VERSION) return null;
  const serverBehind = sent.success && sent.data !== undefined && sent.data > PROTOCOL_VERSION;
  const data: HandshakeRefusal = serverBehind
    ? { reason: RETRY_REASON, behind: 'server', message: RETRY_MESSAGE, protocolVersion: PROTOCOL_VERSION }
    : { reason: RELOAD_REASON, behind: 'client', message: RELOAD_MESSAGE, protocolVersion: PROTOCOL_VERSION };
  return Object.assign(new Error(data.reason), { data });
}
