/*
 * Reads that arrive together share statements. At most one statement of a kind is under way; whatever
 * asks meanwhile waits for the next one, which starts when it ends and carries all of them. A burst of
 * requests thus costs a few statements, not one each, and a lone request waits for nothing. Work that
 * may wait a moment (a WebSocket CONNECT: a mass reconnect's frames trickle in over a second) gathers
 * for `windowMs` before its statement is sent. A caller never joins a statement already sent, so it
 * sees everything committed before it asked (its own writes too).
 */

export interface BatchOptions {
  /** How long the first caller of a batch waits for others (0: the rest of this event-loop turn). */
  windowMs?: number;
}

type Waiter<V> = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };

/**
 * Batches keys into one call of `run` (e.g. `WHERE id = ANY($1)`); each caller gets its key's value from
 * the map `run` returns (undefined when absent).
 */
export function batchByKey<V>(
  run: (keys: string[]) => Promise<ReadonlyMap<string, V>>,
  { windowMs = 0 }: BatchOptions = {},
): (key: string) => Promise<V | undefined> {
  let queued = new Map<string, Waiter<V>[]>();
  let busy = false;

  function pump(): void {
    if (busy || queued.size === 0) return;
    busy = true;
    const gather = (send: () => void) => (windowMs > 0 ? setTimeout(send, windowMs) : setImmediate(send));
    gather(() => {
      const batch = queued;
      queued = new Map();
      run([...batch.keys()])
        .then(
          (found) => {
            for (const [key, waiters] of batch) for (const w of waiters) w.resolve(found.get(key));
          },
          (error: unknown) => {
            for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
          },
        )
        .finally(() => {
          busy = false;
          pump();
        });
    });
  }

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      const waiters = queued.get(key) ?? [];
      waiters.push({ resolve, reject });
      queued.set(key, waiters);
      pump();
    });
}

/** A read of one key (a tenant's counters) shared by everyone asking for that key meanwhile. */
export function coalesceByKey<V>(
  read: (key: string) => Promise<V>,
  options: BatchOptions = {},
): (key: string) => Promise<V> {
  const perKey = new Map<string, (key: string) => Promise<V | undefined>>();
  return async (key) => {
    let batch = perKey.get(key);
    if (!batch) {
      batch = batchByKey(async () => new Map([[key, await read(key)]]), options);
      perKey.set(key, batch);
    }
    return (await batch(key)) as V;
  };
}
