import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_COOKIE } from '../../shared/constants';
import { serverMessages } from '../../shared/messages';
import type { Db } from '../db/client';
import { findSession, type SessionRow, type UserRow } from '../access/sessions';
import { userMayEnter } from '../access/policy';
import { HttpError } from './errors';

export interface Auth {
  session: SessionRow;
  user: UserRow;
}

/** The signed-in user behind the request's cookie, or null; blocked users count as signed out. */
export async function currentAuth(db: Db, request: FastifyRequest): Promise<Auth | null> {
  const token = request.cookies[AUTH_COOKIE];
  if (!token) return null;
  const found = await findSession(db, token);
  if (!found || !userMayEnter(found.user)) return null;
  return found;
}

export async function requireUser(db: Db, request: FastifyRequest): Promise<Auth> {
  const auth = await currentAuth(db, request);
  if (!auth) throw new HttpError(401, serverMessages.notSignedIn);
  return auth;
}

export function setSessionCookie(reply: FastifyReply, token: string, days: number): void {
  reply.setCookie(AUTH_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.request.protocol === 'https',
    maxAge: days * 86_400,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(AUTH_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax' });
}
