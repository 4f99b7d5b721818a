-- ステータス分析 over a year must not walk a year of status changes (issue 21: 200 users, 657,000 changes,
-- p99 < 300 ms): seconds per user, LOCAL day (the tenant's zone) and status of every closed stretch (from
-- one change to the user's next), split at local midnights. The still-open stretch (from the user's last
-- change) is added at read time. Exact, whoever writes the changes: statement triggers recompute, from
-- the changes themselves, every day a touched change's stretches reach, under a per-user lock; a change of
-- the tenant's zone recomputes the tenant.
CREATE TABLE status_days (
  domain_uuid uuid NOT NULL REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  user_uuid uuid NOT NULL REFERENCES users(user_uuid) ON DELETE CASCADE,
  day date NOT NULL,
  status text NOT NULL,
  seconds numeric NOT NULL,
  PRIMARY KEY (user_uuid, day, status)
);
-- The analysis reads a tenant's period without visiting the table.
CREATE INDEX status_days_tenant_day ON status_days (domain_uuid, day) INCLUDE (user_uuid, status, seconds);

-- Recomputes each user's days from the last change before `lows` to the first change after `highs` (the
-- stretches a change between them begins or ends): every other day keeps its stretches.
CREATE FUNCTION status_days_refresh(user_ids uuid[], lows timestamptz[], highs timestamptz[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE span_users uuid[]; span_tenants uuid[]; span_zones text[]; first_days date[]; last_days date[];
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('status_days'), hashtext(u::text))
     FROM (SELECT DISTINCT u FROM unnest(user_ids) u ORDER BY 1) x;
  SELECT array_agg(t.user_uuid), array_agg(u.domain_uuid), array_agg(d.time_zone),
         array_agg((coalesce(prev.changed_at, t.low) AT TIME ZONE d.time_zone)::date),
         array_agg((coalesce(next.changed_at, t.high) AT TIME ZONE d.time_zone)::date)
    INTO span_users, span_tenants, span_zones, first_days, last_days
    FROM (SELECT user_uuid, min(low) AS low, max(high) AS high
            FROM unnest(user_ids, lows, highs) x (user_uuid, low, high) GROUP BY 1) t
    JOIN users u ON u.user_uuid = t.user_uuid
    JOIN domains d ON d.domain_uuid = u.domain_uuid
    LEFT JOIN LATERAL (SELECT c.changed_at FROM user_status_changes c
                        WHERE c.user_uuid = t.user_uuid AND c.changed_at < t.low
                        ORDER BY c.changed_at DESC LIMIT 1) prev ON true
    LEFT JOIN LATERAL (SELECT c.changed_at FROM user_status_changes c
                        WHERE c.user_uuid = t.user_uuid AND c.changed_at > t.high
                        ORDER BY c.changed_at LIMIT 1) next ON true;
  DELETE FROM status_days s USING unnest(span_users, first_days, last_days) p (user_uuid, first_day, last_day)
   WHERE s.user_uuid = p.user_uuid AND s.day BETWEEN p.first_day AND p.last_day;
  INSERT INTO status_days (domain_uuid, user_uuid, day, status, seconds)
    WITH bounds AS (
      SELECT p.*, (p.first_day::timestamp AT TIME ZONE p.tz) AS lo,
             ((p.last_day + 1)::timestamp AT TIME ZONE p.tz) AS hi
        FROM unnest(span_users, span_tenants, span_zones, first_days, last_days)
             p (user_uuid, domain_uuid, tz, first_day, last_day)
    ),
    changes AS (
      SELECT b.user_uuid, c.change_id, c.to_status, c.changed_at
        FROM bounds b
        CROSS JOIN LATERAL (SELECT c.change_id, c.to_status, c.changed_at FROM user_status_changes c
                             WHERE c.user_uuid = b.user_uuid AND c.changed_at < b.lo
                             ORDER BY c.changed_at DESC, c.change_id DESC LIMIT 1) c
      UNION ALL
      SELECT b.user_uuid, c.change_id, c.to_status, c.changed_at
        FROM bounds b JOIN user_status_changes c
          ON c.user_uuid = b.user_uuid AND c.changed_at >= b.lo AND c.changed_at < b.hi
      UNION ALL
      SELECT b.user_uuid, c.change_id, c.to_status, c.changed_at
        FROM bounds b
        CROSS JOIN LATERAL (SELECT c.change_id, c.to_status, c.changed_at FROM user_status_changes c
                             WHERE c.user_uuid = b.user_uuid AND c.changed_at >= b.hi
                             ORDER BY c.changed_at, c.change_id LIMIT 1) c
    ),
    stretches AS (
      SELECT user_uuid, to_status AS status, changed_at AS start,
             lead(changed_at) OVER (PARTITION BY user_uuid ORDER BY changed_at, change_id) AS stop
        FROM changes
    ),
    clipped AS (
      SELECT b.domain_uuid, b.user_uuid, b.tz, s.status, greatest(s.start, b.lo) AS start,
             least(s.stop, b.hi) AS stop
        FROM stretches s JOIN bounds b USING (user_uuid)
       WHERE s.stop IS NOT NULL AND least(s.stop, b.hi) > greatest(s.start, b.lo)
    )
    SELECT c.domain_uuid, c.user_uuid, d.day, c.status,
           sum(extract(epoch FROM least(c.stop, d.next_midnight) - greatest(c.start, d.midnight)))
      FROM clipped c
      CROSS JOIN LATERAL (
        SELECT g::date AS day, (g::date::timestamp AT TIME ZONE c.tz) AS midnight,
               ((g::date + 1)::timestamp AT TIME ZONE c.tz) AS next_midnight
          FROM generate_series((c.start AT TIME ZONE c.tz)::date, (c.stop AT TIME ZONE c.tz)::date,
                               interval '1 day') g
      ) d
     WHERE least(c.stop, d.next_midnight) > greatest(c.start, d.midnight)
     GROUP BY 1, 2, 3, 4;
END
$$;

CREATE FUNCTION status_days_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids uuid[]; lows timestamptz[]; highs timestamptz[];
BEGIN
  SELECT array_agg(u), array_agg(l), array_agg(h) INTO ids, lows, highs
    FROM (SELECT user_uuid, min(changed_at), max(changed_at) FROM added GROUP BY 1) x (u, l, h);
  PERFORM status_days_refresh(ids, lows, highs);
  RETURN NULL;
END
$$;
CREATE TRIGGER status_days_insert AFTER INSERT ON user_status_changes REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION status_days_after_insert();

CREATE FUNCTION status_days_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids uuid[]; lows timestamptz[]; highs timestamptz[];
BEGIN
  SELECT array_agg(u), array_agg(l), array_agg(h) INTO ids, lows, highs
    FROM (SELECT user_uuid, min(changed_at), max(changed_at)
            FROM (SELECT user_uuid, changed_at FROM added UNION ALL SELECT user_uuid, changed_at FROM removed) a
           GROUP BY 1) x (u, l, h);
  PERFORM status_days_refresh(ids, lows, highs);
  RETURN NULL;
END
$$;
CREATE TRIGGER status_days_update AFTER UPDATE ON user_status_changes
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION status_days_after_update();

CREATE FUNCTION status_days_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids uuid[]; lows timestamptz[]; highs timestamptz[];
BEGIN
  SELECT array_agg(u), array_agg(l), array_agg(h) INTO ids, lows, highs
    FROM (SELECT user_uuid, min(changed_at), max(changed_at) FROM removed GROUP BY 1) x (u, l, h);
  PERFORM status_days_refresh(ids, lows, highs);
  RETURN NULL;
END
$$;
CREATE TRIGGER status_days_delete AFTER DELETE ON user_status_changes REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION status_days_after_delete();

-- Local days move with the tenant's zone: its users' days are recomputed in the new one.
CREATE FUNCTION status_days_after_zone() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids uuid[]; lows timestamptz[]; highs timestamptz[];
BEGIN
  DELETE FROM status_days WHERE domain_uuid = NEW.domain_uuid;
  SELECT array_agg(u), array_agg(l), array_agg(h) INTO ids, lows, highs
    FROM (SELECT c.user_uuid, min(c.changed_at), max(c.changed_at) FROM user_status_changes c
           JOIN users u ON u.user_uuid = c.user_uuid WHERE u.domain_uuid = NEW.domain_uuid GROUP BY 1) x (u, l, h);
  IF ids IS NOT NULL THEN PERFORM status_days_refresh(ids, lows, highs); END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER status_days_zone AFTER UPDATE OF time_zone ON domains
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION status_days_after_zone();

SELECT status_days_refresh(array_agg(u), array_agg(l), array_agg(h))
  FROM (SELECT user_uuid, min(changed_at), max(changed_at) FROM user_status_changes GROUP BY 1) x (u, l, h)
HAVING count(*) > 0;
