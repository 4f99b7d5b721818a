-- The provider's tenant list (issue 16): without a search its total is a kept count of live and of
-- deleted tenants, not a count over domains on every page.
-- One row, kept by statement triggers whoever writes domains: concurrent changes queue on its lock, so
-- the count stays exact, and one row cannot deadlock against itself.
CREATE TABLE tenant_counts (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  active bigint NOT NULL,
  deleted bigint NOT NULL
);

-- Creation adds, the purge removes, deleting and restoring (deleted_at set or cleared) move between them.
CREATE FUNCTION tenant_counts_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  live bigint := 0;
  gone bigint := 0;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT live + count(*) FILTER (WHERE deleted_at IS NULL), gone + count(*) FILTER (WHERE deleted_at IS NOT NULL)
      INTO live, gone FROM added;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT live - count(*) FILTER (WHERE deleted_at IS NULL), gone - count(*) FILTER (WHERE deleted_at IS NOT NULL)
      INTO live, gone FROM removed;
  END IF;
  IF live <> 0 OR gone <> 0 THEN
    UPDATE tenant_counts SET active = active + live, deleted = deleted + gone;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER tenant_counts_insert AFTER INSERT ON domains REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION tenant_counts_change();
CREATE TRIGGER tenant_counts_delete AFTER DELETE ON domains REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION tenant_counts_change();
CREATE TRIGGER tenant_counts_update AFTER UPDATE ON domains
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION tenant_counts_change();

-- Backfill from the tenants already stored.
INSERT INTO tenant_counts (active, deleted)
  SELECT count(*) FILTER (WHERE deleted_at IS NULL), count(*) FILTER (WHERE deleted_at IS NOT NULL) FROM domains;
