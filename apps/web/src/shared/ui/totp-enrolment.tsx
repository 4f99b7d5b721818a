import type { TwoStepEnrolment } from '@tsunagu/contract/two-step';
import { jaTwoStep as t } from '../i18n/ja-two-step';

/** The QR code an authenticator app reads, and its key for typing in by hand. */
export function TotpEnrolment({ enrolment, size = 180 }: { enrolment: TwoStepEnrolment; size?: number }) {
  // The key in groups of four, as the apps show it.
  const key = enrolment.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 4 }}>
      <img src={enrolment.qrCode} alt={t.qrAlt} width={size} height={size} />
      <span style={{ fontSize: 12, color: 'rgba(0, 0, 0, 0.6)', textAlign: 'center' }}>{t.keyLabel}</span>
      <code aria-label={t.keyLabel} style={{ fontSize: 13, wordBreak: 'break-all', textAlign: 'center' }}>
        {key}
      </code>
    </div>
  );
}
