-- The provider's tenant list (issue 16) pages by keyset in both of its orders, and shows each tenant's
-- users and extensions from counters instead of counting them per row shown.
-- Its orders: (domain_name, domain_uuid) and (created_at, domain_uuid), each with its index.
CREATE INDEX domains_name_key_idx ON domains (domain_name, domain_uuid);
CREATE INDEX domains_created_key_idx ON domains (created_at, domain_uuid);

-- Each tenant's number of extensions, kept by statement triggers whoever writes extensions (users are
-- counted by user_counts of 0021). An extension moved to another tenant moves its count with it.
CREATE TABLE extension_counts (
  domain_uuid uuid PRIMARY KEY REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  extensions bigint NOT NULL
);

CREATE FUNCTION extension_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO extension_counts AS n (domain_uuid, extensions)
    SELECT domain_uuid, count(*) FROM added GROUP BY domain_uuid
    ON CONFLICT (domain_uuid) DO UPDATE SET extensions = n.extensions + EXCLUDED.extensions;
  RETURN NULL;
END
$$;
CREATE TRIGGER extension_counts_insert AFTER INSERT ON extensions REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION extension_counts_add();

-- Deletes only lower an existing count: a tenant being deleted cascades here after its count is gone.
CREATE FUNCTION extension_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE extension_counts n SET extensions = n.extensions - g.k
    FROM (SELECT domain_uuid, count(*) k FROM removed GROUP BY domain_uuid) g
    WHERE n.domain_uuid = g.domain_uuid;
  RETURN NULL;
END
$$;
CREATE TRIGGER extension_counts_delete AFTER DELETE ON extensions REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION extension_counts_remove();

-- An update that moves extensions between tenants: out of the old tenant, into the new one.
CREATE FUNCTION extension_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE extension_counts n SET extensions = n.extensions - g.k
    FROM (SELECT o.domain_uuid, count(*) k FROM removed o JOIN added a USING (extension_uuid)
          WHERE o.domain_uuid <> a.domain_uuid GROUP BY o.domain_uuid) g
    WHERE n.domain_uuid = g.domain_uuid;
  INSERT INTO extension_counts AS n (domain_uuid, extensions)
    SELECT a.domain_uuid, count(*) FROM added a JOIN removed o USING (extension_uuid)
    WHERE o.domain_uuid <> a.domain_uuid GROUP BY a.domain_uuid
    ON CONFLICT (domain_uuid) DO UPDATE SET extensions = n.extensions + EXCLUDED.extensions;
  RETURN NULL;
END
$$;
CREATE TRIGGER extension_counts_update AFTER UPDATE ON extensions
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION extension_counts_move();

-- Backfill from the extensions already stored.
INSERT INTO extension_counts (domain_uuid, extensions)
  SELECT domain_uuid, count(*) FROM extensions GROUP BY domain_uuid;
