-- Absence mails (留守番電話 / 不在着信) claimed per call and kind: a row is inserted before sending and
-- the mail goes out only when the insert did, so a re-posted record or another leg of the same call
-- never sends a second one, on any instance.
CREATE TABLE mail_log (
  domain_uuid uuid NOT NULL REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  -- The exchange's id of the call (shared by its legs).
  call_uuid text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('voicemail', 'missed-call')),
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Set once the message was handed to the SMTP server (or written to the outbox); null: it failed.
  sent_at timestamptz,
  PRIMARY KEY (domain_uuid, call_uuid, kind)
);
