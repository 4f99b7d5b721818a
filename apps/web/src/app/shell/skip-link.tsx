import { useState, type CSSProperties } from 'react';
import { ja } from '../../shared/i18n/ja';

/** The id of the shell's main content, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

const HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
};
const SHOWN: CSSProperties = {
  position: 'absolute',
  insetBlockStart: 4,
  insetInlineStart: 4,
  zIndex: 1100,
  padding: '6px 12px',
  background: '#ffffff',
  color: '#0958d9',
  outline: '2px solid #0958d9',
  borderRadius: 4,
};

/**
 * The first Tab stop of the shell: 「メインコンテンツへスキップ」 moves focus past the header and the
 * menu to the page (WCAG 2.4.1). Hidden until it has focus.
 */
export function SkipLink() {
  const [focused, setFocused] = useState(false);
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      style={focused ? SHOWN : HIDDEN}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onClick={(event) => {
        // Focus, not the URL's hash: the router owns the URL, and a hash alone leaves focus on the link.
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      {ja.header.skipToContent}
    </a>
  );
}
