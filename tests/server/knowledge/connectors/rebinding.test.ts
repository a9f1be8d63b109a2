import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRIVATE_ADDRESS_MESSAGE,
  type Resolve,
} from '../../../../src/server/knowledge/connectors/address-guard';
import { fetchPublic } from '../../../../src/server/knowledge/connectors/fetch-public';
import { ConnectorError } from '../../../../src/server/knowledge/connectors/types';

/** A site on this machine: what a rebinding name would reach if the connection were not checked. */
let site: Server;
let port = 0;
const requests: string[] = [];

beforeAll(async () => {
  site = createServer((req, res) => {
    requests.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'application/xml' }).end('<export/>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  port = (site.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

/** A DNS server that gives the answers in turn, then keeps giving the last one. */
function dnsAnswering(...answers: string[]): Resolve & { asked: number } {
  const resolve = Object.assign(
    (host: string) => {
      const address = answers[Math.min(resolve.asked, answers.length - 1)] ?? '';
      resolve.asked += 1;
      return host === 'rebind.test'
        ? Promise.resolve([{ address, family: 4 }])
        : Promise.reject(new Error('ENOTFOUND'));
    },
    { asked: 0 },
  );
  return resolve;
}

describe('DNS rebinding', () => {
  it('refuses a name that is public when checked and loopback when connected, and sends nothing', async () => {
    const resolve = dnsAnswering('93.184.216.34', '127.0.0.1');
    const before = requests.length;
    const error = await fetchPublic(`http://rebind.test:${port}/export.xml`, {
      allowPrivate: false,
      resolve,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectorError);
    expect((error as Error).message).toBe(PRIVATE_ADDRESS_MESSAGE);
    // The early check saw the public answer; the connection asked again and got the private one.
    expect(resolve.asked).toBe(2);
    expect(requests.length).toBe(before);
  });

  it('connects to the very address its lookup returned (with CRAWL_ALLOW_PRIVATE)', async () => {
    const resolve = dnsAnswering('127.0.0.1');
    const before = requests.length;
    const bytes = await fetchPublic(`http://rebind.test:${port}/export.xml`, { allowPrivate: true, resolve });
    expect(new TextDecoder().decode(bytes)).toBe('<export/>');
    expect(requests.slice(before)).toEqual(['/export.xml']);
  });
});
