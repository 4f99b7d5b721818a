-- The audit trail is read a page at a time (issue 18), newest first, per tenant or for every tenant.
-- Each order ends with audit_id, the unique tiebreaker that keeps pages stable between requests. The
-- other filter columns are INCLUDEd, so a filtered total is counted from the index alone (an index-only
-- scan) rather than from one heap page per entry.
DROP INDEX audit_log_domain_idx;
CREATE INDEX audit_log_domain_idx ON audit_log (domain_uuid, created_at DESC, audit_id DESC)
  INCLUDE (username, action);
CREATE INDEX audit_log_domain_user_idx ON audit_log (domain_uuid, username, created_at DESC, audit_id DESC)
  INCLUDE (action);
CREATE INDEX audit_log_domain_action_idx ON audit_log (domain_uuid, action, created_at DESC, audit_id DESC);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, audit_id DESC) INCLUDE (username, action);

-- How many entries each tenant's trail holds (a null tenant is a failed sign-in of an unknown ID): the
-- unfiltered list's total is one primary-key read instead of counting a million rows.
CREATE TABLE audit_counts (
  domain_key uuid PRIMARY KEY,
  entries bigint NOT NULL
);
INSERT INTO audit_counts (domain_key, entries)
  SELECT coalesce(domain_uuid, '00000000-0000-0000-0000-000000000000'), count(*) FROM audit_log GROUP BY 1;

CREATE FUNCTION audit_log_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_counts AS n (domain_key, entries)
    SELECT coalesce(domain_uuid, '00000000-0000-0000-0000-000000000000'), count(*) FROM added GROUP BY 1
    ON CONFLICT (domain_key) DO UPDATE SET entries = n.entries + EXCLUDED.entries;
  RETURN NULL;
END $$;
CREATE TRIGGER audit_log_count_insert AFTER INSERT ON audit_log REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_after_insert();

CREATE FUNCTION audit_log_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE audit_counts n SET entries = n.entries - g.k
    FROM (SELECT coalesce(domain_uuid, '00000000-0000-0000-0000-000000000000') d, count(*) k FROM removed GROUP BY 1) g
    WHERE n.domain_key = g.d;
  RETURN NULL;
END $$;
CREATE TRIGGER audit_log_count_delete AFTER DELETE ON audit_log REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_after_delete();
