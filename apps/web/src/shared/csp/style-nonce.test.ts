import { afterEach, describe, expect, it } from 'vitest';
import { applyStyleNonce, pageStyleNonce } from './style-nonce';

const originalCreateElement = document.createElement;

afterEach(() => {
  document.createElement = originalCreateElement;
  document.querySelector('meta[property="csp-nonce"]')?.remove();
});

function pageNonce(value: string): void {
  const meta = document.createElement('meta');
  meta.setAttribute('property', 'csp-nonce');
  meta.setAttribute('nonce', value);
  document.head.append(meta);
}

describe('style nonce', () => {
  it("gives <style> elements made by script the page's nonce, and nothing else", () => {
    pageNonce('n0nce+/==');
    applyStyleNonce();
    expect(document.createElement('style').nonce).toBe('n0nce+/==');
    expect(document.createElement('div').nonce).toBeFalsy();
    expect(document.createElement('script').nonce).toBeFalsy();
  });

  it('leaves document.createElement as it is on a page without a nonce', () => {
    expect(pageStyleNonce()).toBeNull();
    applyStyleNonce();
    expect(document.createElement).toBe(originalCreateElement);
  });
});
