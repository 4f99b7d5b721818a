-- Foundation: tenants, users, groups, extensions, gateways, sessions and the audit log.

CREATE TABLE domains (
  domain_uuid uuid PRIMARY KEY,
  domain_name text NOT NULL UNIQUE,
  domain_description text NOT NULL DEFAULT '',
  time_zone text NOT NULL DEFAULT 'Asia/Tokyo',
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE extensions (
  extension_uuid uuid PRIMARY KEY,
  domain_uuid uuid NOT NULL REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  extension text NOT NULL,
  -- SIP/verto password, AES-256-GCM encrypted with the configured key; FreeSWITCH needs it back.
  password_enc text NOT NULL,
  effective_caller_id_name text NOT NULL DEFAULT '',
  outbound_caller_id_number text NOT NULL DEFAULT '',
  enabled boolean NOT NULL DEFAULT true,
  do_not_disturb boolean NOT NULL DEFAULT false,
  forward_all_destination text NOT NULL DEFAULT '',
  call_timeout integer NOT NULL DEFAULT 30,
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT extensions_domain_extension_unique UNIQUE (domain_uuid, extension)
);

CREATE TABLE users (
  user_uuid uuid PRIMARY KEY,
  domain_uuid uuid NOT NULL REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  username text NOT NULL,
  user_nm text NOT NULL DEFAULT '',
  password_hash text NOT NULL,
  user_class text NOT NULL DEFAULT 'USER',
  phone_type text NOT NULL DEFAULT 'verto' CHECK (phone_type IN ('verto', 'phone')),
  popup boolean NOT NULL DEFAULT true,
  user_popup boolean NOT NULL DEFAULT true,
  menu text NOT NULL DEFAULT '[]',
  extension_uuid uuid REFERENCES extensions(extension_uuid) ON DELETE SET NULL,
  enabled boolean NOT NULL DEFAULT true,
  max_sessions integer NOT NULL DEFAULT 3 CHECK (max_sessions > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Sign-in is by ID alone, so IDs are unique across tenants, ignoring case.
CREATE UNIQUE INDEX users_username_unique ON users (lower(username));
CREATE INDEX users_domain_idx ON users (domain_uuid);

CREATE TABLE user_groups (
  user_group_uuid uuid PRIMARY KEY,
  domain_uuid uuid NOT NULL REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  name text NOT NULL,
  representative_number text,
  sort_order integer NOT NULL DEFAULT 0
);
CREATE INDEX user_groups_domain_idx ON user_groups (domain_uuid);

CREATE TABLE user_group_members (
  user_group_uuid uuid NOT NULL REFERENCES user_groups(user_group_uuid) ON DELETE CASCADE,
  user_uuid uuid NOT NULL REFERENCES users(user_uuid) ON DELETE CASCADE,
  sort_order integer NOT NULL DEFAULT 0,
  PRIMARY KEY (user_group_uuid, user_uuid)
);
CREATE INDEX user_group_members_user_idx ON user_group_members (user_uuid);

CREATE TABLE gateways (
  gateway_uuid uuid PRIMARY KEY,
  domain_uuid uuid NOT NULL REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  -- The line's number, offered as an outbound caller number.
  gateway text NOT NULL,
  description text NOT NULL DEFAULT '',
  proxy text NOT NULL DEFAULT '',
  username text NOT NULL DEFAULT '',
  password_enc text NOT NULL DEFAULT '',
  enabled boolean NOT NULL DEFAULT true,
  CONSTRAINT gateways_domain_gateway_unique UNIQUE (domain_uuid, gateway)
);

CREATE TABLE sessions (
  session_uuid uuid PRIMARY KEY,
  user_uuid uuid NOT NULL REFERENCES users(user_uuid) ON DELETE CASCADE,
  domain_uuid uuid NOT NULL REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  -- Open real-time connections; a session with one open counts as active however idle.
  realtime_connections integer NOT NULL DEFAULT 0,
  ip text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT ''
);
CREATE INDEX sessions_user_live_idx ON sessions (user_uuid) WHERE revoked_at IS NULL;

CREATE TABLE audit_log (
  audit_id bigserial PRIMARY KEY,
  domain_uuid uuid,
  user_uuid uuid,
  username text NOT NULL DEFAULT '',
  action text NOT NULL,
  target text NOT NULL DEFAULT '',
  detail jsonb,
  ip text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_domain_idx ON audit_log (domain_uuid, created_at DESC);
