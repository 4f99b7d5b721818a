import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryBus, createRedisBus, type Bus } from './bus';
import { freePort, startPrivateRedis, type PrivateRedis } from '../../testing/private-redis';
import { TEST_REDIS_URL } from './stomp-test-kit';

const received = (bus: Bus, topic: string) => {
  const got: string[] = [];
  return { got, subscription: bus.subscribe(topic, (payload) => got.push(payload)) };
};

describe('memory bus', () => {
  it('delivers to the topic’s handlers only, after the publisher’s call returns', async () => {
    const bus = createMemoryBus();
    const ring = received(bus, '/topic/ring/u1');
    const other = received(bus, '/topic/ring/u2');
    const publishing = bus.publish('/topic/ring/u1', 'a,b,c');
    expect(ring.got).toEqual([]);
    await publishing;
    expect(ring.got).toEqual(['a,b,c']);
    expect(other.got).toEqual([]);
    await bus.close();
  });

  it('stops delivering after unsubscribe, leaving other handlers of the topic', async () => {
    const bus = createMemoryBus();
    const first = received(bus, 't');
    const second = received(bus, 't');
    (await first.subscription)();
    await bus.publish('t', 'x');
    expect(first.got).toEqual([]);
    expect(second.got).toEqual(['x']);
    await bus.close();
  });

  it('keeps a throwing handler from reaching the publisher or the other handlers', async () => {
    const onError = vi.fn();
    const bus = createMemoryBus({ onError });
    void bus.subscribe('t', () => {
      throw new Error('boom');
    });
    const other = received(bus, 't');
    await bus.publish('t', 'x');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom' }));
    expect(other.got).toEqual(['x']);
    await bus.close();
  });
});

describe('redis bus', () => {
  const prefix = `tsunagu-test-${randomUUID()}:`;
  const a = createRedisBus(TEST_REDIS_URL, { prefix });
  const b = createRedisBus(TEST_REDIS_URL, { prefix });
  const stranger = createRedisBus(TEST_REDIS_URL, { prefix: `${prefix}other:` });
  const probe = new Redis(TEST_REDIS_URL);
  afterAll(async () => {
    await Promise.all([a.close(), b.close(), stranger.close(), probe.quit()]);
  });

  /** Channels with a subscriber on the Redis server under this run's prefix. */
  const channels = async () => ((await probe.pubsub('CHANNELS', `${prefix}*`)) as string[]).sort();

  it('carries a message from one instance to another, inside its prefix only', async () => {
    const onB = received(b, '/topic/loginUser/d1');
    const onStranger = received(stranger, '/topic/loginUser/d1');
    await Promise.all([onB.subscription, onStranger.subscription]);
    await a.publish('/topic/loginUser/d1', '[{"id":"1"}]');
    await vi.waitFor(() => expect(onB.got).toEqual(['[{"id":"1"}]']));
    expect(onStranger.got).toEqual([]);
    (await onB.subscription)();
    (await onStranger.subscription)();
  });

  it('holds one Redis subscription per topic in use and drops it with the last handler', async () => {
    const first = received(b, '/topic/recall/d1');
    const second = received(b, '/topic/recall/d1');
    await Promise.all([first.subscription, second.subscription]);
    expect(await channels()).toEqual([`${prefix}/topic/recall/d1`]);
    (await first.subscription)();
    await a.publish('/topic/recall/d1', '3');
    await vi.waitFor(() => expect(second.got).toEqual(['3']));
    expect(first.got).toEqual([]);
    (await second.subscription)();
    await vi.waitFor(async () => expect(await channels()).toEqual([]));
  });

  it('is subscribed again when a topic is left and rejoined at once', async () => {
    (await b.subscribe('/topic/park/d1', () => {}))();
    const again = received(b, '/topic/park/d1');
    await again.subscription;
    await a.publish('/topic/park/d1', '{}');
    await vi.waitFor(() => expect(again.got).toEqual(['{}']));
    (await again.subscription)();
  });
});

describe('redis bus when Redis goes away', () => {
  let redis: PrivateRedis;
  beforeAll(async () => {
    redis = await startPrivateRedis();
  });
  afterAll(() => redis.stop());

  /** A bus with a record of what it said about sharing. */
  const watchedBus = (url: string) => {
    const bus = createRedisBus(url);
    const sharing: boolean[] = [];
    bus.watchSharing?.((shared) => sharing.push(shared));
    return { bus, sharing };
  };

  it('delivers locally, without waiting, when Redis cannot be reached at all', async () => {
    const { bus, sharing } = watchedBus(`redis://127.0.0.1:${await freePort()}`);
    const local = received(bus, 't');
    await local.subscription;
    const started = Date.now();
    await bus.publish('t', 'x');
    expect(Date.now() - started).toBeLessThan(500);
    expect(local.got).toEqual(['x']);
    expect(sharing).toEqual([false]);
    await bus.close();
  });

  it('keeps local delivery while Redis is down, says so once, and shares again when it is back', async () => {
    const a = watchedBus(redis.url);
    const b = watchedBus(redis.url);
    const onA = received(a.bus, '/topic/chat/u1');
    const onB = received(b.bus, '/topic/chat/u1');
    await Promise.all([onA.subscription, onB.subscription]);
    await a.bus.publish('/topic/chat/u1', 'before');
    await vi.waitFor(() => expect(onB.got).toEqual(['before']));
    expect(onA.got).toEqual(['before']);
    expect(a.sharing).toEqual([true]);

    await redis.stop();
    await vi.waitFor(() => expect(a.sharing).toEqual([true, false]));
    const started = Date.now();
    await a.bus.publish('/topic/chat/u1', 'during');
    expect(Date.now() - started).toBeLessThan(500);
    expect(onA.got).toEqual(['before', 'during']);

    await redis.start();
    await vi.waitFor(
      () =>
        expect([a.sharing, b.sharing]).toEqual([
          [true, false, true],
          [true, false, true],
        ]),
      {
        timeout: 10_000,
      },
    );
    await a.bus.publish('/topic/chat/u1', 'after');
    await vi.waitFor(() => expect(onB.got).toEqual(['before', 'after']));
    expect(onA.got).toEqual(['before', 'during', 'after']);
    await Promise.all([a.bus.close(), b.bus.close()]);
  });
});
