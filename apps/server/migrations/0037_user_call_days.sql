-- 内線分析 over a year must not read a year of calls (issue 21: 1,000,000 calls, 200 users, p99 < 300 ms).
-- Two roll-ups per tenant and UTC day; the analysis reads the whole UTC days of its period from them and
-- the few hours at either end (a local day rarely starts at a UTC midnight) from the calls, so no roll-up
-- depends on the tenant's zone.

-- user_call_days: per user, the calls they handled (answered incoming, placed outgoing and internal),
-- their talk, and the handled calls per UTC hour of the day (h00–h23: columns, so that a year of a
-- tenant is ~73,000 rows, not a row per user and hour). Every measure adds up, so the triggers add a
-- statement's new rows and subtract its old ones: exact under concurrent writers, as an upsert adds to the
-- row as it stands when its lock is granted.
CREATE TABLE user_call_days (
  domain_uuid uuid NOT NULL REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  day date NOT NULL,
  user_uuid uuid NOT NULL,
  inbound integer NOT NULL,
  outbound integer NOT NULL,
  internal integer NOT NULL,
  talk_seconds bigint NOT NULL,
  connected integer NOT NULL,
  h00 integer NOT NULL,
  h01 integer NOT NULL,
  h02 integer NOT NULL,
  h03 integer NOT NULL,
  h04 integer NOT NULL,
  h05 integer NOT NULL,
  h06 integer NOT NULL,
  h07 integer NOT NULL,
  h08 integer NOT NULL,
  h09 integer NOT NULL,
  h10 integer NOT NULL,
  h11 integer NOT NULL,
  h12 integer NOT NULL,
  h13 integer NOT NULL,
  h14 integer NOT NULL,
  h15 integer NOT NULL,
  h16 integer NOT NULL,
  h17 integer NOT NULL,
  h18 integer NOT NULL,
  h19 integer NOT NULL,
  h20 integer NOT NULL,
  h21 integer NOT NULL,
  h22 integer NOT NULL,
  h23 integer NOT NULL,
  PRIMARY KEY (domain_uuid, day, user_uuid)
);

-- A call added (sign 1) or taken away (sign -1).
CREATE TYPE user_call_change AS (sign integer, domain_uuid uuid, user_uuid uuid, kind text, result text,
  talk_seconds integer, start_stamp timestamptz);

CREATE FUNCTION user_call_days_add(changes user_call_change[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_call_days AS d (domain_uuid, day, user_uuid, inbound, outbound, internal, talk_seconds,
      connected, h00, h01, h02, h03, h04, h05, h06, h07, h08, h09, h10, h11, h12, h13, h14, h15, h16, h17, h18, h19, h20, h21, h22, h23)
    SELECT c.domain_uuid, c.day, c.user_uuid,
           sum(c.sign * (c.kind = 'inbound')::int), sum(c.sign * (c.kind = 'outbound')::int),
           sum(c.sign * (c.kind = 'internal')::int),
           coalesce(sum(c.sign * c.talk_seconds) FILTER (WHERE c.result = 'answered'), 0),
           sum(c.sign * (c.result = 'answered')::int),
         sum(c.sign * (c.hour = 0)::int),
         sum(c.sign * (c.hour = 1)::int),
         sum(c.sign * (c.hour = 2)::int),
         sum(c.sign * (c.hour = 3)::int),
         sum(c.sign * (c.hour = 4)::int),
         sum(c.sign * (c.hour = 5)::int),
         sum(c.sign * (c.hour = 6)::int),
         sum(c.sign * (c.hour = 7)::int),
         sum(c.sign * (c.hour = 8)::int),
         sum(c.sign * (c.hour = 9)::int),
         sum(c.sign * (c.hour = 10)::int),
         sum(c.sign * (c.hour = 11)::int),
         sum(c.sign * (c.hour = 12)::int),
         sum(c.sign * (c.hour = 13)::int),
         sum(c.sign * (c.hour = 14)::int),
         sum(c.sign * (c.hour = 15)::int),
         sum(c.sign * (c.hour = 16)::int),
         sum(c.sign * (c.hour = 17)::int),
         sum(c.sign * (c.hour = 18)::int),
         sum(c.sign * (c.hour = 19)::int),
         sum(c.sign * (c.hour = 20)::int),
         sum(c.sign * (c.hour = 21)::int),
         sum(c.sign * (c.hour = 22)::int),
         sum(c.sign * (c.hour = 23)::int)
      FROM (SELECT x.*, (x.start_stamp AT TIME ZONE 'UTC')::date AS day,
                   extract(hour FROM x.start_stamp AT TIME ZONE 'UTC')::int AS hour
              FROM unnest(changes) x
             WHERE x.user_uuid IS NOT NULL AND (x.kind <> 'inbound' OR x.result = 'answered')) c
     GROUP BY 1, 2, 3
     ORDER BY 1, 2, 3
  ON CONFLICT (domain_uuid, day, user_uuid) DO UPDATE SET
    inbound = d.inbound + excluded.inbound, outbound = d.outbound + excluded.outbound,
    internal = d.internal + excluded.internal, talk_seconds = d.talk_seconds + excluded.talk_seconds,
    connected = d.connected + excluded.connected,
    h00 = d.h00 + excluded.h00,
    h01 = d.h01 + excluded.h01,
    h02 = d.h02 + excluded.h02,
    h03 = d.h03 + excluded.h03,
    h04 = d.h04 + excluded.h04,
    h05 = d.h05 + excluded.h05,
    h06 = d.h06 + excluded.h06,
    h07 = d.h07 + excluded.h07,
    h08 = d.h08 + excluded.h08,
    h09 = d.h09 + excluded.h09,
    h10 = d.h10 + excluded.h10,
    h11 = d.h11 + excluded.h11,
    h12 = d.h12 + excluded.h12,
    h13 = d.h13 + excluded.h13,
    h14 = d.h14 + excluded.h14,
    h15 = d.h15 + excluded.h15,
    h16 = d.h16 + excluded.h16,
    h17 = d.h17 + excluded.h17,
    h18 = d.h18 + excluded.h18,
    h19 = d.h19 + excluded.h19,
    h20 = d.h20 + excluded.h20,
    h21 = d.h21 + excluded.h21,
    h22 = d.h22 + excluded.h22,
    h23 = d.h23 + excluded.h23;
  DELETE FROM user_call_days d USING (SELECT DISTINCT x.domain_uuid, x.user_uuid,
                                             (x.start_stamp AT TIME ZONE 'UTC')::date AS day
                                        FROM unnest(changes) x WHERE x.sign < 0) t
   WHERE d.domain_uuid = t.domain_uuid AND d.day = t.day AND d.user_uuid = t.user_uuid
     AND d.inbound = 0 AND d.outbound = 0 AND d.internal = 0 AND d.talk_seconds = 0 AND d.connected = 0
     AND d.h00 = 0 AND d.h01 = 0 AND d.h02 = 0 AND d.h03 = 0 AND d.h04 = 0 AND d.h05 = 0 AND d.h06 = 0 AND d.h07 = 0 AND d.h08 = 0 AND d.h09 = 0 AND d.h10 = 0 AND d.h11 = 0 AND d.h12 = 0 AND d.h13 = 0 AND d.h14 = 0 AND d.h15 = 0 AND d.h16 = 0 AND d.h17 = 0 AND d.h18 = 0 AND d.h19 = 0 AND d.h20 = 0 AND d.h21 = 0 AND d.h22 = 0 AND d.h23 = 0;
END
$$;

CREATE FUNCTION user_call_days_after_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changes user_call_change[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg((1, domain_uuid, agent_user_uuid, kind, result, talk_seconds, start_stamp)::user_call_change)
      INTO changes FROM added;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg((-1, domain_uuid, agent_user_uuid, kind, result, talk_seconds, start_stamp)::user_call_change)
      INTO changes FROM removed;
  ELSE
    SELECT array_agg(x) INTO changes FROM (
      SELECT (1, domain_uuid, agent_user_uuid, kind, result, talk_seconds, start_stamp)::user_call_change FROM added
      UNION ALL
      SELECT (-1, domain_uuid, agent_user_uuid, kind, result, talk_seconds, start_stamp)::user_call_change FROM removed
    ) y (x);
  END IF;
  IF changes IS NOT NULL THEN PERFORM user_call_days_add(changes); END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER user_call_days_insert AFTER INSERT ON calls REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION user_call_days_after_change();
CREATE TRIGGER user_call_days_update AFTER UPDATE ON calls REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION user_call_days_after_change();
CREATE TRIGGER user_call_days_delete AFTER DELETE ON calls REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION user_call_days_after_change();

-- extension_missed_days: per extension, the missed incoming calls that rang it (a leg of the call on it),
-- each call once however often it rang there. A distinct count does not add up, and the legs come and go
-- on their own, so the triggers on calls and on legs recompute every (tenant, UTC day) a statement
-- touched, from the calls and legs themselves, under a per-tenant lock (two writers cannot each miss the
-- other's rows). Keyed by extension, not user: the analysis joins today's users, as the calls do.
CREATE TABLE extension_missed_days (
  domain_uuid uuid NOT NULL REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  day date NOT NULL,
  extension_uuid uuid NOT NULL,
  missed integer NOT NULL,
  PRIMARY KEY (domain_uuid, day, extension_uuid)
);

CREATE FUNCTION extension_missed_days_refresh(tenants uuid[], days date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF tenants IS NULL THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(hashtext('extension_missed_days'), hashtext(d::text))
     FROM (SELECT DISTINCT d FROM unnest(tenants) d ORDER BY 1) t;
  DELETE FROM extension_missed_days m USING unnest(tenants, days) t (domain_uuid, day)
   WHERE m.domain_uuid = t.domain_uuid AND m.day = t.day;
  INSERT INTO extension_missed_days (domain_uuid, day, extension_uuid, missed)
    SELECT c.domain_uuid, t.day, l.extension_uuid, count(DISTINCT c.call_uuid)
      FROM (SELECT DISTINCT domain_uuid, day FROM unnest(tenants, days) x (domain_uuid, day)) t
      JOIN calls c ON c.domain_uuid = t.domain_uuid
                  AND c.start_stamp >= t.day::timestamp AT TIME ZONE 'UTC'
                  AND c.start_stamp < (t.day + 1)::timestamp AT TIME ZONE 'UTC'
      JOIN cdrs l ON l.domain_uuid = c.domain_uuid AND l.call_id = c.call_id
     WHERE c.kind = 'inbound' AND c.result IN ('missed', 'abandoned_ivr', 'voicemail', 'out_of_hours', 'busy') AND l.extension_uuid IS NOT NULL
     GROUP BY 1, 2, 3;
END
$$;

-- The days of the missed calls among a statement's calls (before and after it).
CREATE FUNCTION extension_missed_days_after_calls() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE tenants uuid[]; days date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(d), array_agg(s) INTO tenants, days FROM (
      SELECT DISTINCT domain_uuid, (start_stamp AT TIME ZONE 'UTC')::date FROM added
       WHERE kind = 'inbound' AND result IN ('missed', 'abandoned_ivr', 'voicemail', 'out_of_hours', 'busy')) x (d, s);
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(d), array_agg(s) INTO tenants, days FROM (
      SELECT DISTINCT domain_uuid, (start_stamp AT TIME ZONE 'UTC')::date FROM removed
       WHERE kind = 'inbound' AND result IN ('missed', 'abandoned_ivr', 'voicemail', 'out_of_hours', 'busy')) x (d, s);
  ELSE
    SELECT array_agg(d), array_agg(s) INTO tenants, days FROM (
      SELECT domain_uuid, (start_stamp AT TIME ZONE 'UTC')::date FROM added
       WHERE kind = 'inbound' AND result IN ('missed', 'abandoned_ivr', 'voicemail', 'out_of_hours', 'busy')
      UNION
      SELECT domain_uuid, (start_stamp AT TIME ZONE 'UTC')::date FROM removed
       WHERE kind = 'inbound' AND result IN ('missed', 'abandoned_ivr', 'voicemail', 'out_of_hours', 'busy')) x (d, s);
  END IF;
  PERFORM extension_missed_days_refresh(tenants, days);
  RETURN NULL;
END
$$;
CREATE TRIGGER extension_missed_days_calls_insert AFTER INSERT ON calls REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION extension_missed_days_after_calls();
CREATE TRIGGER extension_missed_days_calls_update AFTER UPDATE ON calls
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION extension_missed_days_after_calls();
CREATE TRIGGER extension_missed_days_calls_delete AFTER DELETE ON calls REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION extension_missed_days_after_calls();

-- The days of the missed calls a statement's legs belong to (before and after it).
CREATE FUNCTION extension_missed_days_after_legs() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE tenants uuid[]; days date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(d), array_agg(s) INTO tenants, days FROM (
      SELECT DISTINCT c.domain_uuid, (c.start_stamp AT TIME ZONE 'UTC')::date
        FROM (SELECT DISTINCT domain_uuid, call_id FROM added) l
        JOIN calls c ON c.domain_uuid = l.domain_uuid AND c.call_id = l.call_id
       WHERE c.kind = 'inbound' AND c.result IN ('missed', 'abandoned_ivr', 'voicemail', 'out_of_hours', 'busy')) x (d, s);
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(d), array_agg(s) INTO tenants, days FROM (
      SELECT DISTINCT c.domain_uuid, (c.start_stamp AT TIME ZONE 'UTC')::date
        FROM (SELECT DISTINCT domain_uuid, call_id FROM removed) l
        JOIN calls c ON c.domain_uuid = l.domain_uuid AND c.call_id = l.call_id
       WHERE c.kind = 'inbound' AND c.result IN ('missed', 'abandoned_ivr', 'voicemail', 'out_of_hours', 'busy')) x (d, s);
  ELSE
    SELECT array_agg(d), array_agg(s) INTO tenants, days FROM (
      SELECT DISTINCT c.domain_uuid, (c.start_stamp AT TIME ZONE 'UTC')::date
        FROM (SELECT domain_uuid, call_id FROM added UNION SELECT domain_uuid, call_id FROM removed) l
        JOIN calls c ON c.domain_uuid = l.domain_uuid AND c.call_id = l.call_id
       WHERE c.kind = 'inbound' AND c.result IN ('missed', 'abandoned_ivr', 'voicemail', 'out_of_hours', 'busy')) x (d, s);
  END IF;
  PERFORM extension_missed_days_refresh(tenants, days);
  RETURN NULL;
END
$$;
CREATE TRIGGER extension_missed_days_legs_insert AFTER INSERT ON cdrs REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION extension_missed_days_after_legs();
CREATE TRIGGER extension_missed_days_legs_update AFTER UPDATE ON cdrs
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION extension_missed_days_after_legs();
CREATE TRIGGER extension_missed_days_legs_delete AFTER DELETE ON cdrs REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION extension_missed_days_after_legs();

-- The calls stored before.
SELECT user_call_days_add(array_agg((1, domain_uuid, agent_user_uuid, kind, result, talk_seconds,
    start_stamp)::user_call_change)) FROM calls WHERE agent_user_uuid IS NOT NULL;
SELECT extension_missed_days_refresh(array_agg(d), array_agg(s)) FROM (
  SELECT DISTINCT domain_uuid, (start_stamp AT TIME ZONE 'UTC')::date FROM calls
   WHERE kind = 'inbound' AND result IN ('missed', 'abandoned_ivr', 'voicemail', 'out_of_hours', 'busy')) x (d, s);
