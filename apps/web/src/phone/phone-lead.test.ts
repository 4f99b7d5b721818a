import { describe, expect, it } from 'vitest';
import { emptySession } from './call-session';
import { PhoneLead, type LeadChannel, type LeadLocks, type PhoneCommand } from './phone-lead';
import type { SoftphoneState } from './softphone';

/** BroadcastChannel between the tabs of one browser: a message reaches every other tab, not the sender. */
function channelHub() {
  const open = new Set<{ listeners: ((event: MessageEvent) => void)[] }>();
  return (): LeadChannel => {
    const self = { listeners: [] as ((event: MessageEvent) => void)[] };
    open.add(self);
    return {
      postMessage(message) {
        // structuredClone: what crosses tabs is a copy, as with the real channel.
        for (const other of open)
          if (other !== self)
            for (const l of other.listeners) l({ data: structuredClone(message) } as MessageEvent);
      },
      addEventListener: (_type, listener) => void self.listeners.push(listener),
      close: () => void open.delete(self),
    };
  };
}

/** The Web Locks API of one browser: one holder per name, the others queued in order, abortable. */
function lockManager(): LeadLocks {
  const queues = new Map<string, { grant: () => void }[]>();
  const held = new Set<string>();
  const next = (name: string) => {
    const waiting = queues.get(name)?.shift();
    if (waiting) waiting.grant();
    else held.delete(name);
  };
  return {
    request(name, { signal }, hold) {
      return new Promise((resolve, reject) => {
        const entry = {
          grant: () => {
            held.add(name);
            void hold().then(() => {
              next(name);
              resolve(undefined);
            });
          },
        };
        if (!held.has(name)) return entry.grant();
        const queue = queues.get(name) ?? [];
        queues.set(name, queue);
        queue.push(entry);
        signal.addEventListener('abort', () => {
          const at = queue.indexOf(entry);
          if (at >= 0) queue.splice(at, 1);
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    },
  };
}

const state = (number: string | null): SoftphoneState => ({
  status: 'ready',
  problem: null,
  session: number
    ? {
        ...emptySession,
        currentId: 'c1',
        calls: {
          c1: {
            callID: 'c1',
            line: 1,
            direction: 'outbound',
            number,
            name: '',
            status: 'calling',
            activeSince: null,
            muted: false,
          },
        },
      }
    : emptySession,
});

/** A tab of the browser: its lead, whether its softphone runs, and the commands it carried out. */
function openTab(locks: LeadLocks | null, channel: () => LeadChannel) {
  const tab = {
    running: false,
    commands: [] as PhoneCommand[],
    current: state(null),
    lead: null as unknown as PhoneLead,
  };
  tab.lead = new PhoneLead({
    name: 'tsunagu-phone:yamada',
    locks,
    channel: channel(),
    lead: () => {
      tab.running = true;
      return () => {
        tab.running = false;
      };
    },
    current: () => tab.current,
    command: (command) => tab.commands.push(command),
  });
  tab.lead.start();
  return tab;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('one softphone for the tabs of a browser', () => {
  it('runs the phone in the first tab only; the others follow', async () => {
    const locks = lockManager();
    const hub = channelHub();
    const first = openTab(locks, hub);
    const second = openTab(locks, hub);
    await settle();

    expect(first.lead.store.get().role).toBe('lead');
    expect(first.running).toBe(true);
    expect(second.lead.store.get().role).toBe('follow');
    expect(second.running).toBe(false);
  });

  it("tells a newly opened tab the leading tab's state, and every change after", async () => {
    const locks = lockManager();
    const hub = channelHub();
    const first = openTab(locks, hub);
    first.current = state('1002');
    const second = openTab(locks, hub);
    await settle();
    expect(second.lead.store.get().remote).toEqual(state('1002'));

    first.lead.publish(state('0312345678'));
    expect(second.lead.store.get().remote?.session.calls.c1?.number).toBe('0312345678');
  });

  it("carries a following tab's operations out on the leading tab's phone, and only known ones", async () => {
    const locks = lockManager();
    const hub = channelHub();
    const first = openTab(locks, hub);
    const second = openTab(locks, hub);
    await settle();

    second.lead.send({ method: 'dial', args: ['1002'] });
    second.lead.send({ method: 'hangUp', args: [] });
    // A message of another shape (an older page, a bug) must not call anything else on the phone.
    hub().postMessage({ kind: 'command', method: 'stop', args: [] });

    expect(first.commands).toEqual([
      { method: 'dial', args: ['1002'] },
      { method: 'hangUp', args: [] },
    ]);
    expect(second.commands).toEqual([]);
  });

  it('hands the phone to the next tab when the leading tab closes, which then leads the third', async () => {
    const locks = lockManager();
    const hub = channelHub();
    const first = openTab(locks, hub);
    const second = openTab(locks, hub);
    const third = openTab(locks, hub);
    await settle();

    first.lead.stop();
    expect(first.running).toBe(false);
    await settle();

    expect(second.lead.store.get().role).toBe('lead');
    expect(second.running).toBe(true);
    expect(third.running).toBe(false);
    second.lead.publish(state('1003'));
    expect(third.lead.store.get().remote?.session.calls.c1?.number).toBe('1003');
    third.lead.send({ method: 'answer', args: ['c1'] });
    expect(second.commands).toEqual([{ method: 'answer', args: ['c1'] }]);
  });

  it('lets a following tab that closes leave the queue without ever starting the phone', async () => {
    const locks = lockManager();
    const hub = channelHub();
    const first = openTab(locks, hub);
    const second = openTab(locks, hub);
    const third = openTab(locks, hub);
    await settle();

    second.lead.stop();
    first.lead.stop();
    await settle();

    expect(second.running).toBe(false);
    expect(third.lead.store.get().role).toBe('lead');
  });

  it('runs the phone at once where the browser has no Web Locks (a single tab as before)', () => {
    const alone = openTab(null, channelHub());
    expect(alone.lead.store.get().role).toBe('lead');
    expect(alone.running).toBe(true);
  });
});
