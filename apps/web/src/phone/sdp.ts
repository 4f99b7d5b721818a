/**
 * The few SDP repairs a browser needs to talk to FreeSWITCH and to parties without media. SDP is
 * kept as text: we only ever add lines, never rewrite what the far end offered.
 */

/** True when the SDP describes at least one media stream (a party without media sends none, or ''). */
export function hasMedia(sdp: string | null | undefined): sdp is string {
  return typeof sdp === 'string' && /(^|\r?\n)m=/.test(sdp);
}

/** The session part and the m= sections of an SDP, each section starting with its 'm=' line. */
function sections(sdp: string): { head: string; media: string[]; eol: string } {
  const eol = sdp.includes('\r\n') ? '\r\n' : '\n';
  const parts = sdp.split(/\r?\n(?=m=)/);
  if (sdp.startsWith('m=')) return { head: '', media: parts, eol };
  const [head = '', ...media] = parts;
  return { head, media, eol };
}

function midOf(section: string): string | null {
  return /(?:^|\r?\n)a=mid:(\S+)/.exec(section)?.[1] ?? null;
}

/**
 * Gives every m= section of a remote description an `a=mid` line when it has none. FreeSWITCH's
 * WebRTC answer has no `a=mid` even when our offer bundled its media (recorded), and Chrome then
 * refuses the answer: each section takes the mid of our offer's section at the same position, or,
 * for a remote offer, its own position (what the browser would have numbered it).
 */
export function withMids(remote: string, localOffer?: string | null): string {
  const { head, media, eol } = sections(remote);
  if (media.length === 0 || media.every((section) => midOf(section) !== null)) return remote;
  const localMids = localOffer ? sections(localOffer).media.map(midOf) : [];
  const repaired = media.map((section, index) => {
    if (midOf(section) !== null) return section;
    const mid = localMids[index] ?? String(index);
    // The line goes at the end of the section; a trailing line break stays the section's last.
    const trimmed = section.replace(/(\r?\n)+$/, '');
    const trailing = section.slice(trimmed.length);
    return `${trimmed}${eol}a=mid:${mid}${trailing}`;
  });
  return [head, ...repaired].filter((part, i) => i > 0 || part !== '').join(eol);
}
