-- Two-step sign-in (TOTP) and a readable audit trail (issue 18).

-- A user's authenticator: the secret sealed like the extensions' passwords (platform/crypto/secrets.ts).
-- secret_enc is null until the user confirms a first code; pending_enc is a registration being set up.
-- last_step is the time step of the last code accepted, so a code signs in once (RFC 6238 §5.2).
CREATE TABLE user_two_step (
  user_uuid uuid PRIMARY KEY REFERENCES users(user_uuid) ON DELETE CASCADE,
  secret_enc text,
  pending_enc text,
  last_step bigint NOT NULL DEFAULT 0,
  enabled_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Ten one-time recovery codes per user, stored as SHA-256 digests (each code has 50 random bits, so a
-- fast digest is enough and a code is found by its digest); a used code keeps its row with used_at.
CREATE TABLE user_recovery_codes (
  user_uuid uuid NOT NULL REFERENCES users(user_uuid) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (user_uuid, code_hash)
);

-- A tenant may require two-step sign-in of its administrators (provider users always need it).
ALTER TABLE domains ADD COLUMN two_step_for_admins boolean NOT NULL DEFAULT false;

-- What an entry acted on, by name, resolved when it was written ('内線 1001', a user's name): the id in
-- target stays for searching, the label is what the 操作履歴 screen shows.
ALTER TABLE audit_log ADD COLUMN target_label text NOT NULL DEFAULT '';
