-- The recall badge must not cost more as open recall items pile up (issue 16): each tenant's count of
-- open items is kept by statement triggers on recall_items, whoever writes it, so the badge is one
-- primary-key read. (Counting the open items' index costs ~1 ms per 10,000 items.)
CREATE TABLE recall_counts (
  domain_uuid uuid PRIMARY KEY REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  open_items bigint NOT NULL
);

CREATE FUNCTION recall_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO recall_counts AS n (domain_uuid, open_items)
    SELECT domain_uuid, count(*) FROM added WHERE state = 'open' GROUP BY domain_uuid
    ON CONFLICT (domain_uuid) DO UPDATE SET open_items = n.open_items + EXCLUDED.open_items;
  RETURN NULL;
END
$$;
CREATE TRIGGER recall_counts_insert AFTER INSERT ON recall_items REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION recall_counts_after_insert();

-- Deletes only lower an existing count: a tenant being deleted cascades here after its count is gone.
CREATE FUNCTION recall_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE recall_counts n SET open_items = n.open_items - g.k
    FROM (SELECT domain_uuid, count(*) k FROM removed WHERE state = 'open' GROUP BY domain_uuid) g
    WHERE n.domain_uuid = g.domain_uuid;
  RETURN NULL;
END
$$;
CREATE TRIGGER recall_counts_delete AFTER DELETE ON recall_items REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION recall_counts_after_delete();

CREATE FUNCTION recall_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO recall_counts AS n (domain_uuid, open_items)
    SELECT domain_uuid, sum(k) FROM (
      SELECT domain_uuid, 1 FROM added WHERE state = 'open'
      UNION ALL
      SELECT domain_uuid, -1 FROM removed WHERE state = 'open'
    ) d (domain_uuid, k)
    GROUP BY domain_uuid HAVING sum(k) <> 0
    ON CONFLICT (domain_uuid) DO UPDATE SET open_items = n.open_items + EXCLUDED.open_items;
  RETURN NULL;
END
$$;
CREATE TRIGGER recall_counts_update AFTER UPDATE ON recall_items
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION recall_counts_after_update();

-- Backfill from the items already stored.
INSERT INTO recall_counts (domain_uuid, open_items)
  SELECT domain_uuid, count(*) FROM recall_items WHERE state = 'open' GROUP BY domain_uuid;
