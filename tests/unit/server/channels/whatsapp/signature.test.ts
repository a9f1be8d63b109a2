import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hasValidSignature, signatureFor } from '../../../../../src/server/channels/whatsapp/signature';
import { material, sharedPath } from '../../../../support/shared';

// The real delivery Meta signed, with the (revoked) app secret pywa's tests published.
const SECRET = '1222e786b144d0e85b9f365372d93676';
const BODY = material('whatsapp', 'signed_webhook_body.json');
const HEADER = /X-Hub-Signature-256: (\S+)/.exec(
  readFileSync(sharedPath('material', 'whatsapp', 'signed_webhook_headers.txt'), 'utf8'),
)![1]!;

describe('hasValidSignature', () => {
  it('accepts the real signed delivery with its secret', () => {
    expect(BODY.length).toBe(511);
    expect(hasValidSignature(BODY, HEADER, SECRET)).toBe(true);
  });

  it('refuses the delivery with any one byte changed', () => {
    for (const at of [0, 100, 255, 510]) {
      const changed = Uint8Array.from(BODY);
      changed[at] = changed[at]! ^ 0x01;
      expect(hasValidSignature(changed, HEADER, SECRET), `byte ${at}`).toBe(false);
    }
  });

  it('refuses another secret, a missing header and malformed ones', () => {
    expect(hasValidSignature(BODY, HEADER, 'another secret')).toBe(false);
    expect(hasValidSignature(BODY, undefined, SECRET)).toBe(false);
    expect(hasValidSignature(BODY, [HEADER], SECRET)).toBe(false);
    expect(hasValidSignature(BODY, HEADER.replace('sha256=', 'sha1='), SECRET)).toBe(false);
    expect(hasValidSignature(BODY, HEADER.slice(0, -2), SECRET)).toBe(false);
    expect(hasValidSignature(BODY, 'sha256=', SECRET)).toBe(false);
  });

  it('accepts an upper-case hex digest (the header is case-insensitive hex)', () => {
    expect(hasValidSignature(BODY, `sha256=${HEADER.slice(7).toUpperCase()}`, SECRET)).toBe(true);
  });

  it('signatureFor makes the header Meta sends', () => {
    expect(signatureFor(BODY, SECRET)).toBe(HEADER);
  });
});
