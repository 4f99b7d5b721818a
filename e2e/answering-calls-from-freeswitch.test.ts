/**
 * Issue 14: the browser softphone answers calls from FreeSWITCH. Each verto.invite FreeSWITCH 1.11.1
 * was recorded sending (fixtures/freeswitch/verto: audio only, no BUNDLE group, no a=mid) is played
 * to the real softphone in Chromium by a stand-in for FreeSWITCH's verto socket (Playwright's
 * routeWebSocket: the page's /verto socket never reaches the server). The user clicks 応答: Chromium
 * must accept the offer and the softphone must send verto.answer with its SDP and show 通話中.
 */
import { loadRecordedVertoSession } from '@tsunagu/contract/verto/testing/recorded-session';
import type { Page, WebSocketRoute } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { DEMO, signIn } from './support/auth-steps';
import { incomingCall, openSoftphone, softphone, watchPeerConnections } from './support/call-steps';
import { useE2E } from './support/harness';

type Json = Record<string, unknown>;

const e2e = useE2E();

/**
 * The verto.invite frames FreeSWITCH sent verto clients, as recorded: a Node client, and the console's
 * own softphones on the loopback trial (offers from a SIP desk phone, PCMU only, and from browsers).
 */
const recordedInvites = (['verto-1001', 'trial-1001', 'trial-1002'] as const)
  .flatMap((session) => loadRecordedVertoSession(session))
  .filter((f) => f.dir === 'in' && f.message.method === 'verto.invite')
  .map((f) => f.message.params as Json & { callID: string; sdp: string; caller_id_number: string });

/** FreeSWITCH's side of one verto socket: logs the client in, numbers its own requests from 1. */
class FakeFreeSwitch {
  readonly received: Json[] = [];
  #socket: WebSocketRoute | null = null;
  #nextId = 1;

  /** Serves the page's /verto socket. */
  async attach(page: Page): Promise<void> {
    await page.routeWebSocket(/\/verto$/, (socket) => {
      this.#socket = socket;
      socket.onMessage((message) => this.#receive(JSON.parse(String(message)) as Json));
    });
  }

  /** A request from FreeSWITCH. */
  request(method: string, params: Json): void {
    this.#send({ jsonrpc: '2.0', id: this.#nextId++, method, params });
  }

  /** Waits for the client's request of `method` matching `match`. */
  next(method: string, match: (params: Json) => boolean = () => true): Promise<Json> {
    return vi.waitFor(
      () => {
        const found = this.received.find((f) => f.method === method && match(f.params as Json));
        if (!found) throw new Error(`no ${method} from the softphone`);
        return found;
      },
      { timeout: 30_000, interval: 50 },
    );
  }

  #receive(frame: Json): void {
    this.received.push(frame);
    const params = (frame.params ?? {}) as Json;
    const reply = (result: Json) => this.#send({ jsonrpc: '2.0', id: frame.id, result });
    switch (frame.method) {
      case 'login':
        reply({ message: 'logged in', sessid: params.sessid });
        this.request('verto.clientReady', { reattached_sessions: [] });
        return;
      case 'verto.answer':
        return reply({ sessid: params.sessid });
      case 'verto.bye': {
        const { callID } = params.dialogParams as Json;
        return reply({ callID, message: 'CALL ENDED', causeCode: params.causeCode, cause: params.cause });
      }
      default:
        if (frame.method && frame.id !== undefined) reply({ sessid: params.sessid });
    }
  }

  #send(frame: Json): void {
    this.#socket?.send(JSON.stringify(frame));
  }
}

describe('a softphone user answers the calls FreeSWITCH 1.11.1 offers, as recorded', () => {
  it('answers every recorded FreeSWITCH offer in Chromium: verto.answer with SDP, 通話中, no media error', async () => {
    expect(recordedInvites.length).toBeGreaterThanOrEqual(3);
    const page = await e2e.newPage();
    const freeswitch = new FakeFreeSwitch();
    await freeswitch.attach(page);
    await watchPeerConnections(page);
    await signIn(page, DEMO.yamada);
    await openSoftphone(page);

    for (const invite of recordedInvites) {
      expect(invite.sdp).not.toContain('a=group:BUNDLE');
      freeswitch.request('verto.invite', invite);
      const modal = incomingCall(page);
      await modal.getByText(`【${invite.caller_id_number}】`).waitFor();
      await modal.getByRole('button', { name: '応答', exact: true }).click();

      const answer = await freeswitch.next(
        'verto.answer',
        (p) => (p.dialogParams as Json).callID === invite.callID,
      );
      const sdp = String((answer.params as Json).sdp);
      expect(sdp).toMatch(/^v=0\r\n/);
      expect(sdp).toContain('m=audio');
      expect(sdp).toMatch(/a=setup:(active|passive)/);
      await softphone(page)
        .getByRole('status')
        .getByText(/通話中/)
        .waitFor();

      freeswitch.request('verto.bye', { callID: invite.callID, causeCode: 16, cause: 'NORMAL_CLEARING' });
      await softphone(page).getByLabel('通話相手').getByText('-', { exact: true }).waitFor();
    }
    // Chromium took every offer: the softphone never hung up over its media, nor told the user so.
    expect(freeswitch.received.filter((f) => f.method === 'verto.bye')).toEqual([]);
    expect(await page.getByText('通話の音声を接続できませんでした').count()).toBe(0);
    const policies = await page.evaluate(() =>
      (window.__peers ?? []).map((peer) => peer.getConfiguration().bundlePolicy),
    );
    expect(policies).toHaveLength(recordedInvites.length);
    expect(policies.every((policy) => policy !== 'max-bundle')).toBe(true);
  });

  it("under the old 'max-bundle' policy Chromium refuses the same offer: the user is told and the call is hung up, never shown connected", async () => {
    const page = await e2e.newPage();
    // The configuration this issue found in production, forced on the page's connections.
    await page.addInitScript(() => {
      const Native = window.RTCPeerConnection;
      window.RTCPeerConnection = class extends Native {
        constructor(configuration?: RTCConfiguration) {
          super({ ...configuration, bundlePolicy: 'max-bundle' });
        }
      };
    });
    const freeswitch = new FakeFreeSwitch();
    await freeswitch.attach(page);
    await signIn(page, DEMO.yamada);
    await openSoftphone(page);

    const invite = recordedInvites[0]!;
    freeswitch.request('verto.invite', invite);
    await incomingCall(page).getByRole('button', { name: '応答', exact: true }).click();

    const bye = await freeswitch.next('verto.bye', (p) => (p.dialogParams as Json).callID === invite.callID);
    expect(bye.params).toMatchObject({ cause: 'INCOMPATIBLE_DESTINATION', causeCode: 88 });
    await page.getByText('通話の音声を接続できませんでした。通話を終了しました。').waitFor();
    expect(freeswitch.received.filter((f) => f.method === 'verto.answer')).toEqual([]);
    expect(
      await softphone(page)
        .getByRole('status')
        .getByText(/通話中/)
        .count(),
    ).toBe(0);
  });
});
