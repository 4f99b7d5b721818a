-- User management (/system/user): furigana, e-mail, "must change the password at the next sign-in",
-- one user per extension, and each user's last sign-in.

ALTER TABLE users
  ADD COLUMN user_kana text NOT NULL DEFAULT '',
  ADD COLUMN email text NOT NULL DEFAULT '',
  ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;

-- An extension belongs to one user at most.
CREATE UNIQUE INDEX users_extension_unique ON users (extension_uuid) WHERE extension_uuid IS NOT NULL;
-- The user list is sorted by login ID within a tenant by default.
CREATE INDEX users_domain_username_idx ON users (domain_uuid, username);

-- Kept apart from users: a sign-in must not move the tenant directory's change counter (users' trigger).
CREATE TABLE user_sign_ins (
  user_uuid uuid PRIMARY KEY REFERENCES users(user_uuid) ON DELETE CASCADE,
  last_sign_in_at timestamptz NOT NULL
);

-- Every new session is a sign-in: record it whatever code path made the session.
CREATE FUNCTION record_user_sign_in() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_sign_ins (user_uuid, last_sign_in_at) VALUES (NEW.user_uuid, NEW.created_at)
    ON CONFLICT (user_uuid) DO UPDATE SET last_sign_in_at = greatest(user_sign_ins.last_sign_in_at, EXCLUDED.last_sign_in_at);
  RETURN NULL;
END $$;
CREATE TRIGGER sessions_record_sign_in AFTER INSERT ON sessions
  FOR EACH ROW EXECUTE FUNCTION record_user_sign_in();
