-- The user list sorted by extension or by last sign-in (issue 18) pages by keyset like its other orders
-- (0021): each user's two keys are kept here by triggers, under (tenant, key, user) indexes. A table of
-- its own, not columns of users: a sign-in must not write users (whose trigger moves the tenant
-- directory's change counter, see 0013), and the extension's number lives in extensions.
-- A missing key is stored as a value past every real one, so the order stays PostgreSQL's NULLS LAST
-- ascending / NULLS FIRST descending: no extension is U+10FFFF (last under the C collation of the
-- column), never signed in is infinity.
CREATE TABLE user_list_keys (
  user_uuid uuid PRIMARY KEY REFERENCES users(user_uuid) ON DELETE CASCADE,
  domain_uuid uuid NOT NULL,
  extension text COLLATE "C" NOT NULL,
  last_sign_in_at timestamptz NOT NULL
);
CREATE INDEX user_list_keys_extension_idx ON user_list_keys (domain_uuid, extension, user_uuid);
CREATE INDEX user_list_keys_sign_in_idx ON user_list_keys (domain_uuid, last_sign_in_at, user_uuid);

-- New users (one statement for an import of thousands).
CREATE FUNCTION user_list_keys_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_list_keys (user_uuid, domain_uuid, extension, last_sign_in_at)
    SELECT a.user_uuid, a.domain_uuid, coalesce(e.extension, chr(1114111)), 'infinity'
      FROM added a LEFT JOIN extensions e ON e.extension_uuid = a.extension_uuid;
  RETURN NULL;
END
$$;
CREATE TRIGGER user_list_keys_insert AFTER INSERT ON users REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION user_list_keys_after_insert();

-- A user given another extension or none (also when the extension is deleted: ON DELETE SET NULL).
CREATE FUNCTION user_list_keys_after_user_extension() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_list_keys
     SET extension = coalesce((SELECT extension FROM extensions WHERE extension_uuid = NEW.extension_uuid),
                              chr(1114111))
   WHERE user_uuid = NEW.user_uuid;
  RETURN NULL;
END
$$;
CREATE TRIGGER user_list_keys_user_extension AFTER UPDATE ON users
  FOR EACH ROW WHEN (OLD.extension_uuid IS DISTINCT FROM NEW.extension_uuid)
  EXECUTE FUNCTION user_list_keys_after_user_extension();

-- An extension renumbered.
CREATE FUNCTION user_list_keys_after_extension_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_list_keys k SET extension = NEW.extension
    FROM users u WHERE u.extension_uuid = NEW.extension_uuid AND k.user_uuid = u.user_uuid;
  RETURN NULL;
END
$$;
CREATE TRIGGER user_list_keys_extension_number AFTER UPDATE ON extensions
  FOR EACH ROW WHEN (OLD.extension IS DISTINCT FROM NEW.extension)
  EXECUTE FUNCTION user_list_keys_after_extension_number();

-- A sign-in (user_sign_ins is written by the sessions trigger of 0013).
CREATE FUNCTION user_list_keys_after_sign_in() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_list_keys SET last_sign_in_at = NEW.last_sign_in_at WHERE user_uuid = NEW.user_uuid;
  RETURN NULL;
END
$$;
CREATE TRIGGER user_list_keys_sign_in AFTER INSERT OR UPDATE ON user_sign_ins
  FOR EACH ROW EXECUTE FUNCTION user_list_keys_after_sign_in();

-- Backfill from the users already stored.
INSERT INTO user_list_keys (user_uuid, domain_uuid, extension, last_sign_in_at)
  SELECT u.user_uuid, u.domain_uuid, coalesce(e.extension, chr(1114111)), coalesce(s.last_sign_in_at, 'infinity')
    FROM users u
    LEFT JOIN extensions e ON e.extension_uuid = u.extension_uuid
    LEFT JOIN user_sign_ins s ON s.user_uuid = u.user_uuid;
