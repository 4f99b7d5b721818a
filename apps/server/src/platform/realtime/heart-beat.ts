import { StompParseError } from './stomp-codec';

/** What the server can do: send a heart-beat at most this often, and want one at least this often (0 = never). */
export interface ServerHeartbeat {
  sendEveryMs: number;
  expectEveryMs: number;
}

/** Negotiated intervals for one connection, in milliseconds; 0 means none in that direction. */
export interface Heartbeat {
  /** How often the client must send something. */
  incomingMs: number;
  /** How often the server sends an EOL. */
  outgoingMs: number;
}

/** Negotiates a CONNECT's `heart-beat: cx,cy` against the server's abilities (STOMP 1.2 "Heart-beating"). */
export function negotiateHeartbeat(header: string | undefined, server: ServerHeartbeat): Heartbeat {
  const match = /^\s*(\d{1,9})\s*,\s*(\d{1,9})\s*$/.exec(header ?? '0,0');
  if (!match) throw new StompParseError('heart-beat ヘッダーの形式が正しくありません');
  const clientSends = Number(match[1]);
  const clientWants = Number(match[2]);
  return {
    incomingMs:
      clientSends === 0 || server.expectEveryMs === 0 ? 0 : Math.max(clientSends, server.expectEveryMs),
    outgoingMs: clientWants === 0 || server.sendEveryMs === 0 ? 0 : Math.max(clientWants, server.sendEveryMs),
  };
}

/** The CONNECTED header value: the negotiated intervals, so the client's own computation lands on the same. */
export const heartbeatHeader = (heartbeat: Heartbeat) => `${heartbeat.outgoingMs},${heartbeat.incomingMs}`;
