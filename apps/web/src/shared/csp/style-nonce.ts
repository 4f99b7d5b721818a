/** The nonce the server gave this page for its `<style>` elements (index.html's csp-nonce meta), or null. */
export function pageStyleNonce(): string | null {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  // Browsers hide a nonce attribute from the DOM once the page's policy applies; the property keeps it.
  return meta?.nonce || meta?.getAttribute('nonce') || null;
}

/**
 * Gives every `<style>` element created by script the page's nonce, which its Content-Security-Policy
 * requires: antd writes its CSS into such elements at run time, and some of its helpers (a dialog's
 * scroll lock, the scrollbar measure) take no nonce option. Styles in injected HTML markup do not pass
 * through here, so the policy still refuses them.
 */
export function applyStyleNonce(): void {
  const nonce = pageStyleNonce();
  if (!nonce) return;
  const create = document.createElement.bind(document);
  document.createElement = ((tagName: string, options?: ElementCreationOptions) => {
    const element = create(tagName, options);
    if (element instanceof HTMLStyleElement) element.nonce = nonce;
    return element;
  }) as typeof document.createElement;
}
