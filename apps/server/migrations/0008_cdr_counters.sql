-- Call history and the recall count must not cost more as a tenant's history grows (issue 16).
-- Both are kept by statement triggers on cdrs, whoever writes it: transition tables hold only the rows
-- really inserted, so an intake re-delivered (ON CONFLICT DO NOTHING) counts nothing twice.

-- How many call records each extension's history holds: the pager's total is one primary-key read.
CREATE TABLE cdr_counts (
  domain_uuid uuid NOT NULL REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  extension_uuid uuid NOT NULL REFERENCES extensions(extension_uuid) ON DELETE CASCADE,
  calls bigint NOT NULL,
  PRIMARY KEY (domain_uuid, extension_uuid)
);

-- A history page is read from this index alone (index-only), however deep the page.
CREATE INDEX cdrs_history_idx ON cdrs (extension_uuid, domain_uuid, start_stamp DESC, cdr_uuid);
DROP INDEX cdrs_extension_start_idx;

-- Per outside number (longer than 4 digits, not anonymous): the latest missed inbound call from it and
-- the latest call that dealt with it (an outbound call to it, or an answered inbound call from it).
-- The number waits for a call back while its latest miss is not followed by a later dealing call.
CREATE TABLE recall_numbers (
  domain_uuid uuid NOT NULL REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  number text NOT NULL,
  last_missed timestamptz,
  last_handled timestamptz,
  PRIMARY KEY (domain_uuid, number)
);
-- The recall count reads only the waiting numbers.
CREATE INDEX recall_numbers_waiting_idx ON recall_numbers (domain_uuid)
  WHERE last_missed IS NOT NULL AND (last_handled IS NULL OR last_handled <= last_missed);

-- A latest call cannot be taken back by subtraction: the numbers removed rows named are recomputed
-- from the rows left (through the caller and destination indexes). Rare: deletes and updates only.
CREATE FUNCTION recall_recompute(keys_domain uuid[], keys_number text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO recall_numbers (domain_uuid, number, last_missed, last_handled)
    SELECT t.d, t.n,
      (SELECT max(c.start_stamp) FROM cdrs c WHERE c.domain_uuid = t.d AND c.caller_id_number = t.n
        AND c.direction = 'inbound' AND c.billsec = 0),
      GREATEST(
        (SELECT max(c.start_stamp) FROM cdrs c WHERE c.domain_uuid = t.d AND c.caller_id_number = t.n
          AND c.direction = 'inbound' AND c.billsec > 0),
        (SELECT max(c.start_stamp) FROM cdrs c WHERE c.domain_uuid = t.d AND c.destination_number = t.n
          AND c.direction = 'outbound'))
    FROM (SELECT DISTINCT k.d, k.n FROM unnest(keys_domain, keys_number) k (d, n)) t
    -- A tenant being deleted takes its numbers with it.
    WHERE length(t.n) > 4 AND t.n <> 'Anonymous' AND EXISTS (SELECT 1 FROM domains WHERE domain_uuid = t.d)
    ON CONFLICT (domain_uuid, number) DO UPDATE SET
      last_missed = EXCLUDED.last_missed, last_handled = EXCLUDED.last_handled;
$$;

CREATE FUNCTION cdrs_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO cdr_counts AS n (domain_uuid, extension_uuid, calls)
    SELECT domain_uuid, extension_uuid, count(*) FROM added WHERE extension_uuid IS NOT NULL
      GROUP BY domain_uuid, extension_uuid
    ON CONFLICT (domain_uuid, extension_uuid) DO UPDATE SET calls = n.calls + EXCLUDED.calls;
  INSERT INTO recall_numbers AS r (domain_uuid, number, last_missed, last_handled)
    SELECT k.domain_uuid, k.number, max(k.missed), max(k.handled) FROM (
      SELECT domain_uuid, caller_id_number, CASE WHEN billsec = 0 THEN start_stamp END,
          CASE WHEN billsec > 0 THEN start_stamp END
        FROM added WHERE direction = 'inbound'
      UNION ALL
      SELECT domain_uuid, destination_number, NULL, start_stamp FROM added WHERE direction = 'outbound'
    ) k (domain_uuid, number, missed, handled)
    WHERE length(k.number) > 4 AND k.number <> 'Anonymous'
    GROUP BY k.domain_uuid, k.number
    ON CONFLICT (domain_uuid, number) DO UPDATE SET
      last_missed = GREATEST(r.last_missed, EXCLUDED.last_missed),
      last_handled = GREATEST(r.last_handled, EXCLUDED.last_handled);
  RETURN NULL;
END
$$;
CREATE TRIGGER cdrs_counters_insert AFTER INSERT ON cdrs REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION cdrs_after_insert();

-- Deletes and updates (an extension deleted sets its rows' extension to null; a tenant deleted takes
-- its rows and its counters together) take rows out of the counters and recompute the numbers they named.
CREATE FUNCTION cdrs_after_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE cdr_counts n SET calls = n.calls - g.k
    FROM (SELECT domain_uuid, extension_uuid, count(*) k FROM removed WHERE extension_uuid IS NOT NULL
      GROUP BY domain_uuid, extension_uuid) g
    WHERE n.domain_uuid = g.domain_uuid AND n.extension_uuid = g.extension_uuid;
  PERFORM recall_recompute(array_agg(domain_uuid), array_agg(number)) FROM (
    SELECT DISTINCT domain_uuid, CASE WHEN direction = 'outbound' THEN destination_number ELSE caller_id_number END
    FROM removed WHERE direction IN ('inbound', 'outbound')) k (domain_uuid, number)
    HAVING count(*) > 0;
  RETURN NULL;
END
$$;
CREATE TRIGGER cdrs_counters_delete AFTER DELETE ON cdrs REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION cdrs_after_change();

CREATE FUNCTION cdrs_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE cdr_counts n SET calls = n.calls - g.k
    FROM (SELECT domain_uuid, extension_uuid, count(*) k FROM removed WHERE extension_uuid IS NOT NULL
      GROUP BY domain_uuid, extension_uuid) g
    WHERE n.domain_uuid = g.domain_uuid AND n.extension_uuid = g.extension_uuid;
  INSERT INTO cdr_counts AS n (domain_uuid, extension_uuid, calls)
    SELECT domain_uuid, extension_uuid, count(*) FROM added
      WHERE extension_uuid IS NOT NULL AND EXISTS (SELECT 1 FROM extensions e WHERE e.extension_uuid = added.extension_uuid)
      GROUP BY domain_uuid, extension_uuid
    ON CONFLICT (domain_uuid, extension_uuid) DO UPDATE SET calls = n.calls + EXCLUDED.calls;
  PERFORM recall_recompute(array_agg(domain_uuid), array_agg(number)) FROM (
    SELECT DISTINCT domain_uuid, CASE WHEN direction = 'outbound' THEN destination_number ELSE caller_id_number END
    FROM (SELECT * FROM removed UNION ALL SELECT * FROM added) r WHERE direction IN ('inbound', 'outbound')
    ) k (domain_uuid, number)
    HAVING count(*) > 0;
  RETURN NULL;
END
$$;
CREATE TRIGGER cdrs_counters_update AFTER UPDATE ON cdrs REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION cdrs_after_update();

-- Backfill from the history already stored.
INSERT INTO cdr_counts (domain_uuid, extension_uuid, calls)
  SELECT domain_uuid, extension_uuid, count(*) FROM cdrs WHERE extension_uuid IS NOT NULL
  GROUP BY domain_uuid, extension_uuid;
INSERT INTO recall_numbers (domain_uuid, number, last_missed, last_handled)
  SELECT k.domain_uuid, k.number, max(k.missed), max(k.handled) FROM (
    SELECT domain_uuid, caller_id_number, CASE WHEN billsec = 0 THEN start_stamp END,
        CASE WHEN billsec > 0 THEN start_stamp END
      FROM cdrs WHERE direction = 'inbound'
    UNION ALL
    SELECT domain_uuid, destination_number, NULL, start_stamp FROM cdrs WHERE direction = 'outbound'
  ) k (domain_uuid, number, missed, handled)
  WHERE length(k.number) > 4 AND k.number <> 'Anonymous'
  GROUP BY k.domain_uuid, k.number;
