import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import {
  PRIVATE_ADDRESS_MESSAGE,
  guardedLookup,
  type Resolve,
} from '../../../../../src/server/knowledge/connectors/address-guard';

const answering =
  (...addresses: LookupAddress[]): Resolve =>
  () =>
    Promise.resolve(addresses);

/** Calls a lookup as net.connect does and gives back what it called back with. */
function lookUp(
  lookup: ReturnType<typeof guardedLookup>,
  options: { all?: boolean; family?: number },
): Promise<{ error: Error | null; address: unknown; family: number | undefined }> {
  return new Promise((resolve) => {
    lookup('site.test', options, (error: NodeJS.ErrnoException | null, address: unknown, family?: number) =>
      resolve({ error, address, family }),
    );
  });
}

describe('guardedLookup', () => {
  it('passes every public address on when asked for all (autoSelectFamily)', async () => {
    const lookup = guardedLookup(
      false,
      answering({ address: '93.184.216.34', family: 4 }, { address: '2606:4700::1', family: 6 }),
    );
    const result = await lookUp(lookup, { all: true });
    expect(result.error).toBeNull();
    expect(result.address).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:4700::1', family: 6 },
    ]);
  });

  it('passes one address of the asked family', async () => {
    const lookup = guardedLookup(
      false,
      answering({ address: '2606:4700::1', family: 6 }, { address: '93.184.216.34', family: 4 }),
    );
    expect(await lookUp(lookup, { family: 4 })).toEqual({
      error: null,
      address: '93.184.216.34',
      family: 4,
    });
  });

  it('refuses when any answer is private, as the connection could use it', async () => {
    const lookup = guardedLookup(
      false,
      answering({ address: '93.184.216.34', family: 4 }, { address: '10.0.0.7', family: 4 }),
    );
    const result = await lookUp(lookup, { all: true });
    expect(result.error?.message).toBe(PRIVATE_ADDRESS_MESSAGE);
  });

  it.each(['127.0.0.1', '169.254.169.254', '::1', '::ffff:192.168.0.1'])('refuses %s', async (address) => {
    const lookup = guardedLookup(false, answering({ address, family: address.includes(':') ? 6 : 4 }));
    expect((await lookUp(lookup, {})).error?.message).toBe(PRIVATE_ADDRESS_MESSAGE);
  });

  it('lets private addresses through with CRAWL_ALLOW_PRIVATE', async () => {
    const lookup = guardedLookup(true, answering({ address: '127.0.0.1', family: 4 }));
    expect(await lookUp(lookup, {})).toEqual({ error: null, address: '127.0.0.1', family: 4 });
  });

  it('says when the name has no address', async () => {
    const lookup = guardedLookup(false, () => Promise.reject(new Error('getaddrinfo ENOTFOUND site.test')));
    expect((await lookUp(lookup, {})).error?.message).toBe('getaddrinfo ENOTFOUND site.test');
  });
});
