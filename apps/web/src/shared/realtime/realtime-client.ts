import { Client, type StompSubscription } from '@stomp/stompjs';

/** Heart-beat and reconnect timing of the real-time socket (spec 7 "Real-time socket", 9 "Timing"). */
export const REALTIME_TIMING = {
  heartbeatOutgoing: 20_000,
  heartbeatIncoming: 0,
  reconnectDelay: 500,
} as const;

/** Ends a subscription. */
export type Unsubscribe = () => void;

export interface RealtimeClientOptions {
  /** ws(s)://host/ws */
  url: string;
  /** Sent as the CONNECT `login` header. */
  userUuid: string;
  /** The session token, sent as the CONNECT `passcode` header. */
  token: string;
  /** The server answered with an ERROR frame: it refused the CONNECT or ended the session. */
  onRefused?: (message: string) => void;
  /** A STOMP session started (first connect or reconnect), its subscriptions renewed. */
  onConnected?: () => void;
}

/** A STOMP connection that stays subscribed across reconnects. */
export interface RealtimeClient {
  /** Receives the bodies sent to a destination from now on, also after a reconnect. */
  subscribe(destination: string, onMessage: (body: string) => void): Unsubscribe;
  readonly connected: boolean;
  /** Closes the socket for good (no reconnect). */
  deactivate(): Promise<void>;
}

interface Entry {
  destination: string;
  onMessage: (body: string) => void;
  stomp?: StompSubscription;
}

/** Opens a STOMP-over-WebSocket connection with the session's credentials and keeps it open. */
export function createRealtimeClient({
  url,
  userUuid,
  token,
  onRefused,
  onConnected,
}: RealtimeClientOptions): RealtimeClient {
  const entries = new Set<Entry>();
  const client = new Client({
    brokerURL: url,
    connectHeaders: { login: userUuid, passcode: token },
    ...REALTIME_TIMING,
    debug: () => undefined,
  });
  const listen = (entry: Entry) => {
    entry.stomp = client.subscribe(entry.destination, (message) => entry.onMessage(message.body));
  };
  // A reconnect starts a new STOMP session with no subscriptions: every wanted one is renewed.
  client.onConnect = () => {
    entries.forEach(listen);
    onConnected?.();
  };
  client.onStompError = (frame) => onRefused?.(frame.headers.message ?? frame.body);
  client.activate();

  return {
    subscribe(destination, onMessage) {
      const entry: Entry = { destination, onMessage };
      entries.add(entry);
      if (client.connected) listen(entry);
      return () => {
        if (!entries.delete(entry)) return;
        if (client.connected) entry.stomp?.unsubscribe();
      };
    },
    get connected() {
      return client.connected;
    },
    deactivate: () => client.deactivate(),
  };
}
