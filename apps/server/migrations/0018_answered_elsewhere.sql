-- A rung phone whose call was taken on another phone (a ring group's colleague, a pick-up, another of
-- one's own devices) ends with LOSE_RACE or PICKED_OFF and no talk time. Such a leg is not a missed
-- call (issue 20): the recall count stops counting it. Same functions as 0008, with that one condition.

CREATE OR REPLACE FUNCTION recall_recompute(keys_domain uuid[], keys_number text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO recall_numbers (domain_uuid, number, last_missed, last_handled)
    SELECT t.d, t.n,
      (SELECT max(c.start_stamp) FROM cdrs c WHERE c.domain_uuid = t.d AND c.caller_id_number = t.n
        AND c.direction = 'inbound' AND c.billsec = 0
        AND c.hangup_cause NOT IN ('LOSE_RACE', 'PICKED_OFF')),
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

CREATE OR REPLACE FUNCTION cdrs_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO cdr_counts AS n (domain_uuid, extension_uuid, calls)
    SELECT domain_uuid, extension_uuid, count(*) FROM added WHERE extension_uuid IS NOT NULL
      GROUP BY domain_uuid, extension_uuid
    ON CONFLICT (domain_uuid, extension_uuid) DO UPDATE SET calls = n.calls + EXCLUDED.calls;
  INSERT INTO recall_numbers AS r (domain_uuid, number, last_missed, last_handled)
    SELECT k.domain_uuid, k.number, max(k.missed), max(k.handled) FROM (
      SELECT domain_uuid, caller_id_number,
          CASE WHEN billsec = 0 AND hangup_cause NOT IN ('LOSE_RACE', 'PICKED_OFF') THEN start_stamp END,
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

-- Numbers a taken call counted as missed so far are recomputed from their rows.
SELECT recall_recompute(array_agg(domain_uuid), array_agg(caller_id_number)) FROM (
  SELECT DISTINCT domain_uuid, caller_id_number FROM cdrs
  WHERE direction = 'inbound' AND billsec = 0 AND hangup_cause IN ('LOSE_RACE', 'PICKED_OFF')) k
  HAVING count(*) > 0;
