import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { logSerializers, redactError } from '../../../../src/server/http/log-redaction';

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
