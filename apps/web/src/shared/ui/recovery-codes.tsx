import { Button } from 'antd';
import { useState } from 'react';
import { jaTwoStep as t } from '../i18n/ja-two-step';

/** Ten one-time recovery codes, shown once: listed, copyable, and left only by saying they are kept. */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel = t.saved,
}: {
  codes: string[];
  onDone: () => void;
  doneLabel?: string;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(codes.join('\n'));
    setCopied(true);
  };
  return (
    <section aria-label={t.recoveryHeading} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <strong>{t.recoveryHeading}</strong>
      <p style={{ margin: 0 }}>{t.recoveryNote}</p>
      <ol
        aria-label={t.recoveryHeading}
        style={{
          margin: 0,
          padding: '8px 8px 8px 32px',
          columns: 2,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          background: '#f5f5f5',
          borderRadius: 6,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <Button onClick={() => void copy()}>{t.copy}</Button>
        {copied && <span role="status">{t.copied}</span>}
        <Button type="primary" onClick={onDone} style={{ marginInlineStart: 'auto' }}>
          {doneLabel}
        </Button>
      </div>
    </section>
  );
}
