-- The customer list (顧客管理) at 100,000 customers in a tenant (issue 16): its indexes of 0017
-- ((domain_uuid, key, customer_uuid) for each sort) already let it page by keyset; what is left is its
-- total, kept here per tenant by statement triggers whoever writes customers (like user_counts of 0021),
-- so the unfiltered list's total is one primary-key read instead of a count over every customer.
-- Customers never move between tenants, so inserts and deletes are all that change it.
CREATE TABLE customer_counts (
  domain_uuid uuid PRIMARY KEY REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  customers bigint NOT NULL
);

CREATE FUNCTION customer_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_counts AS n (domain_uuid, customers)
    SELECT domain_uuid, count(*) FROM added GROUP BY domain_uuid
    ON CONFLICT (domain_uuid) DO UPDATE SET customers = n.customers + EXCLUDED.customers;
  RETURN NULL;
END
$$;
CREATE TRIGGER customer_counts_insert AFTER INSERT ON customers REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_after_insert();

-- Deletes only lower an existing count: a tenant being deleted cascades here after its count is gone.
CREATE FUNCTION customer_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customer_counts n SET customers = n.customers - g.k
    FROM (SELECT domain_uuid, count(*) k FROM removed GROUP BY domain_uuid) g
    WHERE n.domain_uuid = g.domain_uuid;
  RETURN NULL;
END
$$;
CREATE TRIGGER customer_counts_delete AFTER DELETE ON customers REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_after_delete();

-- Backfill from the customers already stored.
INSERT INTO customer_counts (domain_uuid, customers)
  SELECT domain_uuid, count(*) FROM customers GROUP BY domain_uuid;
