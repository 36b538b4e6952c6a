import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/** Raw bytes of a realtime stream until `until` matches (the framing SseStream writes itself). */
function rawStream(url: string, version: '1.0' | '1.1', until: RegExp): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(`GET /api/realtime HTTP/${version}\r\nHost: ${hostname}\r\nAccept: text/event-stream\r\n\r\n`);
    });
    let data = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no match in: ${data}`));
    }, 5000);
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
      if (until.test(data)) {
        clearTimeout(timer);
        socket.destroy();
        resolve(data);
      }
    });
    socket.on('error', reject);
  });
}

describe('SSE framing written straight to the socket', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await buildTestApp();
    url = await t.listen();
  });
  afterAll(async () => {
    await t.close();
  });

  it('frames each event as one HTTP/1.1 chunk of its exact byte length', async () => {
    const raw = await rawStream(url, '1.1', /\r\n\r\n[0-9a-f]+\r\n[\s\S]*\n\n\r\n/);
    const split = raw.indexOf('\r\n\r\n');
    const head = raw.slice(0, split);
    const body = raw.slice(split + 4);
    expect(head).toMatch(/transfer-encoding: chunked/i);
    const m = /^([0-9a-f]+)\r\n/.exec(body);
    expect(m).not.toBeNull();
    const size = parseInt(m?.[1] ?? '0', 16);
    const frame = body.slice((m?.[0] ?? '').length, (m?.[0] ?? '').length + size);
    expect(frame).toMatch(/^id:[A-Za-z0-9]{40}\nevent:PB_CONNECT\ndata:\{"clientId":"[A-Za-z0-9]{40}"\}\n\n$/);
    expect(body.slice((m?.[0] ?? '').length + size, (m?.[0] ?? '').length + size + 2)).toBe('\r\n');
  });

  it('writes bare frames (no chunk sizes) to an HTTP/1.0 client', async () => {
    const raw = await rawStream(url, '1.0', /\n\n$/);
    const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
    expect(raw).not.toMatch(/transfer-encoding: chunked/i);
    expect(body).toMatch(/^id:[A-Za-z0-9]{40}\nevent:PB_CONNECT\ndata:\{"clientId":"[A-Za-z0-9]{40}"\}\n\n$/);
  });
});
