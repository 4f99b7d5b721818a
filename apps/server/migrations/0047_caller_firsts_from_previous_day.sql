-- The callers' chains (0040) recounted a changed caller's whole history: a new call from a caller with
-- thousands of calls read and chained all of them, on every call. A change moves only the chains its
-- calls are in (their variant, chain and class); in each of those, only the links from the first day
-- changed on depend on it, and of the days before, only the chain's last one (the first changed link's
-- previous day). So a change now reads the caller's calls from its first changed day on, and, for each
-- chain it touches, the caller's last call in that chain before that day: one backward step along the
-- caller's index each, stopping at the first call of the chain. Chains the change does not touch are
-- the same before and after it, so their links cancel whatever is read for them. Still exact: the
-- links from the first changed day on are those of the whole history.

-- Each call's links, without their previous days: its active day in every variant and chain it counts in.
CREATE FUNCTION caller_call_links(calls caller_call[])
  RETURNS TABLE (sign integer, domain_uuid uuid, outside_key text, number text, in_hours boolean,
                 workdays boolean, chain text, class integer, day date)
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
  )
  SELECT DISTINCT x.sign, x.domain_uuid, x.outside_key, x.number, x.in_hours, x.workdays, k.chain, k.class,
         x.day
    FROM variants x
    CROSS JOIN LATERAL (VALUES ('day', 0), ('weekday', extract(isodow FROM x.day)::int), ('hour', x.hour))
               k (chain, class)
$$;

-- As 0040's, the links from caller_call_links (one definition of which chains a call is in).
CREATE OR REPLACE FUNCTION caller_links(calls caller_call[], keys caller_since[]) RETURNS SETOF caller_first
LANGUAGE sql STABLE AS $$
  WITH chained AS (
    SELECT l.*, lag(l.day) OVER (PARTITION BY l.sign, l.domain_uuid, l.outside_key, l.number, l.in_hours,
                                              l.workdays, l.chain, l.class ORDER BY l.day) AS prev
      FROM caller_call_links(calls) l
  )
  SELECT c.domain_uuid, c.number, c.in_hours, c.workdays, c.chain, c.day, c.class::smallint,
         coalesce(c.prev, '-infinity'::date), sum(c.sign)::int
    FROM chained c
    JOIN unnest(keys) k ON k.domain_uuid = c.domain_uuid AND k.outside_key = c.outside_key AND c.day >= k.since
   GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  HAVING sum(c.sign) <> 0
$$;

-- The calls a change of `changed` (see 0040) is recounted from, signed: per caller, its calls from its
-- first changed local day `since` on, as they are now (1) and as they were (-1), and in both, for every
-- chain a changed call is in, the caller's last call in that chain before `since`. That call is found
-- in two steps along calls_tenant_number_idx: first in the chain of every call (every number, every
-- result and day: a caller with no call of this class before has none in any variant, and the search
-- ends there), then in the variant, from that call back.
CREATE FUNCTION caller_recount_calls(changed caller_call[], keys caller_since[]) RETURNS SETOF caller_call
LANGUAGE sql STABLE AS $$
  WITH k AS (
    SELECT k.domain_uuid, k.outside_key, k.since, z.time_zone,
           k.since::timestamp AT TIME ZONE z.time_zone AS since_at
      FROM unnest(keys) k JOIN domains z ON z.domain_uuid = k.domain_uuid
  ), touched AS (
    SELECT DISTINCT l.domain_uuid, l.outside_key, l.number, l.in_hours, l.workdays, l.chain, l.class
      FROM caller_call_links(changed) l
  ), last_of_class AS (
    SELECT t.domain_uuid, t.outside_key, t.chain, t.class, k.since_at, k.time_zone, p.start_stamp AS last_at
      FROM (SELECT DISTINCT domain_uuid, outside_key, chain, class FROM touched) t
      JOIN k ON k.domain_uuid = t.domain_uuid AND k.outside_key = t.outside_key
      CROSS JOIN LATERAL (
        SELECT c.start_stamp FROM calls c
         WHERE c.domain_uuid = t.domain_uuid AND c.outside_key = t.outside_key AND c.start_stamp < k.since_at
           AND c.kind = 'inbound'
           AND CASE t.chain WHEN 'day' THEN true
                 WHEN 'weekday' THEN extract(isodow FROM c.start_stamp AT TIME ZONE k.time_zone) = t.class
                 ELSE extract(hour FROM c.start_stamp AT TIME ZONE k.time_zone) = t.class END
         ORDER BY c.start_stamp DESC LIMIT 1) p
  ), previous AS (
    SELECT DISTINCT p.*
      FROM touched t
      JOIN last_of_class b ON b.domain_uuid = t.domain_uuid AND b.outside_key = t.outside_key
                          AND b.chain = t.chain AND b.class = t.class
      CROSS JOIN LATERAL (
        SELECT c.call_uuid, c.domain_uuid, c.outside_key, c.incoming_number, c.result, c.start_stamp FROM calls c
         WHERE c.domain_uuid = t.domain_uuid AND c.outside_key = t.outside_key AND c.start_stamp <= b.last_at
           AND c.kind = 'inbound'
           AND CASE t.chain WHEN 'day' THEN true
                 WHEN 'weekday' THEN extract(isodow FROM c.start_stamp AT TIME ZONE b.time_zone) = t.class
                 ELSE extract(hour FROM c.start_stamp AT TIME ZONE b.time_zone) = t.class END
           AND (t.number = '' OR c.incoming_number = t.number)
           AND (NOT t.in_hours OR NOT c.result = 'out_of_hours')
           AND (NOT t.workdays OR NOT EXISTS (
                 SELECT 1 FROM public_holidays h WHERE h.day = (c.start_stamp AT TIME ZONE b.time_zone)::date))
         ORDER BY c.start_stamp DESC LIMIT 1) p
  )
  SELECT (s.sign, p.call_uuid, p.domain_uuid, p.outside_key, p.incoming_number, p.result, p.start_stamp)::caller_call
    FROM previous p CROSS JOIN (VALUES (1), (-1)) s (sign)
  UNION ALL
  SELECT (s.sign, c.call_uuid, c.domain_uuid, c.outside_key, c.incoming_number, c.result, c.start_stamp)::caller_call
    FROM k
    CROSS JOIN LATERAL (
      -- OFFSET 0: a look-up per caller, never a join over every tenant's calls (a plan without statistics).
      SELECT c.* FROM calls c
       WHERE c.domain_uuid = k.domain_uuid AND c.outside_key = k.outside_key AND c.start_stamp >= k.since_at
         AND c.kind = 'inbound' OFFSET 0) c
    CROSS JOIN (VALUES (1), (-1)) s (sign)
   WHERE s.sign = 1 OR c.call_uuid NOT IN (SELECT x.call_uuid FROM unnest(changed) x WHERE x.sign = 1)
  UNION ALL
  SELECT c FROM unnest(changed) c WHERE c.sign = -1
$$;

-- 0040's, recounting from caller_recount_calls instead of the callers' every call, and locking a
-- statement's many callers by their tenant.
CREATE OR REPLACE FUNCTION caller_firsts_change(changed caller_call[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE keys caller_since[]; links caller_first[];
BEGIN
  SELECT array_agg((t.domain_uuid, t.outside_key, t.since)::caller_since ORDER BY t.domain_uuid, t.outside_key)
    INTO keys
    FROM (SELECT c.domain_uuid, c.outside_key, min((c.start_stamp AT TIME ZONE z.time_zone)::date) AS since
            FROM unnest(changed) c JOIN domains z ON z.domain_uuid = c.domain_uuid
           WHERE c.outside_key IS NOT NULL GROUP BY 1, 2) t;
  IF keys IS NULL THEN RETURN; END IF;
  IF cardinality(keys) <= 64 THEN
    PERFORM pg_advisory_xact_lock_shared(hashtext('caller_firsts'), hashtext(t::text))
       FROM (SELECT DISTINCT k.domain_uuid FROM unnest(keys) k ORDER BY 1) x (t);
    PERFORM pg_advisory_xact_lock(hashtext('caller_firsts_caller'), hashtext(k.domain_uuid::text || k.outside_key))
       FROM unnest(keys) k;
  ELSE
    -- A lock per caller would fill the server's lock table (0040 failed with "out of shared memory" on a
    -- statement of 100,000 calls): many callers take their tenants whole, as a rebuild does.
    PERFORM pg_advisory_xact_lock(hashtext('caller_firsts'), hashtext(t::text))
       FROM (SELECT DISTINCT k.domain_uuid FROM unnest(keys) k ORDER BY 1) x (t);
  END IF;
  SELECT array_agg(l) INTO links FROM caller_links(ARRAY(SELECT c FROM caller_recount_calls(changed, keys) c), keys) l;
  PERFORM caller_firsts_add(links);
END
$$;

-- 0040's, leaving out the updated calls whose caller, number, result and start are as they were (a call
-- refreshed as its legs arrive, a recording attached): they move no chain.
CREATE OR REPLACE FUNCTION caller_firsts_after_change() RETURNS trigger LANGUAGE plpgsql AS $$
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
        FROM (SELECT call_uuid, domain_uuid, outside_key, incoming_number, result, start_stamp
                FROM added WHERE kind = 'inbound'
              EXCEPT ALL
              SELECT call_uuid, domain_uuid, outside_key, incoming_number, result, start_stamp
                FROM removed WHERE kind = 'inbound') a
      UNION ALL
      SELECT (-1, call_uuid, domain_uuid, outside_key, incoming_number, result, start_stamp)::caller_call
        FROM (SELECT call_uuid, domain_uuid, outside_key, incoming_number, result, start_stamp
                FROM removed WHERE kind = 'inbound'
              EXCEPT ALL
              SELECT call_uuid, domain_uuid, outside_key, incoming_number, result, start_stamp
                FROM added WHERE kind = 'inbound') r
    ) y (x);
  END IF;
  IF changed IS NOT NULL THEN PERFORM caller_firsts_change(changed); END IF;
  RETURN NULL;
END
$$;
