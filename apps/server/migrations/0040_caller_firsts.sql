-- 発着信分析's distinct callers over a year must not de-duplicate a year of calls (issue 21: 1,000,000
-- calls, p99 < 300 ms) and must stay exact: a distinct count does not add up over days.
--
-- A caller's active days form a chain; the callers of a run of days [F, T) are the links inside it whose
-- previous link is before F (each caller counted at its first day there). So a period's distinct callers
-- are a sum over links counted per (day, previous day), a few rows per day, however many callers.
-- Chains per filter the analysis offers: every incoming number or one ('' = every), every call or those
-- not out of hours (business hours only), every day or only days that are not public holidays; and per
-- grouping that is not a run of days: per ISO weekday (the previous active same weekday) and per hour of
-- day (the previous day active at that hour). Days and hours are the tenant's local ones (its zone at
-- the time; a change of zone rebuilds the tenant), so any zone, whole hours from UTC or not, is exact.

-- Japan's public holidays, kept equal to @holiday-jp/holiday_jp by the server after migrating
-- (platform/db/holidays-sync.ts); a change rebuilds the chains that leave holidays out.
CREATE TABLE public_holidays (
  day date PRIMARY KEY
);

CREATE TABLE caller_firsts (
  domain_uuid uuid NOT NULL REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  incoming_number text NOT NULL,
  in_hours boolean NOT NULL,
  workdays boolean NOT NULL,
  -- 'day' (class 0), 'weekday' (class = ISO weekday) or 'hour' (class = local hour).
  chain text NOT NULL,
  day date NOT NULL,
  class smallint NOT NULL,
  -- The caller's previous active day in the same chain and class; -infinity for the first.
  prev date NOT NULL,
  callers integer NOT NULL,
  PRIMARY KEY (domain_uuid, incoming_number, in_hours, workdays, chain, day, class, prev)
);

-- An incoming call of a state being counted (sign 1) or taken away (sign -1).
CREATE TYPE caller_call AS (sign integer, call_uuid uuid, domain_uuid uuid, outside_key text,
  incoming_number text, result text, start_stamp timestamptz);
-- A caller whose links from local day `since` on are counted.
CREATE TYPE caller_since AS (domain_uuid uuid, outside_key text, since date);
CREATE TYPE caller_first AS (domain_uuid uuid, incoming_number text, in_hours boolean, workdays boolean,
  chain text, day date, class smallint, prev date, callers integer);

-- The links of the calls' callers from their `since` on, signed: a caller's calls before and after a
-- change, one signed -1 and one 1, give the change (links before `since` are the same in both).
CREATE FUNCTION caller_links(calls caller_call[], keys caller_since[]) RETURNS SETOF caller_first
LANGUAGE sql STABLE AS $$
  WITH atoms AS (
    SELECT DISTINCT c.sign, c.domain_uuid, c.outside_key, coalesce(c.incoming_number, '') AS number,
           c.result = 'out_of_hours' AS closed, (c.start_stamp AT TIME ZONE z.time_zone)::date AS day,
           extract(hour FROM c.start_stamp AT TIME ZONE z.time_zone)::int AS hour
      FROM unnest(calls) c JOIN domains z ON z.domain_uuid = c.domain_uuid
     WHERE c.outside_key IS NOT NULL
  ), variants AS (
    SELECT a.sign, a.domain_uuid, a.outside_key, CASE WHEN v.by_number THEN a.number ELSE '' END AS number,
           v.in_hours, v.workdays, a.day, a.hour
      FROM atoms a
      CROSS JOIN (VALUES (false, false, false), (false, false, true), (false, true, false), (false, true, true),
                         (true, false, false), (true, false, true), (true, true, false), (true, true, true))
                 v (by_number, in_hours, workdays)
     WHERE (NOT v.by_number OR a.number <> '') AND (NOT v.in_hours OR NOT a.closed)
       AND (NOT v.workdays OR NOT EXISTS (SELECT 1 FROM public_holidays h WHERE h.day = a.day))
  ), links AS (
    SELECT DISTINCT x.sign, x.domain_uuid, x.outside_key, x.number, x.in_hours, x.workdays, k.chain, k.class,
           x.day
      FROM variants x
      CROSS JOIN LATERAL (VALUES ('day', 0), ('weekday', extract(isodow FROM x.day)::int), ('hour', x.hour))
                 k (chain, class)
  ), chained AS (
    SELECT l.*, lag(l.day) OVER (PARTITION BY l.sign, l.domain_uuid, l.outside_key, l.number, l.in_hours,
                                              l.workdays, l.chain, l.class ORDER BY l.day) AS prev
      FROM links l
  )
  SELECT c.domain_uuid, c.number, c.in_hours, c.workdays, c.chain, c.day, c.class::smallint,
         coalesce(c.prev, '-infinity'::date), sum(c.sign)::int
    FROM chained c
    JOIN unnest(keys) k ON k.domain_uuid = c.domain_uuid AND k.outside_key = c.outside_key AND c.day >= k.since
   GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  HAVING sum(c.sign) <> 0
$$;

-- Adds signed links to the counts; counts that fall to zero are removed.
CREATE FUNCTION caller_firsts_add(links caller_first[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF links IS NULL THEN RETURN; END IF;
  INSERT INTO caller_firsts AS f
    SELECT * FROM unnest(links) ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
  ON CONFLICT (domain_uuid, incoming_number, in_hours, workdays, chain, day, class, prev)
    DO UPDATE SET callers = f.callers + excluded.callers;
  DELETE FROM caller_firsts f USING unnest(links) l
   WHERE l.callers < 0 AND f.callers = 0 AND f.domain_uuid = l.domain_uuid
     AND f.incoming_number = l.incoming_number AND f.in_hours = l.in_hours AND f.workdays = l.workdays
     AND f.chain = l.chain AND f.day = l.day AND f.class = l.class AND f.prev = l.prev;
END
$$;

-- A statement's changed incoming calls (sign 1: as they are now, -1: as they were): their callers'
-- chains from the earliest day touched, recounted from the calls under a per-caller lock (two writers
-- of one caller cannot each miss the other's calls) and a shared per-tenant one (a rebuild takes it alone).
CREATE FUNCTION caller_firsts_change(changed caller_call[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE keys caller_since[]; links caller_first[];
BEGIN
  SELECT array_agg((t.domain_uuid, t.outside_key, t.since)::caller_since ORDER BY t.domain_uuid, t.outside_key)
    INTO keys
    FROM (SELECT c.domain_uuid, c.outside_key, min((c.start_stamp AT TIME ZONE z.time_zone)::date) AS since
            FROM unnest(changed) c JOIN domains z ON z.domain_uuid = c.domain_uuid
           WHERE c.outside_key IS NOT NULL GROUP BY 1, 2) t;
  IF keys IS NULL THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock_shared(hashtext('caller_firsts'), hashtext(t::text))
     FROM (SELECT DISTINCT k.domain_uuid FROM unnest(keys) k ORDER BY 1) x (t);
  PERFORM pg_advisory_xact_lock(hashtext('caller_firsts_caller'), hashtext(k.domain_uuid::text || k.outside_key))
     FROM unnest(keys) k;
  SELECT array_agg(l) INTO links FROM caller_links(ARRAY(
    SELECT (s.sign, c.call_uuid, c.domain_uuid, c.outside_key, c.incoming_number, c.result, c.start_stamp)::caller_call
      FROM unnest(keys) k
      JOIN calls c ON c.domain_uuid = k.domain_uuid AND c.outside_key = k.outside_key AND c.kind = 'inbound'
      CROSS JOIN (VALUES (1), (-1)) s (sign)
     WHERE s.sign = 1 OR c.call_uuid NOT IN (SELECT x.call_uuid FROM unnest(changed) x WHERE x.sign = 1)
    UNION ALL
    SELECT c FROM unnest(changed) c WHERE c.sign = -1), keys) l;
  PERFORM caller_firsts_add(links);
END
$$;

CREATE FUNCTION caller_firsts_after_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changed caller_call[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg((1, call_uuid, domain_uuid, outside_key, incoming_number, result, start_stamp)::caller_call)
      INTO changed FROM added WHERE kind = 'inbound';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg((-1, call_uuid, domain_uuid, outside_key, incoming_number, result, start_stamp)::caller_call)
      INTO changed FROM removed WHERE kind = 'inbound';
  ELSE
    SELECT array_agg(x) INTO changed FROM (
      SELECT (1, call_uuid, domain_uuid, outside_key, incoming_number, result, start_stamp)::caller_call
        FROM added WHERE kind = 'inbound'
      UNION ALL
      SELECT (-1, call_uuid, domain_uuid, outside_key, incoming_number, result, start_stamp)::caller_call
        FROM removed WHERE kind = 'inbound'
    ) y (x);
  END IF;
  IF changed IS NOT NULL THEN PERFORM caller_firsts_change(changed); END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER caller_firsts_insert AFTER INSERT ON calls REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION caller_firsts_after_change();
CREATE TRIGGER caller_firsts_update AFTER UPDATE ON calls REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION caller_firsts_after_change();
CREATE TRIGGER caller_firsts_delete AFTER DELETE ON calls REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION caller_firsts_after_change();

-- Recounts whole tenants from their calls (a new zone, a changed holiday list, the calls stored before).
CREATE FUNCTION caller_firsts_rebuild(tenants uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE links caller_first[];
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('caller_firsts'), hashtext(t::text))
     FROM (SELECT DISTINCT t FROM unnest(tenants) t ORDER BY 1) x;
  DELETE FROM caller_firsts WHERE domain_uuid = ANY (tenants);
  SELECT array_agg(l) INTO links FROM caller_links(
    ARRAY(SELECT (1, call_uuid, domain_uuid, outside_key, incoming_number, result, start_stamp)::caller_call
            FROM calls WHERE domain_uuid = ANY (tenants) AND kind = 'inbound' AND outside_key IS NOT NULL),
    ARRAY(SELECT DISTINCT (domain_uuid, outside_key, '-infinity'::date)::caller_since
            FROM calls WHERE domain_uuid = ANY (tenants) AND kind = 'inbound' AND outside_key IS NOT NULL)) l;
  PERFORM caller_firsts_add(links);
END
$$;

CREATE FUNCTION caller_firsts_after_zone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM caller_firsts_rebuild(ARRAY[NEW.domain_uuid]);
  RETURN NULL;
END
$$;
CREATE TRIGGER caller_firsts_zone AFTER UPDATE OF time_zone ON domains
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION caller_firsts_after_zone();

CREATE FUNCTION caller_firsts_after_holidays() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM caller_firsts_rebuild(ARRAY(SELECT domain_uuid FROM domains));
  RETURN NULL;
END
$$;
CREATE TRIGGER caller_firsts_holidays AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public_holidays
  FOR EACH STATEMENT EXECUTE FUNCTION caller_firsts_after_holidays();

-- The calls stored before.
SELECT caller_firsts_rebuild(ARRAY(SELECT domain_uuid FROM domains));
