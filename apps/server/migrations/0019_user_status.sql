-- Users' working statuses (issue 21): the current one per user, every change for the status analysis,
-- and the tenant's automatic after-call work. 通話中 and ログアウト are set by the system.
CREATE TABLE user_statuses (
  user_uuid uuid PRIMARY KEY REFERENCES users(user_uuid) ON DELETE CASCADE,
  domain_uuid uuid NOT NULL REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  status text NOT NULL,
  since timestamptz NOT NULL,
  -- What 通話中 and an automatic 後処理 return to (the status chosen before the call).
  resume_status text,
  -- When an automatic 後処理 ends by itself.
  wrap_up_until timestamptz
);
CREATE INDEX user_statuses_wrap_up ON user_statuses (wrap_up_until) WHERE wrap_up_until IS NOT NULL;

CREATE TABLE user_status_changes (
  change_id bigserial PRIMARY KEY,
  domain_uuid uuid NOT NULL REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  user_uuid uuid NOT NULL REFERENCES users(user_uuid) ON DELETE CASCADE,
  from_status text NOT NULL,
  to_status text NOT NULL,
  changed_at timestamptz NOT NULL
);
CREATE INDEX user_status_changes_tenant_time ON user_status_changes (domain_uuid, changed_at);
CREATE INDEX user_status_changes_user_time ON user_status_changes (user_uuid, changed_at);

CREATE TABLE status_settings (
  domain_uuid uuid PRIMARY KEY REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  wrap_up_seconds integer NOT NULL DEFAULT 0
);
