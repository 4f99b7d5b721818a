-- Call recording (issue 20): the tenant's setting and the recordings kept on its calls.

-- Off, on demand (the softphone's record button) or always; recordings older than retention_days go.
-- A tenant without a row records nothing and keeps recordings CALL_RECORDING_RETENTION.default days.
CREATE TABLE call_recording_settings (
  domain_uuid uuid PRIMARY KEY REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  mode text NOT NULL DEFAULT 'off' CHECK (mode IN ('off', 'onDemand', 'always')),
  retention_days integer NOT NULL DEFAULT 90 CHECK (retention_days BETWEEN 1 AND 3650)
);

-- One recording of a call: its file lies in the tenant's storage, recordings/<tenant>/calls/<uuid>.wav.
-- It belongs to the call by the engine's call id (calls.call_id, cdrs.call_id): the recording starts
-- while the call is live, long before the call's row is folded from its legs.
CREATE TABLE call_recordings (
  recording_uuid uuid PRIMARY KEY,
  domain_uuid uuid NOT NULL REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  call_id text NOT NULL,
  -- The channel recorded (the button's softphone leg, or the call's first leg when always).
  channel_uuid text NOT NULL,
  -- Who pressed 録音 (null: recorded because the tenant records every call).
  started_by uuid REFERENCES users(user_uuid) ON DELETE SET NULL,
  started_at timestamptz NOT NULL,
  -- Null while recording.
  ended_at timestamptz,
  bytes bigint NOT NULL DEFAULT 0,
  seconds integer NOT NULL DEFAULT 0
);
CREATE INDEX call_recordings_call_idx ON call_recordings (domain_uuid, call_id);
-- The retention sweep reads the oldest first.
CREATE INDEX call_recordings_started_idx ON call_recordings (domain_uuid, started_at);
