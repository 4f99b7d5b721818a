-- Per-tenant storage limit for the tenant's own audio files (built-in recordings are not counted).
-- An upload is checked against it in its transaction, with the tenant's row locked so that two uploads
-- at once cannot both pass on the same remaining room. The provider will be able to change it (issue 18).
ALTER TABLE domains
  ADD COLUMN recording_quota_bytes bigint NOT NULL DEFAULT 104857600
    CHECK (recording_quota_bytes >= 0);
