/**
 * The SDP the sandbox forwards, in FreeSWITCH's shape. A browser's offer carries a BUNDLE group,
 * `a=mid`, header extensions and the like, which mod_verto never sends (fixtures/freeswitch/verto):
 * relaying them verbatim let every test meet an SDP no production softphone ever sees (Chrome refused
 * FreeSWITCH's BUNDLE-less offer under max-bundle, and no test noticed). Only the line kinds
 * FreeSWITCH 1.11.1 was recorded sending are kept; the browsers still reach each other with them.
 */

/** The `x=` / `a=name` kinds of SDP line FreeSWITCH's verto offers and answers were recorded with. */
export const FREESWITCH_SDP_LINE_KINDS: ReadonlySet<string> = new Set([
  'v',
  'o',
  's',
  'c',
  't',
  'm',
  'a=msid-semantic',
  'a=rtpmap',
  'a=fmtp',
  'a=fingerprint',
  'a=setup',
  'a=rtcp-mux',
  'a=rtcp',
  'a=ssrc',
  'a=ice-ufrag',
  'a=ice-pwd',
  'a=candidate',
  'a=end-of-candidates',
  'a=silenceSupp',
  'a=ptime',
  // The direction: sendrecv as recorded; FreeSWITCH's hold re-offer uses the others.
  'a=sendrecv',
  'a=sendonly',
  'a=recvonly',
  'a=inactive',
]);

/** A line's kind: 'm' for `m=audio …`, 'a=rtpmap' for `a=rtpmap:96 …`. */
export function sdpLineKind(line: string): string {
  if (!line.startsWith('a=')) return line.slice(0, 1);
  const colon = line.indexOf(':');
  return colon < 0 ? line : line.slice(0, colon);
}

/** The kinds of line in an SDP, in order of first appearance. */
export function sdpLineKinds(sdp: string): string[] {
  return [...new Set(sdp.split(/\r?\n/).filter(Boolean).map(sdpLineKind))];
}

/**
 * An SDP as FreeSWITCH would send it: lines of other kinds (a=group:BUNDLE, a=mid, a=extmap,
 * a=msid, a=rtcp-fb, a=ice-options, …) are dropped; everything else is kept byte for byte, line
 * endings included. The browser at the other end copes as it does with FreeSWITCH: without BUNDLE
 * under the 'balanced' policy, and the softphone gives a mid-less answer its offer's mids.
 */
export function asFreeSwitchSdp(sdp: string): string {
  if (sdp === '') return sdp;
  const lines = sdp.split(/(?<=\n)/);
  return lines.filter((line) => FREESWITCH_SDP_LINE_KINDS.has(sdpLineKind(line.trimEnd()))).join('');
}
