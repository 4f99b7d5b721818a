import { stat } from 'node:fs/promises';
import type { Db } from '../../platform/db/client';
import type { Mailer, MailMessage } from '../../platform/mail/mailer';
import type { CallRecord, TelephonyEngine } from '../../telephony/engine';
import { missedCallMail, voicemailMail } from './absence-mail';
import { claimMail, markSent, tenantByDomainName, type AbsenceMailKind } from './notifications.repository';

export interface NotificationDeps {
  db: Db;
  engine: TelephonyEngine;
  mailer: Mailer;
  onError: (error: unknown) => void;
  now?: () => Date;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * Sends the absence mails a finished leg calls for, at most one per call and kind: the claim in
 * mail_log comes first, so a re-posted record, another leg of the call or another instance sends
 * nothing more. A claimed mail that fails is reported to onError and not tried again.
 */
export function createAbsenceNotifier({
  db,
  mailer,
  onError,
  now = () => new Date(),
}: Omit<NotificationDeps, 'engine'>) {
  return async (record: CallRecord): Promise<void> => {
    const absence = record.absence;
    const voicemail = absence?.voicemail?.email.trim() ? absence.voicemail : undefined;
    const missedCall = absence?.missedCall?.email.trim() ? absence.missedCall : undefined;
    if (!absence || (!voicemail && !missedCall)) return;
    // The tenant is the record's own domain: its time zone, its claims, nobody else's.
    const tenant = await tenantByDomainName(db, record.domainName);
    if (!tenant) return;

    const mails: [AbsenceMailKind, string, () => Promise<MailMessage>][] = [];
    if (voicemail) {
      mails.push([
        'voicemail',
        voicemail.email,
        async () => {
          const file =
            voicemail.recording && (await isFile(voicemail.recording)) ? voicemail.recording : null;
          return voicemailMail(record, voicemail, tenant.timeZone, file);
        },
      ]);
    }
    if (missedCall) {
      mails.push([
        'missed-call',
        missedCall.email,
        () => Promise.resolve(missedCallMail(record, missedCall, tenant.timeZone)),
      ]);
    }
    for (const [kind, email, compose] of mails) {
      const key = { callUuid: absence.callId, kind };
      if (!(await claimMail(db, tenant.domainUuid, { ...key, email: email.trim() }))) continue;
      try {
        await mailer.send(await compose());
        await markSent(db, tenant.domainUuid, key, now());
      } catch (error) {
        onError(error);
      }
    }
  };
}

/** Mails every absence the engine's call records report. */
export function sendAbsenceMails(deps: NotificationDeps): () => void {
  const notify = createAbsenceNotifier(deps);
  return deps.engine.on('cdr', (record) => void notify(record).catch(deps.onError));
}
