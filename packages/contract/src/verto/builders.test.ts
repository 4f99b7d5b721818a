import { describe, expect, it } from 'vitest';
import {
  createVertoIdSequence,
  vertoAck,
  vertoAnswerDialogParams,
  vertoAnswerRequest,
  vertoByeRequest,
  vertoDtmfRequest,
  vertoErrorReply,
  vertoInviteRequest,
  vertoLoginRequest,
  vertoModifyRequest,
  vertoOutgoingDialogParams,
  vertoRemoteParty,
  vertoResult,
  vertoServerRequest,
} from './builders';
import { loadRecordedVertoSession } from './testing/recorded-session';
import type { RecordedVertoSession } from './testing/recorded-session';
import { parseVertoFrame, vertoErrorCodes, vertoErrorMessages } from './jsonrpc';
import {
  parseVertoServerRequest,
  vertoClientRequestSchemas,
  vertoResultMessages,
  vertoServerInviteParamsSchema,
} from './messages';

/** Frame `n` of a recording, numbered like messages/<session>/NNN-*.json. */
function recorded(session: RecordedVertoSession, n: number) {
  const frame = loadRecordedVertoSession(session)[n - 1];
  if (!frame) throw new Error(`${session} has no frame ${n}`);
  return frame;
}

/** A string field of a recorded frame's params (or of its dialogParams). */
function field(session: RecordedVertoSession, n: number, name: string): string {
  const params = recorded(session, n).message.params as Record<string, unknown>;
  const value = params[name] ?? (params.dialogParams as Record<string, unknown> | undefined)?.[name];
  if (typeof value !== 'string') throw new Error(`frame ${n} has no ${name}`);
  return value;
}

const login = '1001@tenant-a.example';
const sessid = 'c4dfe9da-a06f-4633-9270-9aa16e44223c';

describe('client request builders reproduce the recorded frames byte for byte', () => {
  it('login, wrong and right', () => {
    expect(JSON.stringify(vertoLoginRequest(1, { login, passwd: 'wrong-password', sessid }))).toBe(
      recorded('verto-1001', 1).raw,
    );
    const userVariables = { avatar: '', email: login };
    expect(JSON.stringify(vertoLoginRequest(2, { login, passwd: 'secret1001', sessid, userVariables }))).toBe(
      recorded('verto-1001', 3).raw,
    );
  });

  it('verto.invite with the verto.js dialog defaults (audio test client and real WebRTC client)', () => {
    const invite = vertoInviteRequest(8, {
      sdp: field('verto-1001', 46, 'sdp'),
      dialogParams: vertoOutgoingDialogParams({
        callID: field('verto-1001', 46, 'callID'),
        destination: '9196',
        callerIdName: 'Extension 1001',
        callerIdNumber: '1001',
        login,
      }),
      sessid,
    });
    expect(JSON.stringify(invite)).toBe(recorded('verto-1001', 46).raw);

    const webrtc = vertoInviteRequest(2, {
      sdp: field('verto-1002-webrtc', 4, 'sdp'),
      dialogParams: vertoOutgoingDialogParams({
        callID: field('verto-1002-webrtc', 4, 'callID'),
        destination: '9999',
        callerIdName: 'Extension 1002',
        callerIdNumber: '1002',
        login: '1002@tenant-a.example',
      }),
      sessid: '799fff80-9596-440c-a907-a68faca8e839',
    });
    expect(JSON.stringify(webrtc)).toBe(recorded('verto-1002-webrtc', 4).raw);
  });

  it("verto.answer built from FreeSWITCH's invite", () => {
    const invite = vertoServerInviteParamsSchema.parse(recorded('verto-1001', 35).message.params);
    expect(vertoRemoteParty(invite)).toEqual({ name: 'Bob Example', number: '1002' });
    const answer = vertoAnswerRequest(6, {
      dialogParams: vertoAnswerDialogParams(invite, login),
      sdp: field('verto-1001', 38, 'sdp'),
      sessid,
    });
    expect(JSON.stringify(answer)).toBe(recorded('verto-1001', 38).raw);
  });

  it('verto.info DTMF, verto.modify hold and unhold, verto.bye', () => {
    const inbound = '790d182e-708a-4290-9d90-f2a180b46f4e';
    const outbound = '4ac85ddf-ae06-4f8b-b5a8-a085e981a719';
    expect(JSON.stringify(vertoDtmfRequest(7, { callID: inbound, dtmf: '5', sessid }))).toBe(
      recorded('verto-1001', 41).raw,
    );
    expect(JSON.stringify(vertoModifyRequest(9, { action: 'hold', callID: outbound, sessid }))).toBe(
      recorded('verto-1001', 53).raw,
    );
    expect(JSON.stringify(vertoModifyRequest(10, { action: 'unhold', callID: outbound, sessid }))).toBe(
      recorded('verto-1001', 56).raw,
    );
    expect(JSON.stringify(vertoByeRequest(11, { callID: outbound, sessid }))).toBe(
      recorded('verto-1001', 60).raw,
    );
    expect(
      JSON.stringify(
        vertoByeRequest(3, {
          callID: 'f165e6ea-ccee-4936-b874-e80e7ece5a65',
          sessid: '799fff80-9596-440c-a907-a68faca8e839',
        }),
      ),
    ).toBe(recorded('verto-1002-webrtc', 8).raw);
  });

  it("every acknowledgement of FreeSWITCH's requests", () => {
    const frames = loadRecordedVertoSession('verto-1001');
    const acks = frames.filter((f) => f.dir === 'out' && 'result' in f.message);
    expect(acks).toHaveLength(8);
    for (const ack of acks) {
      const id = ack.message.id as number;
      const request = frames.find((f) => f.dir === 'in' && f.message.id === id && 'method' in f.message);
      expect(JSON.stringify(vertoAck(id, String(request?.message.method)))).toBe(ack.raw);
    }
  });

  it('a blind transfer (not recorded: shaped as mod_verto reads it) passes the request schema', () => {
    const transfer = vertoModifyRequest(12, {
      action: 'transfer',
      callID: 'c1',
      destination: 'park+5901',
      sessid,
    });
    expect(transfer.params).toEqual({
      action: 'transfer',
      dialogParams: { callID: 'c1' },
      destination: 'park+5901',
      sessid,
    });
    expect(vertoClientRequestSchemas['verto.modify'].parse(transfer.params)).toEqual(transfer.params);
  });

  it('an attended transfer (replace) names the other call beside the action, as mod_verto reads it', () => {
    const replace = vertoModifyRequest(13, { action: 'replace', callID: 'c1', replaceCallID: 'c2', sessid });
    expect(replace.params).toEqual({
      action: 'replace',
      dialogParams: { callID: 'c1' },
      replaceCallID: 'c2',
      sessid,
    });
    expect(vertoClientRequestSchemas['verto.modify'].parse(replace.params)).toEqual(replace.params);
  });

  it('a reject carries CALL_REJECTED with its code', () => {
    expect(vertoByeRequest(4, { callID: 'c1', sessid, cause: 'CALL_REJECTED' }).params).toMatchObject({
      cause: 'CALL_REJECTED',
      causeCode: 21,
    });
  });
});

describe("reply and server request builders reproduce FreeSWITCH's frames", () => {
  const raw = (n: number) => recorded('verto-1001', n).raw;

  it('results', () => {
    const call = '4ac85ddf-ae06-4f8b-b5a8-a085e981a719';
    expect(JSON.stringify(vertoResult(2, { message: vertoResultMessages.loggedIn, sessid }))).toBe(raw(4));
    expect(JSON.stringify(vertoResult(6, { sessid }))).toBe(raw(39));
    expect(JSON.stringify(vertoResult(7, { message: vertoResultMessages.sent, sessid }))).toBe(raw(42));
    expect(
      JSON.stringify(vertoResult(8, { message: vertoResultMessages.callCreated, callID: call, sessid })),
    ).toBe(raw(47));
    expect(JSON.stringify(vertoResult(9, { callID: call, action: 'hold', holdState: 'held', sessid }))).toBe(
      raw(54),
    );
    expect(
      JSON.stringify(
        vertoResult(11, {
          callID: call,
          message: vertoResultMessages.callEnded,
          causeCode: 16,
          cause: 'NORMAL_CLEARING',
          sessid,
        }),
      ),
    ).toBe(raw(61));
  });

  it('errors', () => {
    const authFailed = { code: vertoErrorCodes.authFailed, message: vertoErrorMessages.authFailed };
    expect(JSON.stringify(vertoErrorReply(1, authFailed))).toBe(raw(2));
    const refused = { code: vertoErrorCodes.methodNotFound, message: vertoErrorMessages.methodNotFound };
    expect(JSON.stringify(vertoErrorReply(4, refused))).toBe(raw(9));
    const noSdp = vertoErrorReply(13, {
      code: vertoErrorCodes.sessionError,
      message: vertoErrorMessages.sessionError,
      cause: 'INVALID_MSG_UNSPECIFIED',
      causeCode: 95,
    });
    const recordedNoSdp = parseVertoFrame(raw(70));
    expect({ kind: 'error', ...noSdp }).toEqual(recordedNoSdp);
  });

  it('server requests', () => {
    expect(JSON.stringify(vertoServerRequest(1, 'verto.clientReady', { reattached_sessions: [] }))).toBe(
      raw(5),
    );
    const bye = { callID: '855d7ad8-9d83-49ed-b8f6-f8e6b92f6ae1', causeCode: 702, cause: 'LOSE_RACE' };
    expect(JSON.stringify(vertoServerRequest(6, 'verto.bye', bye))).toBe(raw(17));
    for (const n of [12, 35, 50]) {
      const frame = recorded('verto-1001', n).message;
      const request = parseVertoServerRequest(frame as Parameters<typeof parseVertoServerRequest>[0]);
      if (!request) throw new Error(`frame ${n} did not parse`);
      expect(vertoServerRequest(request.id, request.method, request.params)).toEqual(frame);
    }
  });
});

describe('id numbering', () => {
  it('counts from 1, each sequence on its own', () => {
    const client = createVertoIdSequence();
    const server = createVertoIdSequence();
    expect([client(), client(), server(), client()]).toEqual([1, 2, 1, 3]);
    expect(createVertoIdSequence(40)()).toBe(40);
  });
});
