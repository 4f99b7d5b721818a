-- Who is online, per server instance. Each instance records its open real-time connections under its
-- own id and marks itself seen every few seconds: connections of an instance not seen for a minute
-- (crashed, cut off) no longer count, its survivors delete them, and an instance that restarts under
-- the same id clears what it held before. A plain counter on the session could never be corrected.
CREATE TABLE realtime_instances (
  instance_id text PRIMARY KEY,
  seen_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE realtime_connections (
  session_uuid uuid NOT NULL REFERENCES sessions(session_uuid) ON DELETE CASCADE,
  instance_id text NOT NULL REFERENCES realtime_instances(instance_id) ON DELETE CASCADE,
  -- Open connections of the session on that instance (a row with none is deleted).
  connections integer NOT NULL CHECK (connections > 0),
  PRIMARY KEY (session_uuid, instance_id)
);
CREATE INDEX realtime_connections_instance_idx ON realtime_connections (instance_id);

ALTER TABLE sessions DROP COLUMN realtime_connections;
