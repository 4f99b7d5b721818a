-- The user list (ユーザー管理) at 10,000 users in a tenant (issue 18): keyset paging in each sortable
-- order of the users table, the tenant's total from a counter, and the free-text search over a trigram
-- index instead of a substring match over every row.

-- Keyset paging: (tenant, key, id) for each sort on a column of users; the list's tiebreaker is the id.
CREATE INDEX users_list_username_idx ON users (domain_uuid, username, user_uuid);
CREATE INDEX users_list_name_idx ON users (domain_uuid, user_nm, user_uuid);
CREATE INDEX users_list_kana_idx ON users (domain_uuid, user_kana, user_uuid);
CREATE INDEX users_list_class_idx ON users (domain_uuid, user_class, user_uuid);
-- Superseded by users_list_username_idx (same leading columns).
DROP INDEX users_domain_username_idx;

-- The search: one lower-cased text of ID, name, furigana and e-mail, separated by a character no one
-- types (a match must not span two fields), under a GIN trigram index. pg_trgm ships with PostgreSQL
-- (contrib) and with PGlite (loaded by platform/db/client.ts). It is installed once per database, in
-- public: the tables may live in a schema of their own (the server-pg tests drop theirs), and the
-- operator class is then named with the schema the extension really lives in.
DO $$
DECLARE
  ops text;
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
  SELECT quote_ident(n.nspname) || '.gin_trgm_ops' INTO ops
    FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
   WHERE e.extname = 'pg_trgm';
  EXECUTE format(
    $i$CREATE INDEX users_search_idx ON users USING gin (
      (lower(username || E'\x1f' || user_nm || E'\x1f' || user_kana || E'\x1f' || email)) %s)$i$,
    ops);
END
$$;

-- Each tenant's number of users, kept by statement triggers whoever writes users (like cdr_counts and
-- recall_counts): the unfiltered list's total is one primary-key read. Users never move between tenants,
-- so inserts and deletes are all that change it.
CREATE TABLE user_counts (
  domain_uuid uuid PRIMARY KEY REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  users bigint NOT NULL
);

CREATE FUNCTION user_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_counts AS n (domain_uuid, users)
    SELECT domain_uuid, count(*) FROM added GROUP BY domain_uuid
    ON CONFLICT (domain_uuid) DO UPDATE SET users = n.users + EXCLUDED.users;
  RETURN NULL;
END
$$;
CREATE TRIGGER user_counts_insert AFTER INSERT ON users REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION user_counts_after_insert();

-- Deletes only lower an existing count: a tenant being deleted cascades here after its count is gone.
CREATE FUNCTION user_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_counts n SET users = n.users - g.k
    FROM (SELECT domain_uuid, count(*) k FROM removed GROUP BY domain_uuid) g
    WHERE n.domain_uuid = g.domain_uuid;
  RETURN NULL;
END
$$;
CREATE TRIGGER user_counts_delete AFTER DELETE ON users REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION user_counts_after_delete();

-- Backfill from the users already stored.
INSERT INTO user_counts (domain_uuid, users) SELECT domain_uuid, count(*) FROM users GROUP BY domain_uuid;
