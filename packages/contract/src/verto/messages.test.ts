import { describe, expect, it } from 'vitest';
import { loadRecordedVertoSession } from './testing/recorded-session';
import type { RecordedVertoSession } from './testing/recorded-session';
import { parseVertoFrame, vertoErrorCodes } from './jsonrpc';
import {
  parseVertoClientRequest,
  parseVertoServerRequest,
  vertoAckResultSchema,
  vertoModifyParamsSchema,
  vertoResultSchemas,
} from './messages';
import type { VertoClientMethod } from './messages';

const sessions: RecordedVertoSession[] = [
  'verto-1001',
  'verto-1002-webrtc',
  'trial-1000',
  'trial-1001',
  'trial-1002',
];
const knownErrorCodes = new Set<number>(Object.values(vertoErrorCodes));

describe.each(sessions)('every frame of the %s recording', (session) => {
  const frames = loadRecordedVertoSession(session);

  it('parses with the schema of its method, losing no recorded field', () => {
    // Replies are matched to the request they answer: a client reply answers a server request and
    // vice versa, each side numbering its own ids.
    const clientRequests = new Map<number, VertoClientMethod>();
    const serverRequests = new Map<number, string>();
    const seen = { request: 0, result: 0, error: 0 };

    for (const { dir, raw, message } of frames) {
      const frame = parseVertoFrame(raw);
      expect(frame, raw).toBeDefined();
      if (!frame) continue;
      seen[frame.kind]++;

      if (frame.kind === 'request') {
        const request = dir === 'out' ? parseVertoClientRequest(frame) : parseVertoServerRequest(frame);
        expect(request, raw).toBeDefined();
        expect(request?.params, raw).toEqual(message.params);
        if (dir === 'out') clientRequests.set(frame.id, frame.method as VertoClientMethod);
        else serverRequests.set(frame.id, frame.method);
      } else if (frame.kind === 'result' && dir === 'in') {
        const method = clientRequests.get(frame.id);
        expect(method, raw).toBeDefined();
        if (!method) continue;
        expect(vertoResultSchemas[method].parse(frame.result), raw).toEqual(message.result);
      } else if (frame.kind === 'result') {
        expect(vertoAckResultSchema.parse(frame.result)).toEqual({ method: serverRequests.get(frame.id) });
      } else {
        expect(dir).toBe('in');
        expect(knownErrorCodes.has(frame.error.code), raw).toBe(true);
        expect(frame.error).toEqual(message.error);
      }
    }
    expect(seen.request + seen.result + seen.error).toBe(frames.length);
  });
});

describe('what the recordings teach', () => {
  const frames = loadRecordedVertoSession('verto-1001');
  const parsed = frames.map((f) => ({ dir: f.dir, frame: parseVertoFrame(f.raw) }));

  it("tells FreeSWITCH's requests from replies although their ids collide", () => {
    // The first login's id is 1, and so is FreeSWITCH's verto.clientReady.
    const ones = parsed.filter((p) => p.frame?.id === 1).map((p) => `${p.dir}:${p.frame?.kind}`);
    expect(ones).toEqual(['out:request', 'in:error', 'in:request']);
  });

  it('reads the wrong password, the refused methods and the invite without SDP as their error codes', () => {
    const errors = parsed.flatMap((p) => (p.frame?.kind === 'error' ? [p.frame.error] : []));
    expect(errors).toEqual([
      { code: vertoErrorCodes.authFailed, message: 'Authentication Failure' },
      {
        code: vertoErrorCodes.methodNotFound,
        message: 'Invalid Method, Missing Method or Permission Denied',
      },
      {
        code: vertoErrorCodes.methodNotFound,
        message: 'Invalid Method, Missing Method or Permission Denied',
      },
      // mod_verto wrote "message" twice ("SDP missing", then "CALL ERROR"); the last one wins.
      {
        code: vertoErrorCodes.sessionError,
        message: 'CALL ERROR',
        cause: 'INVALID_MSG_UNSPECIFIED',
        causeCode: 95,
      },
    ]);
  });

  it('sees an unroutable number as CALL CREATED followed by verto.bye NO_ROUTE_DESTINATION', () => {
    const byes = parsed.flatMap((p) =>
      p.frame?.kind === 'request' && p.frame.method === 'verto.bye' && p.dir === 'in' ? [p.frame.params] : [],
    );
    expect(byes.map((b) => `${String(b.cause)}/${String(b.causeCode)}`)).toEqual([
      'LOSE_RACE/702',
      'LOSE_RACE/702',
      'NORMAL_CLEARING/16',
      'NO_ROUTE_DESTINATION/3',
    ]);
  });
});

describe('what the console trial on FreeSWITCH 1.11.1 teaches (trial-1001: 山田 in Chromium)', () => {
  const frames = loadRecordedVertoSession('trial-1001').map((f) => ({
    dir: f.dir,
    frame: parseVertoFrame(f.raw),
  }));
  const requests = frames.flatMap(({ dir, frame }) =>
    dir === 'in' && frame?.kind === 'request' ? [parseVertoServerRequest(frame)] : [],
  );
  const about = (callID: string) =>
    requests
      .filter((r) => (r?.params as { callID?: string } | undefined)?.callID === callID)
      .map((r) => r?.method);

  it('early media: a ring group whose members rang out plays its announcement as verto.media, then verto.bye, never verto.answer', () => {
    // Group 301 before the rollover fix: 1000 rang out, the announcement played, the call ended.
    expect(about('d668af98-273e-4795-b883-5eed34c54726')).toEqual(['verto.media', 'verto.bye']);
    const media = requests.find((r) => r?.method === 'verto.media');
    expect((media?.params as { sdp: string }).sdp).toMatch(/^v=0\r\n[\s\S]*a=setup:active\r\n/);
  });

  it('a reconnect with the same sessid: verto.attach re-offers the live call, then clientReady names it', () => {
    const callID = 'c4401f17-4cf7-4e30-afea-24a7ef6c05ad';
    const attach = requests.findIndex((r) => r?.method === 'verto.attach');
    expect(requests[attach]?.params).toMatchObject({ callID, sdp: expect.stringMatching(/^v=0/) });
    expect(requests[attach + 1]).toMatchObject({
      method: 'verto.clientReady',
      params: { reattached_sessions: [callID] },
    });
  });

  it('hold and unhold are answered with the hold state alone: FreeSWITCH sends no re-offer', () => {
    const holds = frames.flatMap(({ dir, frame }) =>
      dir === 'in' && frame?.kind === 'result' && 'holdState' in (frame.result as object)
        ? [frame.result]
        : [],
    );
    expect(holds.filter((r) => (r as { action: string }).action !== 'transfer')).toEqual([
      expect.objectContaining({ action: 'hold', holdState: 'held' }),
      expect.objectContaining({ action: 'unhold', holdState: 'active' }),
    ]);
    for (const result of holds) expect(result).not.toHaveProperty('sdp');
  });

  it('mod_verto pings a client after 30 s without a frame from it (verto.ping with serno; seen by 管理者)', () => {
    const pings = loadRecordedVertoSession('trial-1000').flatMap(({ dir, raw }) => {
      const frame = parseVertoFrame(raw);
      return dir === 'in' && frame?.kind === 'request' ? [parseVertoServerRequest(frame)] : [];
    });
    expect(pings.some((r) => r?.method === 'verto.ping' && typeof r.params.serno === 'number')).toBe(true);
  });
});

describe('schemas refuse what mod_verto would refuse or could not use', () => {
  const frame = (method: string, params: Record<string, unknown>) =>
    ({ jsonrpc: '2.0', id: 1, method, params }) as const;

  it('refuses a server invite without callID or SDP', () => {
    expect(
      parseVertoServerRequest(
        frame('verto.invite', { sdp: 'v=0', caller_id_name: 'a', caller_id_number: '1' }),
      ),
    ).toBeUndefined();
    expect(
      parseVertoServerRequest(
        frame('verto.invite', { callID: 'c', caller_id_name: 'a', caller_id_number: '1' }),
      ),
    ).toBeUndefined();
  });

  it('refuses a transfer without destination and an unknown modify action', () => {
    const dialogParams = { callID: 'c' };
    expect(vertoModifyParamsSchema.safeParse({ action: 'transfer', dialogParams, sessid: 's' }).success).toBe(
      false,
    );
    expect(vertoModifyParamsSchema.safeParse({ action: 'park', dialogParams, sessid: 's' }).success).toBe(
      false,
    );
    expect(
      vertoModifyParamsSchema.safeParse({
        action: 'transfer',
        dialogParams,
        destination: 'park+5901',
        sessid: 's',
      }).success,
    ).toBe(true);
  });

  it('reads the server requests the recordings lack, and no unknown method', () => {
    expect(parseVertoServerRequest(frame('verto.media', { callID: 'c', sdp: 'v=0' }))?.method).toBe(
      'verto.media',
    );
    expect(parseVertoServerRequest(frame('verto.display', { callID: 'c', display_name: 'n' }))?.method).toBe(
      'verto.display',
    );
    expect(parseVertoServerRequest(frame('verto.punt', {}))?.method).toBe('verto.punt');
    expect(parseVertoServerRequest(frame('verto.media', { callID: 'c' }))).toBeUndefined();
    expect(parseVertoServerRequest(frame('verto.nonsense', { callID: 'c' }))).toBeUndefined();
    // Method names are looked up as own keys only.
    expect(parseVertoServerRequest(frame('toString', {}))).toBeUndefined();
  });

  it('ignores frames that are not JSON-RPC 2.0', () => {
    for (const text of [
      '',
      'not json',
      'null',
      '[]',
      '42',
      '{"jsonrpc":"1.0","id":1,"result":{}}',
      '{"jsonrpc":"2.0","id":1}',
    ]) {
      expect(parseVertoFrame(text), text).toBeUndefined();
    }
    expect(
      parseVertoFrame('{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request"}}'),
    ).toEqual({
      kind: 'error',
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid Request' },
    });
  });
});
