-- Tenants administered by the provider (issue 18): quotas, soft deletion, and acting inside a tenant.

-- Quotas per tenant; NULL = no limit (tenants made before quotas existed). Audio storage is
-- recording_quota_bytes (0006). Every create path checks them with the tenant's row locked.
ALTER TABLE domains
  ADD COLUMN max_users integer CHECK (max_users >= 0),
  ADD COLUMN max_extensions integer CHECK (max_extensions >= 0),
  ADD COLUMN max_ring_groups integer CHECK (max_ring_groups >= 0),
  ADD COLUMN max_ivr_menus integer CHECK (max_ivr_menus >= 0),
  -- A deleted tenant is hidden (and disabled) at once and purged 30 days later unless restored.
  ADD COLUMN deleted_at timestamptz;
CREATE INDEX domains_deleted_idx ON domains (deleted_at) WHERE deleted_at IS NOT NULL;

-- A provider's session acting inside another tenant until acting_until, for the reason given;
-- the session's own domain_uuid stays the provider's.
ALTER TABLE sessions
  ADD COLUMN acting_domain_uuid uuid REFERENCES domains(domain_uuid) ON DELETE SET NULL,
  ADD COLUMN acting_reason text,
  ADD COLUMN acting_until timestamptz;
-- Disabling a tenant ends providers' acting inside it (its own sessions use sessions_domain_live_idx, 0004).
CREATE INDEX sessions_acting_idx ON sessions (acting_domain_uuid) WHERE acting_domain_uuid IS NOT NULL;
