-- The recall list (折り返し) at a tenant with years of missed calls (issue 16): it pages by keyset in each
-- of its orders and takes its total from counters, so no page counts or skips the done history.

-- The due-time order with no due time last ascending, first descending (PostgreSQL's NULLS LAST / FIRST,
-- as the list sorted before): a non-null key, which a keyset row comparison needs.
ALTER TABLE recall_items
  ADD COLUMN due_key timestamptz GENERATED ALWAYS AS (coalesce(due_at, 'infinity'::timestamptz)) STORED NOT NULL;

-- One (tenant, state, key, id) index per order, read both ways; the old list index ordered its id the
-- other way from its time, which a keyset read cannot use.
DROP INDEX recall_items_list_idx;
CREATE INDEX recall_items_created_key_idx ON recall_items (domain_uuid, state, created_at, recall_uuid);
CREATE INDEX recall_items_due_key_idx ON recall_items (domain_uuid, state, due_key, recall_uuid);
CREATE INDEX recall_items_number_sort_idx ON recall_items (domain_uuid, state, number, recall_uuid);

-- Each tenant's items per state and assignee (the user, else the group, else the tenant's own uuid for
-- nobody's), kept by statement triggers whoever writes recall_items: the list's total in any scope is
-- the sum of a few of these rows (the tenant's whole list: one row per assignee).
CREATE TABLE recall_item_counts (
  domain_uuid uuid NOT NULL REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  state text NOT NULL,
  assignee uuid NOT NULL,
  items bigint NOT NULL,
  PRIMARY KEY (domain_uuid, state, assignee)
);

CREATE FUNCTION recall_item_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO recall_item_counts AS n (domain_uuid, state, assignee, items)
    SELECT domain_uuid, state, coalesce(assignee_user_uuid, assignee_group_uuid, domain_uuid), count(*)
      FROM added GROUP BY 1, 2, 3
    ON CONFLICT (domain_uuid, state, assignee) DO UPDATE SET items = n.items + EXCLUDED.items;
  RETURN NULL;
END
$$;
CREATE TRIGGER recall_item_counts_insert AFTER INSERT ON recall_items REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION recall_item_counts_after_insert();

-- Deletes only lower an existing count: a tenant being deleted cascades here after its counts are gone.
CREATE FUNCTION recall_item_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE recall_item_counts n SET items = n.items - g.k
    FROM (SELECT domain_uuid, state, coalesce(assignee_user_uuid, assignee_group_uuid, domain_uuid) a,
                 count(*) k
            FROM removed GROUP BY 1, 2, 3) g
    WHERE n.domain_uuid = g.domain_uuid AND n.state = g.state AND n.assignee = g.a;
  RETURN NULL;
END
$$;
CREATE TRIGGER recall_item_counts_delete AFTER DELETE ON recall_items REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION recall_item_counts_after_delete();

-- Closing, assigning, and an assignee deleted (ON DELETE SET NULL) move items between counts. A tenant
-- being deleted (its users' deletion sets its items' assignees to null) has no counts left to move.
CREATE FUNCTION recall_item_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO recall_item_counts AS n (domain_uuid, state, assignee, items)
    SELECT domain_uuid, state, a, sum(k) FROM (
      SELECT domain_uuid, state, coalesce(assignee_user_uuid, assignee_group_uuid, domain_uuid), 1 FROM added
      UNION ALL
      SELECT domain_uuid, state, coalesce(assignee_user_uuid, assignee_group_uuid, domain_uuid), -1 FROM removed
    ) d (domain_uuid, state, a, k)
    WHERE EXISTS (SELECT FROM domains t WHERE t.domain_uuid = d.domain_uuid)
    GROUP BY 1, 2, 3 HAVING sum(k) <> 0
    ON CONFLICT (domain_uuid, state, assignee) DO UPDATE SET items = n.items + EXCLUDED.items;
  RETURN NULL;
END
$$;
CREATE TRIGGER recall_item_counts_update AFTER UPDATE ON recall_items
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION recall_item_counts_after_update();

-- Backfill from the items already stored.
INSERT INTO recall_item_counts (domain_uuid, state, assignee, items)
  SELECT domain_uuid, state, coalesce(assignee_user_uuid, assignee_group_uuid, domain_uuid), count(*)
    FROM recall_items GROUP BY 1, 2, 3;
