-- Staff side panel: call records, chat, and the client action log.

CREATE TABLE cdrs (
  cdr_uuid uuid PRIMARY KEY,
  domain_uuid uuid NOT NULL REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  -- The exchange's id of the call leg: intake is idempotent on it.
  call_uuid text NOT NULL,
  -- The extension whose history this leg belongs to (null for legs of no extension, e.g. a queue).
  extension_uuid uuid REFERENCES extensions(extension_uuid) ON DELETE SET NULL,
  direction text NOT NULL CHECK (direction IN ('inbound', 'outbound', 'local')),
  caller_id_name text NOT NULL DEFAULT '',
  caller_id_number text NOT NULL DEFAULT '',
  destination_number text NOT NULL DEFAULT '',
  start_stamp timestamptz NOT NULL,
  answer_stamp timestamptz,
  end_stamp timestamptz,
  duration integer NOT NULL DEFAULT 0,
  billsec integer NOT NULL DEFAULT 0,
  hangup_cause text NOT NULL DEFAULT '',
  CONSTRAINT cdrs_call_unique UNIQUE (domain_uuid, call_uuid)
);
CREATE INDEX cdrs_extension_start_idx ON cdrs (extension_uuid, start_stamp DESC);
-- Recall counting looks up later calls with the same outside number.
CREATE INDEX cdrs_caller_idx ON cdrs (domain_uuid, caller_id_number, start_stamp);
CREATE INDEX cdrs_destination_idx ON cdrs (domain_uuid, destination_number, start_stamp);

CREATE TABLE chats (
  chat_uuid uuid PRIMARY KEY,
  domain_uuid uuid NOT NULL REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  user_uuid uuid NOT NULL REFERENCES users(user_uuid) ON DELETE CASCADE,
  message text NOT NULL,
  -- The recipients as the client sent them: a JSON list of {id, itemName, group}.
  to_users text NOT NULL,
  create_date timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chats_sender_idx ON chats (user_uuid, create_date DESC);

CREATE TABLE chat_recipients (
  chat_uuid uuid NOT NULL REFERENCES chats(chat_uuid) ON DELETE CASCADE,
  user_uuid uuid NOT NULL REFERENCES users(user_uuid) ON DELETE CASCADE,
  PRIMARY KEY (chat_uuid, user_uuid)
);
CREATE INDEX chat_recipients_user_idx ON chat_recipients (user_uuid);

-- When each user last opened the chat tab: messages after it are unread.
CREATE TABLE chat_reads (
  user_uuid uuid PRIMARY KEY REFERENCES users(user_uuid) ON DELETE CASCADE,
  read_at timestamptz NOT NULL
);

CREATE TABLE action_log (
  action_log_id bigserial PRIMARY KEY,
  domain_uuid uuid NOT NULL REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  user_uuid uuid NOT NULL REFERENCES users(user_uuid) ON DELETE CASCADE,
  process text NOT NULL,
  success boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX action_log_user_idx ON action_log (user_uuid, created_at DESC);
