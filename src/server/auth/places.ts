import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, lt, or } from 'drizzle-orm';
import { isEmailIdentifier, normaliseEmail, normalisePhone } from '../../shared/auth/rules';
import ipaddr from 'ipaddr.js';
import type { Db } from '../db/client';
import { knownPlaces } from '../db/schema';
import type { Counter } from '../access/throttle';
import { randomSecret, sha256 } from '../access/secrets';

/** The cookie that names a browser someone signed in from; only its hash is stored. */
export const DEVICE_COOKIE = 'device';
const DEVICE_COOKIE_DAYS = 400; // the longest a browser keeps a cookie
/** A place stays known this long after the last sign-in from it. */
const KNOWN_FOR_MS = 90 * 86_400_000;
const NO_USER = '00000000-0000-0000-0000-000000000000';

/** The identifier limits and codes are kept by: a lower-cased e-mail address or 10 digits. */
export const identifierKey = (emailOrPhone: string) =>
  isEmailIdentifier(emailOrPhone) ? normaliseEmail(emailOrPhone) : normalisePhone(emailOrPhone);

/**
 * Where an attempt comes from, as far as one account is concerned: its address, the browser's
 * device hash when that browser signed into this account before, and whether the owner has been
 * here before (that browser, or this address).
 */
export interface Place {
  address: string;
  device?: string;
  known: boolean;
}

const deviceHash = (request: FastifyRequest) => {
  const token = request.cookies[DEVICE_COOKIE];
  return token && token.length <= 100 ? sha256(token) : undefined;
};

/**
 * The place of a request for a user (or for nobody, when the account does not exist: the same
 * query runs, so both take as long).
 */
export async function placeOf(db: Db, request: FastifyRequest, userId: string | undefined): Promise<Place> {
  const device = deviceHash(request);
  const since = new Date(Date.now() - KNOWN_FOR_MS);
  const rows = await db
    .select({ kind: knownPlaces.kind })
    .from(knownPlaces)
    .where(
      and(
        eq(knownPlaces.userId, userId ?? NO_USER),
        gt(knownPlaces.lastSeenAt, since),
        or(
          and(eq(knownPlaces.kind, 'address'), eq(knownPlaces.value, request.ip)),
          and(eq(knownPlaces.kind, 'device'), eq(knownPlaces.value, device ?? '')),
        ),
      ),
    );
  const knownDevice = rows.some((r) => r.kind === 'device');
  return {
    address: request.ip,
    ...(knownDevice && device ? { device } : {}),
    known: rows.length > 0,
  };
}

/** Remembers the browser (setting its device cookie if it has none) and the address of a sign-in. */
export async function rememberPlace(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  let token = request.cookies[DEVICE_COOKIE];
  if (!token || token.length > 100) {
    token = randomSecret();
    reply.setCookie(DEVICE_COOKIE, token, {
      path: '/auth',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: DEVICE_COOKIE_DAYS * 86_400,
    });
  }
  const now = new Date();
  await db
    .insert(knownPlaces)
    .values([
      { userId, kind: 'device', value: sha256(token), lastSeenAt: now },
      { userId, kind: 'address', value: request.ip, lastSeenAt: now },
    ])
    .onConflictDoUpdate({
      target: [knownPlaces.userId, knownPlaces.kind, knownPlaces.value],
      set: { lastSeenAt: now },
    });
  // Places no longer known are forgotten, so the list stays as short as the user's habits.
  await db
    .delete(knownPlaces)
    .where(
      and(eq(knownPlaces.userId, userId), lt(knownPlaces.lastSeenAt, new Date(Date.now() - KNOWN_FOR_MS))),
    );
}

/**
 * The network an address belongs to, as far as locks go: its /24 for IPv4 (an IPv4-mapped IPv6
 * address too), its /64 for IPv6 (one household's or office's), the text itself for anything else.
 */
export function networkOf(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  const bits = parsed.kind() === 'ipv4' ? 24 : 64;
  const network =
    parsed.kind() === 'ipv4'
      ? ipaddr.IPv4.networkAddressFromCIDR(`${parsed.toString()}/${bits}`)
      : ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/${bits}`);
  return `${network.toString()}/${bits}`;
}

/**
 * The counters of an attempt at `action` on `identifier` from `place`, with `limit` for one place:
 *
 * - from a browser the owner signed in from: that browser's own counter only, so no stranger's
 *   failures anywhere can lock it;
 * - else the place (identifier at this address) with `limit`, growing delays and a lock of its
 *   own, and the address across identifiers with three times as many, as several people may share
 *   one;
 * - and, from a place the owner has never used, the account on this network (three times
 *   `limit`, then locked there only) and the account across all networks, which past three times
 *   `limit` slows every new place down but never locks: strangers elsewhere cannot shut the owner
 *   out of a network they never used, and a one-time code asked from there still signs them in.
 */
export function countersFor(action: string, identifier: string, place: Place, limit: number): Counter[] {
  if (place.device) {
    return [{ key: `${action}:device:${place.device}:${identifier}`, limit, afterSuccess: 'forgive' }];
  }
  const counters: Counter[] = [
    { key: `${action}:place:${identifier}@${place.address}`, limit, afterSuccess: 'forgive' },
    { key: `${action}:ip:${place.address}`, limit: limit * 3, afterSuccess: 'refund' },
  ];
  if (!place.known) {
    counters.push(
      {
        key: `${action}:net:${identifier}@${networkOf(place.address)}`,
        limit: limit * 3,
        afterSuccess: 'refund',
      },
      { key: `${action}:account:${identifier}`, limit: limit * 3, afterSuccess: 'refund', refuse: false },
    );
  }
  return counters;
}
