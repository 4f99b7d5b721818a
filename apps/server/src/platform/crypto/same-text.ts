import { hash, timingSafeEqual } from 'node:crypto';

// One-shot hashing: a Hash object per call is a native handle that every young-generation collection
// must then finalise (measured as milliseconds of each pause at 1,000 requests/s).
const digest = (text: string) => hash('sha256', text, 'buffer');

/**
 * Whether two secrets are the same text, compared in constant time: their SHA-256 digests have one
 * length whatever the texts' lengths, so the time tells nothing about where they differ.
 */
export function sameText(a: string, b: string): boolean {
  return timingSafeEqual(digest(a), digest(b));
}
