import { endpoints } from '@tsunagu/contract/api';
import { useEffect, useRef } from 'react';
import { fetchData } from '../api/client';
import { endSession, getSession, subscribeSession, type Session } from '../session/session-store';
import type { LiveTopic } from './live-topics';
import { liveTopics } from './live-topics';
import { createRealtimeClient, type RealtimeClient, type Unsubscribe } from './realtime-client';

interface Registration {
  destination: string;
  onMessage: (body: string) => void;
  /** Set while the current client carries it. */
  unsubscribe?: Unsubscribe;
}

// Subscriptions outlive clients: a component may subscribe before the session's client exists.
const registrations = new Set<Registration>();
let live: { token: string; domainUuid: string; client: RealtimeClient } | null = null;
const connectListeners = new Set<() => void>();
let checkingSession = false;

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/ws`;
}

/**
 * A STOMP ERROR frame carries no status: ask the REST API whether the session still holds. Its 401
 * ends the session (shared client), which deactivates the socket; otherwise reconnecting goes on.
 */
function checkSession(session: Session): void {
  if (checkingSession) return;
  checkingSession = true;
  fetchData(endpoints.loginUsers, { params: { domainUuid: session.user.user.domainUuid } })
    .catch(() => undefined)
    .finally(() => {
      checkingSession = false;
    });
}

function connect(session: Session): RealtimeClient {
  const { userUuid } = session.user.user;
  const client = createRealtimeClient({
    url: socketUrl(),
    userUuid,
    token: session.token,
    onRefused: () => checkSession(session),
    onConnected: () => connectListeners.forEach((listener) => listener()),
  });
  // Spec 4 "Session": a message on the force-logout topic logs the user out.
  client.subscribe(liveTopics.force(userUuid).destination, () => endSession());
  for (const registration of registrations) {
    registration.unsubscribe = client.subscribe(registration.destination, registration.onMessage);
  }
  return client;
}

/**
 * Keeps exactly one client, for the current session's token and tenant (a provider acting inside a
 * tenant reconnects, to hear that tenant's topics); none when signed out.
 */
function followSession(): void {
  const session = getSession();
  if (live?.token === session?.token && live?.domainUuid === session?.user.user.domainUuid) return;
  if (live) {
    void live.client.deactivate();
    for (const registration of registrations) registration.unsubscribe = undefined;
    live = null;
  }
  if (session)
    live = { token: session.token, domainUuid: session.user.user.domainUuid, client: connect(session) };
}

/**
 * Connects the real-time socket for the signed-in session and follows sign-in and sign-out (logout
 * deactivates it). Returns the function that stops following and closes the socket.
 */
export function connectRealtime(): () => void {
  followSession();
  const stop = subscribeSession(followSession);
  return () => {
    stop();
    void live?.client.deactivate();
    live = null;
    for (const registration of registrations) registration.unsubscribe = undefined;
  };
}

/** Receives a topic's parsed messages through the session's socket; returns the unsubscribe. */
export function subscribeTopic<T>(topic: LiveTopic<T>, onValue: (value: T) => void): Unsubscribe {
  const registration: Registration = {
    destination: topic.destination,
    onMessage: (body) => {
      let value: T;
      try {
        value = topic.parse(body);
      } catch (error) {
        console.error('unreadable real-time message', topic.destination, error);
        return;
      }
      onValue(value);
    },
  };
  registrations.add(registration);
  if (live)
    registration.unsubscribe = live.client.subscribe(registration.destination, registration.onMessage);
  return () => {
    registrations.delete(registration);
    registration.unsubscribe?.();
  };
}

/**
 * Calls back on every (re)connection of the socket. Messages sent while it was down, or before its
 * subscriptions reached the server, are lost: what they would have said is read again then.
 */
export function onRealtimeConnected(listener: () => void): Unsubscribe {
  connectListeners.add(listener);
  return () => {
    connectListeners.delete(listener);
  };
}

/** onRealtimeConnected for a component while it is mounted; the latest callback is called. */
export function useRealtimeConnected(onConnected: () => void): void {
  const latest = useRef(onConnected);
  useEffect(() => {
    latest.current = onConnected;
  });
  useEffect(() => onRealtimeConnected(() => latest.current()), []);
}

/** Subscribes a component to a topic while it is mounted (null: none); the latest handler is called. */
export function useTopic<T>(topic: LiveTopic<T> | null, onValue: (value: T) => void): void {
  const latest = useRef({ topic, onValue });
  useEffect(() => {
    latest.current = { topic, onValue };
  });
  const destination = topic?.destination;
  useEffect(() => {
    const current = latest.current.topic;
    if (!current) return;
    return subscribeTopic(current, (value) => latest.current.onValue(value));
  }, [destination]);
}
