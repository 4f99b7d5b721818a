-- Personal voicemail boxes (issue 20): one per extension, set by the extension's user in the settings
-- tab, and the messages callers left, kept in the tenant's storage (recordings/<tenant>/<name>.wav).
CREATE TABLE voicemail_boxes (
  extension_uuid uuid PRIMARY KEY REFERENCES extensions(extension_uuid) ON DELETE CASCADE,
  domain_uuid uuid NOT NULL REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  enabled boolean NOT NULL DEFAULT false,
  on_no_answer boolean NOT NULL DEFAULT true,
  no_answer_seconds integer NOT NULL DEFAULT 20,
  on_busy boolean NOT NULL DEFAULT true,
  own_greeting boolean NOT NULL DEFAULT false,
  -- The box's own greeting (uploaded or recorded in the browser): its stored name, given name and size.
  greeting_storage_name text,
  greeting_file_name text,
  greeting_size_bytes bigint NOT NULL DEFAULT 0,
  greeting_updated_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX voicemail_boxes_domain ON voicemail_boxes (domain_uuid);

CREATE TABLE voicemail_messages (
  message_uuid uuid PRIMARY KEY,
  domain_uuid uuid NOT NULL REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  extension_uuid uuid NOT NULL REFERENCES extensions(extension_uuid) ON DELETE CASCADE,
  -- The engine's id of the message (the caller's leg on the sandbox, mod_voicemail's uuid): every
  -- instance hears FreeSWITCH's event, the first one stores it.
  source_id text NOT NULL,
  caller_number text NOT NULL,
  caller_name text NOT NULL,
  received_at timestamptz NOT NULL,
  duration_ms integer NOT NULL,
  storage_name text NOT NULL,
  size_bytes bigint NOT NULL,
  heard_at timestamptz,
  CONSTRAINT voicemail_messages_source_unique UNIQUE (domain_uuid, source_id)
);
CREATE INDEX voicemail_messages_box ON voicemail_messages (extension_uuid, received_at DESC);
