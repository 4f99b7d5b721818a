import { describe, expect, it } from 'vitest';
import { fixture, fixtureNames, fixtureText } from '../testing/fixtures';
import {
  EslCommandInjectionError,
  EslDecoder,
  EslProtocolError,
  serializeEslCommand,
  type EslCommand,
  type EslMessage,
} from './esl-codec';

const sessions = ['esl-main', 'esl-plain', 'esl-c2c', 'esl-session'] as const;

const decodeWhole = (bytes: Buffer) => new EslDecoder().push(bytes);

function decodeInPieces(bytes: Buffer, sizes: Iterable<number>): EslMessage[] {
  const decoder = new EslDecoder();
  const out: EslMessage[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= bytes.length) break;
    out.push(...decoder.push(bytes.subarray(at, at + size)));
    at += size;
  }
  out.push(...decoder.push(bytes.subarray(at)));
  expect(decoder.buffered).toBe(0);
  return out;
}

function* ones() {
  for (;;) yield 1;
}

function* seededSizes(seed: number) {
  let x = seed;
  for (;;) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    yield 1 + (x % 4096);
  }
}

/** The Content-Type of every frame FreeSWITCH sent, in order, from the session's transcript. */
function transcriptTypes(session: string): string[] {
  return [
    ...fixtureText(`esl/${session}.transcript.txt`).matchAll(
      /^### <<< S->C frame#\d+ .*Content-Type=(\S+)$/gm,
    ),
  ].map((m) => m[1] as string);
}

const contentTypeOf = (m: EslMessage) => m.headers['Content-Type'];

describe('EslDecoder on recorded sessions', () => {
  it.each(sessions)('%s: one chunk gives every frame of the transcript, in order', (session) => {
    const messages = decodeWhole(fixture(`esl/${session}.rx.raw`));
    expect(messages.map(contentTypeOf)).toEqual(transcriptTypes(session));
    expect(messages.filter((m) => m.type === 'malformed' || m.type === 'unknown')).toEqual([]);
  });

  it.each(sessions)('%s: split at every byte boundary gives the same frames', (session) => {
    const bytes = fixture(`esl/${session}.rx.raw`);
    expect(decodeInPieces(bytes, ones())).toEqual(decodeWhole(bytes));
  });

  it.each(sessions)('%s: random chunk sizes give the same frames', (session) => {
    const bytes = fixture(`esl/${session}.rx.raw`);
    expect(decodeInPieces(bytes, seededSizes(session.length))).toEqual(decodeWhole(bytes));
  });

  it('esl-main: every two-piece split of the wrong-password session', () => {
    const bytes = fixture('esl/esl-main.rx.raw');
    const whole = decodeWhole(bytes);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(decodeInPieces(bytes, [cut])).toEqual(whole);
    }
  });

  it('reads the wrong-password exchange: auth request, -ERR reply, disconnect notice', () => {
    const [auth, reply, notice] = decodeWhole(fixture('esl/esl-main.rx.raw'));
    expect(auth?.type).toBe('auth/request');
    expect(reply).toMatchObject({ type: 'command/reply', ok: false, replyText: '-ERR invalid' });
    expect(notice).toMatchObject({
      type: 'disconnect-notice',
      body: 'Disconnected, goodbye.\nSee you at ClueCon! http://www.cluecon.com/\n',
    });
  });

  it('reads replies: +OK, Job-UUID header, -ERR command not found, api bodies with and without newline', () => {
    const messages = decodeWhole(fixture('esl/esl-session.rx.raw'));
    const replies = messages.filter((m) => m.type === 'command/reply');
    expect(replies[0]).toMatchObject({ ok: true, replyText: '+OK accepted' });
    expect(replies).toContainEqual(
      expect.objectContaining({ ok: false, replyText: '-ERR command not found' }),
    );
    const bg = replies.find((m) => m.replyText.startsWith('+OK Job-UUID'));
    expect(bg?.headers['Job-UUID']).toMatch(/^[0-9a-f-]{36}$/);

    const bodies = messages.flatMap((m) => (m.type === 'api/response' ? [m.body] : []));
    expect(bodies).toContain('{"row_count": 0}\n');
    expect(bodies).toContain('127.0.0.1'); // global_getvar: no trailing newline, next frame still intact
    expect(bodies).toContain('-ERR nosuchcommand Command not found!\n');
    expect(bodies.some((b) => b.startsWith('-USAGE: <call url>'))).toBe(true);
  });

  it('reads JSON events with their body under _body', () => {
    const event = decodeWhole(fixture('esl/frames/esl-c2c-event-json-BACKGROUND_JOB-1.frame'))[0];
    expect(event).toMatchObject({ type: 'event', format: 'json' });
    if (event?.type !== 'event') throw new Error('not an event');
    expect(event.event['Job-UUID']).toBe('2bb2b8b4-d1cf-4d91-9277-1739c5d2fd34');
    expect(event.event._body).toBe('+OK fe338d5b-1fa2-41d2-9507-a81e9c673813\n');
  });

  it('URL-decodes plain events and reads their nested body', () => {
    const events = decodeWhole(fixture('esl/esl-plain.rx.raw')).flatMap((m) =>
      m.type === 'event' ? [m] : [],
    );
    const create = events.find((e) => e.event['Event-Name'] === 'CHANNEL_CREATE');
    expect(create?.format).toBe('plain');
    expect(create?.event['Event-Date-Local']).toBe('2026-11-21 00:33:53');
    expect(create?.event['Caller-Caller-ID-Name']).toBe('Bob Example');
    expect(create?.event['FreeSWITCH-IPv6']).toBe('fd00::2');
    const park = events.find((e) => e.event['Event-Subclass'] === 'valet_parking::info');
    expect(park?.event['Valet-Lot-Name']).toBe('5900@tenant-a.example');
    const job = events.find((e) => e.event['Event-Name'] === 'BACKGROUND_JOB' && e.format === 'plain');
    expect(job?.event['Job-Command-Arg']).toBe(
      "{origination_caller_id_number=1002,origination_caller_id_name='Bob Example'}loopback/5902/tenant-a.example &park()",
    );
    expect(job?.event._body).toBe('+OK 5a522b17-5415-45b2-a749-737fd069b3fd\n');
  });

  it('reads XML events, URL-decoding their header values', () => {
    const event = decodeWhole(fixture('esl/frames/esl-plain-event-xml-BACKGROUND_JOB-1.frame'))[0];
    if (event?.type !== 'event') throw new Error('not an event');
    expect(event.format).toBe('xml');
    expect(event.event['Event-Date-Local']).toBe('2026-11-21 00:33:56');
    expect(event.event['Job-Command']).toBe('status');
    expect(event.event._body).toMatch(/^UP 0 years/);
  });

  it('gives the same frames from every recorded single-frame file split anywhere, and all coalesced', () => {
    const files = fixtureNames('esl/frames', '.frame');
    const all = Buffer.concat(files.map((f) => fixture(`esl/frames/${f}`)));
    const expected = files.flatMap((f) => decodeWhole(fixture(`esl/frames/${f}`)));
    expect(expected).toHaveLength(files.length);
    expect(decodeWhole(all)).toEqual(expected);
    const small = fixture('esl/frames/esl-c2c-event-json-BACKGROUND_JOB-1.frame');
    for (let cut = 1; cut < small.length; cut++) {
      expect(decodeInPieces(small, [cut])).toEqual(decodeWhole(small));
    }
  });

  it('reads log/data, skips stray blank lines, and reports unknown content types', () => {
    const bytes = Buffer.from(
      '\n\nContent-Type: log/data\nContent-Length: 6\nLog-Level: 7\n\nhello\n' +
        'Content-Type: text/something-else\nContent-Length: 2\n\nhi',
    );
    expect(decodeWhole(bytes)).toEqual([
      {
        type: 'log',
        headers: { 'Content-Type': 'log/data', 'Content-Length': '6', 'Log-Level': '7' },
        body: 'hello\n',
      },
      {
        type: 'unknown',
        headers: { 'Content-Type': 'text/something-else', 'Content-Length': '2' },
        contentType: 'text/something-else',
        body: 'hi',
      },
    ]);
  });

  it('counts Content-Length in bytes, not characters', () => {
    const body = '{"Event-Name":"CUSTOM","Caller-Caller-ID-Name":"山田 太郎"}';
    const bytes = Buffer.from(
      `Content-Length: ${Buffer.byteLength(body)}\nContent-Type: text/event-json\n\n${body}` +
        'Content-Type: command/reply\nReply-Text: +OK\n\n',
    );
    const messages = decodeInPieces(bytes, ones());
    expect(messages.map((m) => m.type)).toEqual(['event', 'command/reply']);
    expect(messages[0]?.type === 'event' && messages[0].event['Caller-Caller-ID-Name']).toBe('山田 太郎');
  });

  it('reports a broken event body as malformed and keeps reading the stream', () => {
    const bytes = Buffer.from(
      'Content-Length: 5\nContent-Type: text/event-json\n\n{oops' +
        'Content-Type: command/reply\nReply-Text: +OK\n\n',
    );
    const [bad, next] = decodeWhole(bytes);
    expect(bad).toMatchObject({ type: 'malformed', contentType: 'text/event-json' });
    expect(next).toMatchObject({ type: 'command/reply', ok: true });
  });

  it('refuses a Content-Length that is not a byte count', () => {
    expect(() => decodeWhole(Buffer.from('Content-Type: api/response\nContent-Length: -4\n\n'))).toThrow(
      EslProtocolError,
    );
    expect(() => decodeWhole(Buffer.from('Content-Type: api/response\nContent-Length: 1e3\n\n'))).toThrow(
      EslProtocolError,
    );
  });

  it('refuses an endless header block', () => {
    expect(() => new EslDecoder().push(Buffer.alloc(70 * 1024, 0x41))).toThrow(EslProtocolError);
  });
});

/** Reads a recorded client byte stream back into the commands that produced it. */
function commandsOf(tx: string): EslCommand[] {
  return tx
    .split('\n\n')
    .filter((c) => c !== '')
    .map((text): EslCommand => {
      const [verb = '', ...rest] = text.split(' ');
      const arg = rest.join(' ');
      if (verb === 'auth') return { type: 'auth', password: arg };
      if (verb === 'api') return { type: 'api', command: arg };
      if (verb === 'bgapi') return { type: 'bgapi', command: arg };
      if (verb === 'event') {
        const [format, ...names] = rest as ['json' | 'plain' | 'xml', ...string[]];
        const custom = names.indexOf('CUSTOM');
        return custom < 0
          ? { type: 'event', format, events: names }
          : { type: 'event', format, events: names.slice(0, custom), subclasses: names.slice(custom + 1) };
      }
      if (text === 'noevents' || text === 'exit') return { type: text };
      throw new Error(`unexpected recorded command: ${text}`);
    });
}

describe('serializeEslCommand', () => {
  it.each(['esl-main', 'esl-plain', 'esl-c2c', 'esl-session'])(
    'reproduces the bytes of %s.tx.raw',
    (session) => {
      // The session also probed FreeSWITCH with a made-up socket command, which no client sends.
      const tx = fixtureText(`esl/${session}.tx.raw`).replace('nosuchesl\n\n', '');
      const commands = commandsOf(tx);
      expect(commands.length).toBeGreaterThan(0);
      expect(commands.map(serializeEslCommand).join('')).toBe(tx);
    },
  );

  it('writes bgapi with our own Job-UUID header', () => {
    expect(serializeEslCommand({ type: 'bgapi', command: 'status', jobUuid: 'abc' })).toBe(
      'bgapi status\nJob-UUID: abc\n\n',
    );
  });

  it('writes sendmsg with headers, and with a body sized in bytes', () => {
    expect(
      serializeEslCommand({
        type: 'sendmsg',
        uuid: 'u-1',
        headers: { 'call-command': 'execute', 'execute-app-name': 'answer' },
      }),
    ).toBe('sendmsg u-1\ncall-command: execute\nexecute-app-name: answer\n\n');
    expect(
      serializeEslCommand({ type: 'sendmsg', headers: { 'call-command': 'execute' }, body: 'こんにちは' }),
    ).toBe('sendmsg\ncall-command: execute\ncontent-length: 15\n\nこんにちは');
  });

  it.each<EslCommand>([
    { type: 'api', command: 'show channels\n\napi hupall' },
    { type: 'bgapi', command: 'originate user/1001 9196\rexit' },
    { type: 'auth', password: 'pw\nexit' },
    { type: 'event', format: 'json', events: ['CHANNEL_CREATE\n'] },
    { type: 'sendmsg', uuid: 'x', headers: { 'execute-app-arg': 'a\nb' } },
  ])('refuses a line break inside a command: %j', (command) => {
    expect(() => serializeEslCommand(command)).toThrow(EslCommandInjectionError);
  });
});
