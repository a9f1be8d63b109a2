import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import {
  logSerializers,
  redactError,
  redactUrl,
  SECRET_QUERY_PARAMETERS,
} from '../../../../src/server/http/log-redaction';

const SECRET = 'j9kTT-3_nVEKXOCi5PTdfTdqc8Y3dgwAn6bY8WI962k';

/** A failed insert of a project, as Drizzle reports it: the values in the message and in params. */
function failedInsert(): DrizzleQueryError {
  const cause = Object.assign(new Error('duplicate key value violates unique constraint "projects_key"'), {
    code: '23505',
    detail: `Key (api_key_hash)=(${SECRET}) already exists.`,
  });
  return new DrizzleQueryError(
    'insert into "projects" ("id", "name", "api_key_hash") values ($1, $2, $3)',
    ['demo', 'Demo', SECRET],
    cause,
  );
}

describe('redactError', () => {
  it('keeps the query, the type and the cause, but none of the values', () => {
    const logged = JSON.stringify(redactError(failedInsert()));
    expect(logged).not.toContain(SECRET);
    expect(logged).toContain('insert into \\"projects\\"');
    expect(logged).toContain('[3 values redacted]');
    expect(logged).toContain('DrizzleQueryError');
    expect(logged).toContain('duplicate key value violates unique constraint');
  });

  it('hides the values PostgreSQL repeats in detail', () => {
    const cause = failedInsert().cause as Error;
    const logged = JSON.stringify(redactError(cause));
    expect(logged).not.toContain(SECRET);
    expect(logged).toContain('Key (api_key_hash)=(…) already exists.');
  });

  it('leaves other errors as pino would log them', () => {
    const error = new Error('plain failure');
    expect(redactError(error)).toMatchObject({ type: 'Error', message: 'plain failure' });
  });

  it('is what a logger with the server’s serializers writes', () => {
    let out = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        out += chunk.toString();
        done();
      },
    });
    pino({ serializers: logSerializers }, sink).error({ err: failedInsert() }, 'request failed');
    expect(out).toContain('request failed');
    expect(out).not.toContain(SECRET);
  });
});

describe('redactUrl', () => {
  it('replaces the value of every secret-bearing query parameter, and keeps the rest', () => {
    for (const name of SECRET_QUERY_PARAMETERS) {
      expect(redactUrl(`/path?a=1&${name}=${SECRET}&b=2`), name).toBe(`/path?a=1&${name}=[redacted]&b=2`);
    }
  });

  it('hides Meta’s verify token and leaves the challenge', () => {
    expect(
      redactUrl(`/channels/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${SECRET}&hub.challenge=115`),
    ).toBe('/channels/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=[redacted]&hub.challenge=115');
  });

  it('knows a name however it is written: letter case, escapes, repeated', () => {
    expect(redactUrl(`/x?API_KEY=${SECRET}`)).toBe('/x?API_KEY=[redacted]');
    expect(redactUrl(`/x?hub%2Everify_token=${SECRET}`)).toBe('/x?hub%2Everify_token=[redacted]');
    expect(redactUrl(`/x?api%5fkey=${SECRET}`)).toBe('/x?api%5fkey=[redacted]');
    expect(redactUrl(`/x?token=${SECRET}&token=${SECRET}`)).toBe('/x?token=[redacted]&token=[redacted]');
    expect(redactUrl(`/x?%E0%A4=1&key=${SECRET}`)).toBe('/x?%E0%A4=1&key=[redacted]');
  });

  it('leaves URLs without secrets as they are', () => {
    for (const url of ['/', '/api/health', '/x?monkey=1&tokens=2&keyword=3', '/x?token', '/x?']) {
      expect(redactUrl(url), url).toBe(url);
    }
  });

  it('is what a logger with the server’s serializers writes of a request', () => {
    let out = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        out += chunk.toString();
        done();
      },
    });
    const req = { method: 'GET', url: `/socket.io/?api_key=${SECRET}`, host: 'dish.example', ip: '10.0.0.1' };
    pino({ serializers: logSerializers }, sink).info({ req }, 'incoming request');
    expect(out).not.toContain(SECRET);
    expect(JSON.parse(out)).toMatchObject({
      req: {
        method: 'GET',
        url: '/socket.io/?api_key=[redacted]',
        host: 'dish.example',
        remoteAddress: '10.0.0.1',
      },
    });
  });
});
