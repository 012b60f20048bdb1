// The address guard of the drive relay and Web Push against the IPv6 spellings of our own network: IPv4-
// compatible, IPv4-mapped in hexadecimal, 6to4, Teredo and NAT64 addresses, judged by isPublicAddress and
// tried for real through the relay's agents against a server listening on loopback.
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressNotAllowedError, driveAgents, isPublicAddress, type DriveAgents } from './outbound.js';

describe('isPublicAddress', () => {
  const refused = (addresses: string[]) =>
    expect(addresses.map((address) => [address, isPublicAddress(address)])).toEqual(
      addresses.map((address) => [address, false]),
    );
  const allowed = (addresses: string[]) =>
    expect(addresses.map((address) => [address, isPublicAddress(address)])).toEqual(
      addresses.map((address) => [address, true]),
    );

  it('refuses IPv4-compatible addresses (::/96), even of a public IPv4 address', () => {
    refused([
      '::127.0.0.1',
      '::7f00:1',
      '0:0:0:0:0:0:7f00:1',
      '::10.0.0.1',
      '::a00:1',
      '::169.254.169.254',
      '::a9fe:a9fe',
      '::8.8.8.8',
    ]);
  });

  it('refuses IPv4-mapped addresses of private IPv4 addresses in hexadecimal as in dotted form', () => {
    refused([
      '::ffff:7f00:1',
      '::FFFF:7F00:1',
      '0:0:0:0:0:ffff:7f00:1',
      '::ffff:127.0.0.1',
      '::ffff:a00:1',
      '::ffff:10.0.0.1',
      '::ffff:a9fe:a9fe',
      '::ffff:169.254.169.254',
      '::ffff:c0a8:101',
    ]);
  });

  it('refuses 6to4 addresses (2002::/16), whatever IPv4 address they embed', () => {
    refused(['2002:7f00:1::', '2002:7f00:1::1', '2002:a00:1::1', '2002:a9fe:a9fe::', '2002:808:808::1']);
  });

  it('refuses Teredo addresses (2001::/32), whatever IPv4 addresses they embed', () => {
    refused([
      // The client address is stored inverted: 80ff:fffe is 127.0.0.1, f5ff:fffe is 10.0.0.1 and
      // 5601:5601 is 169.254.169.254.
      '2001:0:808:808::80ff:fffe',
      '2001:0:808:808::f5ff:fffe',
      '2001:0:808:808::5601:5601',
      '2001:0:7f00:1::',
      '2001::a9fe:a9fe',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    ]);
  });

  it('refuses NAT64 addresses, well-known (64:ff9b::/96) and local-use (64:ff9b:1::/48)', () => {
    refused([
      '64:ff9b::7f00:1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::7f00:1',
      '64:ff9b:1::127.0.0.1',
      '64:ff9b:1::a00:1',
      '64:ff9b:1:ffff::a9fe:a9fe',
    ]);
  });

  it('still allows ordinary public IPv4 and IPv6 addresses, and IPv4-mapped public ones', () => {
    allowed([
      '93.184.216.34',
      '8.8.8.8',
      '2606:2800:220:1:248:1893:25c8:1946',
      '2606:4700:4700::1111',
      '2001:4860:4860::8888',
      '2a00:1450:4001:80b::200e',
      '::ffff:93.184.216.34',
      '::ffff:5db8:d822',
    ]);
  });
});

describe("the relay's agents", () => {
  let server: http.Server;
  let port: number;
  let agents: DriveAgents;
  const reached: string[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      reached.push(request.url ?? '');
      response.end('inside');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    agents = driveAgents({ allowPrivate: false, idleMs: 5000 });
  });
  afterAll(async () => {
    agents.httpAgent.destroy();
    agents.httpsAgent.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** The outcome of one GET through an agent: the status on an answer, the error otherwise. */
  const attempt = (url: string, agent: http.Agent): Promise<number | unknown> =>
    new Promise((resolve) => {
      try {
        const get = url.startsWith('https:') ? https.get : http.get;
        get(url, { agent, rejectUnauthorized: false }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode));
        }).on('error', resolve);
      } catch (error) {
        resolve(error);
      }
    });

  it('refuse to connect to loopback written as an IPv4-mapped or IPv4-compatible IPv6 address', async () => {
    // The server answers when reached plainly, so a count of zero below means the guard held.
    expect(await attempt(`http://127.0.0.1:${port}/plain`, http.globalAgent)).toBe(200);
    expect(reached).toEqual(['/plain']);

    for (const [url, agent] of [
      [`http://[::ffff:7f00:1]:${port}/mapped`, agents.httpAgent],
      [`http://[::127.0.0.1]:${port}/compatible`, agents.httpAgent],
      [`https://[::ffff:7f00:1]:${port}/mapped`, agents.httpsAgent],
      [`https://[::127.0.0.1]:${port}/compatible`, agents.httpsAgent],
    ] as const) {
      const outcome = await attempt(url, agent);
      expect([url, outcome instanceof AddressNotAllowedError]).toEqual([url, true]);
      expect(outcome).toMatchObject({ code: 'EADDRNOTALLOWED' });
    }
    expect(reached).toEqual(['/plain']);
  });
});
