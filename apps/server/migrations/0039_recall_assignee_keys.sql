-- The recall list's "mine" and "my groups" scopes (issue 16) read only the items of the user (and of the
-- user's groups) in order, instead of the tenant's whole list filtered as it is read.

-- Whose an item is, as recall_item_counts of 0038 counts it: the user, else the group, else the tenant's
-- own uuid for nobody's. One column, so each assignee's items are one range of an index.
ALTER TABLE recall_items
  ADD COLUMN assignee uuid
    GENERATED ALWAYS AS (coalesce(assignee_user_uuid, assignee_group_uuid, domain_uuid)) STORED NOT NULL;

-- One (tenant, assignee, state, key, id) index per order, read both ways; "my groups" merges one range
-- per assignee (the user, each group) in order.
CREATE INDEX recall_items_assignee_created_key_idx
  ON recall_items (domain_uuid, assignee, state, created_at, recall_uuid);
CREATE INDEX recall_items_assignee_due_key_idx
  ON recall_items (domain_uuid, assignee, state, due_key, recall_uuid);
CREATE INDEX recall_items_assignee_number_sort_idx
  ON recall_items (domain_uuid, assignee, state, number, recall_uuid);
