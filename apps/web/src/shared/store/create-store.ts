import { useSyncExternalStore } from 'react';

/** A value outside React that components can subscribe to. */
export interface Store<T> {
  get(): T;
  set(next: T | ((previous: T) => T)): void;
  subscribe(listener: () => void): () => void;
}

/** Creates a tiny external store; listeners run after every change. */
export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      const resolved = typeof next === 'function' ? (next as (previous: T) => T)(value) : next;
      if (Object.is(resolved, value)) return;
      value = resolved;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Reads a store (or a stable part of it) and re-renders when it changes. */
export function useStore<T, S = T>(
  store: Store<T>,
  select: (value: T) => S = (value) => value as unknown as S,
): S {
  return useSyncExternalStore(store.subscribe, () => select(store.get()));
}
