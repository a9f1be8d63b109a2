import type { Socket } from 'socket.io';
import {
  PROTOCOL_VERSION,
  RELOAD_MESSAGE,
  RELOAD_REASON,
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

/** The refusal the client receives as its connect_error: `message` 'reload', `data` what to say. */
export type VersionRefusal = Error & { data: HandshakeRefusal };

/**
 * Null when the client speaks this server's protocol, else the refusal to hand to `next()`. A tab
 * left open across a deploy would otherwise connect and then misread events, failing quietly;
 * refused here, it tells its user to reload.
 *
 * Without a version: a browser tab built before versioning speaks UNVERSIONED_PROTOCOL; a client
 * with a project API key is a partner's program, which cannot reload, and is let in (it may send
 * the version to be checked, and then is).
 */
export function versionRefusal(handshake: Socket['handshake']): VersionRefusal | null {
  const raw: unknown = (handshake.auth as Record<string, unknown> | undefined)?.protocolVersion;
  if (raw === undefined) {
    if (handshakeApiKey(handshake) || UNVERSIONED_PROTOCOL === PROTOCOL_VERSION) return null;
  } else {
    const sent = handshakeAuth.shape.protocolVersion.safeParse(raw);
    if (sent.success && sent.data === PROTOCOL_VERSION) return null;
  }
  const refusal = new Error(RELOAD_REASON) as VersionRefusal;
  refusal.data = { reason: RELOAD_REASON, message: RELOAD_MESSAGE, protocolVersion: PROTOCOL_VERSION };
  return refusal;
}
