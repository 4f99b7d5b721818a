/** A fake FreeSWITCH Event Socket server for tests: plays FreeSWITCH's side, frame by frame. */
import { once } from 'node:events';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

export const AUTH_REQUEST = 'Content-Type: auth/request\n\n';
export const reply = (text: string, extra = '') =>
  `Content-Type: command/reply\nReply-Text: ${text}\n${extra}\n`;
export const apiResponse = (body: string) =>
  `Content-Type: api/response\nContent-Length: ${Buffer.byteLength(body)}\n\n${body}`;

/** The far end of one client connection, as the fake FreeSWITCH sees it. */
export class Peer {
  private buffer = '';
  private commands: string[] = [];
  private waiters: ((command: string) => void)[] = [];

  constructor(readonly socket: Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      let end: number;
      while ((end = this.buffer.indexOf('\n\n')) >= 0) {
        const command = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        const waiter = this.waiters.shift();
        if (waiter) waiter(command);
        else this.commands.push(command);
      }
    });
    socket.on('error', () => {});
  }

  /** The next command the client sends (without its blank line). */
  next(): Promise<string> {
    const queued = this.commands.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  write(data: string | Buffer): void {
    this.socket.write(data);
  }

  /** Plays FreeSWITCH's side of login and subscription; returns the subscription command. */
  async accept(password = 'ClueCon'): Promise<string> {
    this.write(AUTH_REQUEST);
    const auth = await this.next();
    if (auth !== `auth ${password}`) throw new Error(`unexpected login: ${auth}`);
    this.write(reply('+OK accepted'));
    const subscription = await this.next();
    this.write(reply('+OK event listener enabled json'));
    return subscription;
  }
}

export interface FakeEsl {
  port: number;
  peers: Peer[];
  /** The next connection, in the order clients connected. */
  nextPeer(): Promise<Peer>;
  server: Server;
  close(): Promise<void>;
}

/** Listens on a free loopback port. */
export async function fakeEsl(): Promise<FakeEsl> {
  const peers: Peer[] = [];
  const waiting: ((peer: Peer) => void)[] = [];
  const server = createServer((socket) => {
    const peer = new Peer(socket);
    peers.push(peer);
    waiting.shift()?.(peer);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  let handedOut = 0;
  return {
    port: (server.address() as AddressInfo).port,
    peers,
    server,
    nextPeer: () => {
      const ready = peers[handedOut];
      handedOut++;
      return ready ? Promise.resolve(ready) : new Promise((resolve) => waiting.push(resolve));
    },
    close: async () => {
      for (const peer of peers) peer.socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * Answers every command on a logged-in connection: `answer` gives the frame to send back (an
 * api/response for `api`, a command/reply for the rest), and every command is recorded.
 */
export function answerCommands(peer: Peer, answer: (command: string) => string): string[] {
  const received: string[] = [];
  void (async () => {
    for (;;) {
      const command = await peer.next();
      received.push(command);
      if (peer.socket.destroyed) return;
      peer.write(answer(command));
    }
  })();
  return received;
}

/** What `verto xmlstatus` answers with its profile running and no client connected. */
export const VERTO_STATUS_NO_CLIENTS =
  '<?xml version="1.0" encoding="ISO-8859-1"?>\n<profiles>\n<profile>\n<name>default-v4</name>\n' +
  '<type>profile</type>\n<data>ws:127.0.0.1:8081</data>\n<state>RUNNING</state>\n</profile>\n</profiles>\n';

/** The commands the engine sends after every (re)connect to list what it may have missed, in order. */
export const RESYNC_COMMANDS = [
  'api show channels as json',
  'api valet_info',
  'api show registrations as json',
  'api verto xmlstatus',
] as const;

/**
 * FreeSWITCH with no calls and no phone signed in: what it answers to the engine's
 * resynchronisation and to anything else.
 */
export function idleFreeswitch(command: string): string {
  if (command === 'api show channels as json') return apiResponse('{"row_count": 0}\n');
  if (command.startsWith('api valet_info')) return apiResponse('<lots>\n</lots>\n');
  if (command === 'api show registrations as json') return apiResponse('{"row_count": 0}\n');
  if (command === 'api verto xmlstatus') return apiResponse(VERTO_STATUS_NO_CLIENTS);
  if (command.startsWith('api ')) return apiResponse('+OK\n');
  return reply('+OK Job-UUID: 00000000-0000-4000-8000-000000000000');
}
