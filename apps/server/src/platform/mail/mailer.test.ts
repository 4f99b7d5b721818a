import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer';
import { readMessage } from './read-message';

interface Received {
  from: string;
  to: string[];
  user: string | undefined;
  data: Buffer;
}

const received: Received[] = [];
let server: SMTPServer;
let port: number;

beforeAll(async () => {
  server = new SMTPServer({
    // A plain connection: the credentials travel in the clear, as smtp:// (not smtps://) asks for.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === 'tsunagu' && auth.password === 'p@ss:word')
        callback(null, { user: auth.username });
      else callback(new Error('認証に失敗しました'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          data: Buffer.concat(chunks),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(resolve)));

const dir = () => mkdtempSync(join(tmpdir(), 'tsunagu-mail-'));
const TEXT = '留守番電話にメッセージが届きました。\n\n発信者: 山田 太郎 (09011112222)\n';

describe('createMailer with SMTP_URL', () => {
  it('sends through the server with the URL’s credentials, from MAIL_FROM, with the file attached', async () => {
    const audio = join(dir(), 'message.wav');
    const bytes = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 1, 2, 254, 255, 13, 10, 0])]);
    writeFileSync(audio, bytes);
    const mailer = createMailer({
      smtpUrl: `smtp://tsunagu:${encodeURIComponent('p@ss:word')}@127.0.0.1:${port}`,
      mailFrom: 'つなぐ <no-reply@tsunagu.invalid>',
      outboxDir: dir(),
    });
    try {
      await mailer.send({
        to: 'office@example.jp',
        subject: '留守番電話のお知らせ：09011112222',
        text: TEXT,
        attachments: [{ filename: 'voicemail-20261120-183005.wav', path: audio }],
      });
    } finally {
      mailer.close();
    }
    expect(received).toHaveLength(1);
    const [delivery] = received as [Received];
    expect(delivery).toMatchObject({
      from: 'no-reply@tsunagu.invalid',
      to: ['office@example.jp'],
      user: 'tsunagu',
    });
    const message = readMessage(delivery.data);
    expect(message.subject).toBe('留守番電話のお知らせ：09011112222');
    expect(message.from).toBe('つなぐ <no-reply@tsunagu.invalid>');
    expect(message.to).toBe('office@example.jp');
    expect(message.text.replace(/\r\n/g, '\n')).toBe(TEXT);
    expect(message.attachments).toHaveLength(1);
    expect(message.attachments[0]).toMatchObject({ filename: 'voicemail-20261120-183005.wav' });
    expect(message.attachments[0]?.content.equals(bytes)).toBe(true);
  });

  it('rejects when the server refuses the credentials', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://tsunagu:wrong@127.0.0.1:${port}`,
      mailFrom: 'つなぐ <no-reply@tsunagu.invalid>',
      outboxDir: dir(),
    });
    try {
      await expect(mailer.send({ to: 'office@example.jp', subject: 'x', text: 'x' })).rejects.toThrow();
    } finally {
      mailer.close();
    }
  });
});

describe('createMailer without SMTP_URL', () => {
  it('writes each message into the outbox as an .eml file that reads back', async () => {
    const outbox = join(dir(), 'outbox');
    const mailer = createMailer({ mailFrom: '受付 <office@example.jp>', outboxDir: outbox });
    await mailer.send({ to: 'sales@example.jp', subject: '不在着信のお知らせ', text: TEXT });
    await mailer.send({ to: 'sales@example.jp', subject: '二通目', text: 'もう一通' });
    mailer.close();
    const files = readdirSync(outbox).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    const messages = files.map((f) => readMessage(readFileSync(join(outbox, f))));
    const first = messages.find((m) => m.subject === '不在着信のお知らせ');
    expect(first).toMatchObject({ from: '受付 <office@example.jp>', to: 'sales@example.jp' });
    expect(first?.text.replace(/\r\n/g, '\n')).toBe(TEXT);
    expect(first?.headers.get('message-id')).toMatch(/^<.+@.+>$/);
  });
});
