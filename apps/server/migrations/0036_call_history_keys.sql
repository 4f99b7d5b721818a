-- The tenant's call history (issue 16) pages by keyset in each of its orders and takes its total from
-- kept counts, so a page costs the same at 10 thousand and 10 million calls.

-- Its orders: (start_stamp, call_uuid), (ring_seconds, call_uuid), (talk_seconds, call_uuid), each key
-- and id in one direction so that a row comparison bounds the walk. What the period and the kind and
-- result filters read is included, so a page's ids come from the index alone. The (domain_uuid,
-- start_stamp DESC, call_uuid) index of 0016 serves nothing this one does not.
CREATE INDEX calls_history_start_idx ON calls (domain_uuid, start_stamp, call_uuid) INCLUDE (kind, result);
CREATE INDEX calls_history_ring_idx ON calls (domain_uuid, ring_seconds, call_uuid)
  INCLUDE (start_stamp, kind, result);
CREATE INDEX calls_history_talk_idx ON calls (domain_uuid, talk_seconds, call_uuid)
  INCLUDE (start_stamp, kind, result);
DROP INDEX calls_tenant_start_idx;

-- Calls counted per tenant, UTC day, kind and result, kept by statement triggers whoever writes calls.
-- A period's total adds its whole days from here, the hours at its edges from call_hours (0023) and the
-- minutes at its edges from calls_history_start_idx: at most 366 days, 46 hours and 2 hours of calls.
CREATE TABLE call_days (
  domain_uuid uuid NOT NULL REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  day timestamptz NOT NULL,
  kind text NOT NULL,
  result text NOT NULL,
  calls bigint NOT NULL,
  PRIMARY KEY (domain_uuid, day, kind, result)
);

CREATE FUNCTION call_days_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO call_days AS n (domain_uuid, day, kind, result, calls)
    SELECT domain_uuid, date_trunc('day', start_stamp, 'UTC'), kind, result, count(*) FROM added
     GROUP BY 1, 2, 3, 4
    ON CONFLICT (domain_uuid, day, kind, result) DO UPDATE SET calls = n.calls + EXCLUDED.calls;
  RETURN NULL;
END
$$;
CREATE TRIGGER call_days_insert AFTER INSERT ON calls REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION call_days_add();

-- Deletes only lower existing counts: a tenant being deleted cascades here after its counts are gone.
CREATE FUNCTION call_days_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE call_days n SET calls = n.calls - g.k
    FROM (SELECT domain_uuid, date_trunc('day', start_stamp, 'UTC') d, kind, result, count(*) k
            FROM removed GROUP BY 1, 2, 3, 4) g
   WHERE n.domain_uuid = g.domain_uuid AND n.day = g.d AND n.kind = g.kind AND n.result = g.result;
  RETURN NULL;
END
$$;
CREATE TRIGGER call_days_delete AFTER DELETE ON calls REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION call_days_remove();

-- A call refolded (a later leg changed its result, or its start): out of its old count, into the new.
CREATE FUNCTION call_days_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE call_days n SET calls = n.calls - g.k
    FROM (SELECT domain_uuid, date_trunc('day', start_stamp, 'UTC') d, kind, result, count(*) k
            FROM removed GROUP BY 1, 2, 3, 4) g
   WHERE n.domain_uuid = g.domain_uuid AND n.day = g.d AND n.kind = g.kind AND n.result = g.result;
  INSERT INTO call_days AS n (domain_uuid, day, kind, result, calls)
    SELECT domain_uuid, date_trunc('day', start_stamp, 'UTC'), kind, result, count(*) FROM added
     GROUP BY 1, 2, 3, 4
    ON CONFLICT (domain_uuid, day, kind, result) DO UPDATE SET calls = n.calls + EXCLUDED.calls;
  RETURN NULL;
END
$$;
CREATE TRIGGER call_days_update AFTER UPDATE ON calls REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION call_days_move();

INSERT INTO call_days (domain_uuid, day, kind, result, calls)
  SELECT domain_uuid, date_trunc('day', start_stamp, 'UTC'), kind, result, count(*) FROM calls
   GROUP BY 1, 2, 3, 4;
