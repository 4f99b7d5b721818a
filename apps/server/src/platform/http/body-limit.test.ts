import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { messages } from '@tsunagu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

// Over a real socket: an oversized body must get its 413 answer even from a client that writes the whole
// body before reading (as many HTTP libraries do), not a connection reset halfway through the upload.

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** POSTs `size` bytes of JSON to /api/login, writing all of it before reading; resolves with the raw answer. */
async function postAllThenRead(size: number, chunked: boolean): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let answer = '';
  socket.on('data', (data: Buffer) => (answer += data.toString()));
  const ended = new Promise<void>((resolve, reject) => {
    socket.on('end', resolve);
    socket.on('error', reject);
  });
  const body = Buffer.from(`{"username":"${'x'.repeat(size - 16)}"}`);
  const framing = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${body.length}`;
  socket.write(`POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${framing}\r\n\r\n`);
  for (let at = 0; at < body.length; at += 64 * 1024) {
    const part = body.subarray(at, at + 64 * 1024);
    const frame = chunked
      ? Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')])
      : part;
    if (!socket.write(frame)) await once(socket, 'drain');
  }
  if (chunked) socket.write('0\r\n\r\n');
  await ended;
  return answer;
}

describe('an oversized body', () => {
  it.each([
    [1_000_000, false],
    [5_000_000, false],
    [1_000_000, true],
    [5_000_000, true],
  ])('%i bytes (chunked: %s) gets a 413 with the Japanese message, not a reset', async (size, chunked) => {
    const answer = await postAllThenRead(size, chunked);
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 413,
      msg: messages.bodyTooLarge,
      data: null,
    });
  });

  it('gets the same answer through fetch', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'x'.repeat(2_000_000) }),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { msg: string }).msg).toBe(messages.bodyTooLarge);
  });
});
