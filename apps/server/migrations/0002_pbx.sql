-- PBX objects: recordings, ring groups, IVR menus, business-hours schedules, incoming numbers, speed dials.
-- Every row carries its tenant (domain_uuid); numbers are unique within a tenant by constraint.

CREATE TABLE recordings (
  recording_uuid uuid PRIMARY KEY,
  domain_uuid uuid NOT NULL REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  recording_name text NOT NULL,
  -- The name users see and ring groups, IVRs and schedules refer to.
  recording_filename text NOT NULL,
  -- Generated name of the stored file under <dataDir>/recordings/<domain_uuid>/; never a client's name.
  storage_name text NOT NULL,
  -- 'DEFAULT' marks a built-in recording: it can be played but not edited, deleted or downloaded.
  recording_description text,
  size_bytes integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT recordings_domain_filename_unique UNIQUE (domain_uuid, recording_filename),
  CONSTRAINT recordings_storage_name_unique UNIQUE (storage_name)
);

CREATE TABLE ring_groups (
  ring_group_uuid uuid PRIMARY KEY,
  domain_uuid uuid NOT NULL REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  -- The tenant's domain name (the dialplan context).
  ring_group_context text NOT NULL,
  ring_group_name text NOT NULL,
  ring_group_extension text NOT NULL,
  ring_group_greeting text NOT NULL DEFAULT '',
  ring_group_strategy text NOT NULL DEFAULT 'enterprise'
    CHECK (ring_group_strategy IN ('enterprise', 'random', 'rollover')),
  ring_group_enabled boolean NOT NULL DEFAULT true,
  ring_group_timeout_app text NOT NULL DEFAULT 'hangup'
    CHECK (ring_group_timeout_app IN ('hangup', 'lua', 'transfer')),
  ring_group_timeout_data text,
  ring_group_missed_call_app text CHECK (ring_group_missed_call_app = 'email'),
  ring_group_missed_call_data text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ring_groups_domain_extension_unique UNIQUE (domain_uuid, ring_group_extension)
);

CREATE TABLE ring_group_destinations (
  ring_group_uuid uuid NOT NULL REFERENCES ring_groups(ring_group_uuid) ON DELETE CASCADE,
  domain_uuid uuid NOT NULL REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  destination_number text NOT NULL,
  destination_timeout integer NOT NULL CHECK (destination_timeout BETWEEN 5 AND 180),
  -- Ring order for the rollover strategy.
  sort_order integer NOT NULL DEFAULT 0,
  PRIMARY KEY (ring_group_uuid, destination_number)
);
CREATE INDEX ring_group_destinations_number_idx ON ring_group_destinations (domain_uuid, destination_number);

CREATE TABLE ivr_menus (
  ivr_menu_uuid uuid PRIMARY KEY,
  domain_uuid uuid NOT NULL REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  ivr_menu_name text NOT NULL,
  -- The number that reaches the menu, assigned by the server.
  ivr_menu_extension text NOT NULL,
  ivr_menu_greet_long text NOT NULL,
  ivr_menu_description text,
  ivr_menu_enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ivr_menus_domain_extension_unique UNIQUE (domain_uuid, ivr_menu_extension)
);

CREATE TABLE ivr_menu_options (
  ivr_menu_option_uuid uuid PRIMARY KEY,
  ivr_menu_uuid uuid NOT NULL REFERENCES ivr_menus(ivr_menu_uuid) ON DELETE CASCADE,
  domain_uuid uuid NOT NULL REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  ivr_menu_option_digits text NOT NULL
    CHECK (ivr_menu_option_digits IN ('0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '#', '*')),
  -- A destination choice value, e.g. 'transfer 300 XML example.com'.
  ivr_menu_option_param text NOT NULL,
  sort_order integer NOT NULL DEFAULT 0,
  -- Each digit once per menu.
  CONSTRAINT ivr_menu_options_menu_digits_unique UNIQUE (ivr_menu_uuid, ivr_menu_option_digits)
);

-- Business-hours schedules ("dialplans") and their time conditions.
CREATE TABLE dialplans (
  dialplan_uuid uuid PRIMARY KEY,
  domain_uuid uuid NOT NULL REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  app_uuid uuid,
  -- The tenant's domain name.
  dialplan_context text NOT NULL,
  dialplan_name text NOT NULL,
  -- The number incoming numbers route to ('<dialplan_number> XML <context>').
  dialplan_number text NOT NULL,
  dialplan_continue boolean NOT NULL DEFAULT true,
  dialplan_order integer NOT NULL DEFAULT 300,
  dialplan_enabled boolean NOT NULL DEFAULT true,
  dialplan_description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT dialplans_domain_number_unique UNIQUE (domain_uuid, dialplan_number)
);

CREATE TABLE time_conditions (
  time_condition_uuid uuid PRIMARY KEY,
  dialplan_uuid uuid NOT NULL REFERENCES dialplans(dialplan_uuid) ON DELETE CASCADE,
  domain_uuid uuid NOT NULL REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  recording_uuid uuid REFERENCES recordings(recording_uuid) ON DELETE SET NULL,
  -- 'anti' on the schedule's default condition.
  time_condition_name text NOT NULL,
  time_condition_enabled boolean NOT NULL DEFAULT true,
  time_condition_type text NOT NULL CHECK (time_condition_type IN ('anti', 'wtime', 'mday', 'date-time')),
  -- mday: 'D-D' days of the month; time_condition_mon: the month '1'..'12'.
  time_condition_mday text NOT NULL DEFAULT '',
  time_condition_mon text NOT NULL DEFAULT '',
  -- wtime: 'HH:mm-HH:mm'.
  time_condition_time_of_day text NOT NULL DEFAULT '',
  -- wtime weekday flags, 1 = Sunday … 7 = Saturday.
  time_condition_1 boolean NOT NULL DEFAULT false,
  time_condition_2 boolean NOT NULL DEFAULT false,
  time_condition_3 boolean NOT NULL DEFAULT false,
  time_condition_4 boolean NOT NULL DEFAULT false,
  time_condition_5 boolean NOT NULL DEFAULT false,
  time_condition_6 boolean NOT NULL DEFAULT false,
  time_condition_7 boolean NOT NULL DEFAULT false,
  -- date-time: 'YYYY-MM-DD HH:mm:00~YYYY-MM-DD HH:mm:59'.
  time_condition_date_time text NOT NULL DEFAULT '',
  -- Priority: 0, 500–599 or 800–899 (the default condition sits outside every range).
  time_condition_order integer NOT NULL,
  time_condition_action_type text NOT NULL DEFAULT 'hangup'
    CHECK (time_condition_action_type IN ('action', 'announce', 'transfer', 'vmail', 'hangup')),
  time_condition_action text NOT NULL DEFAULT '',
  time_condition_transfer text NOT NULL DEFAULT '',
  time_condition_announce text NOT NULL DEFAULT '',
  time_condition_voice_mail text NOT NULL DEFAULT '',
  time_condition_voice_mail_announce text NOT NULL DEFAULT '',
  time_condition_voice_mail_id integer NOT NULL DEFAULT 0,
  CONSTRAINT time_conditions_dialplan_order_unique UNIQUE (dialplan_uuid, time_condition_order)
);
-- One default ('anti') condition per schedule.
CREATE UNIQUE INDEX time_conditions_one_anti ON time_conditions (dialplan_uuid) WHERE time_condition_type = 'anti';

-- Incoming numbers: a number belongs to one tenant, so it is unique across tenants.
CREATE TABLE destinations (
  destination_uuid uuid PRIMARY KEY,
  domain_uuid uuid NOT NULL REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  destination_number text NOT NULL,
  -- Display name.
  destination_cid_name_prefix text,
  -- '<dialplan_number> XML <context>': the schedule the number follows.
  destination_data text,
  destination_enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT destinations_number_unique UNIQUE (destination_number)
);
CREATE INDEX destinations_domain_idx ON destinations (domain_uuid);

CREATE TABLE speed_dials (
  speed_dial_uuid uuid PRIMARY KEY,
  domain_uuid uuid NOT NULL REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  -- '01'..'99', dialled as *0 + the number.
  speed_number text NOT NULL CHECK (speed_number ~ '^[0-9]{2}$' AND speed_number <> '00'),
  phone_number text NOT NULL,
  memo text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT speed_dials_domain_number_unique UNIQUE (domain_uuid, speed_number)
);

-- A per-tenant counter that every change to the listed PBX tables bumps, whoever makes it (the API,
-- an operator's SQL, a bulk import). List answers are cached per tenant and served again while the
-- counter stands still, which keeps large lists cheap on every instance without cross-instance messages.
CREATE TABLE pbx_versions (
  domain_uuid uuid PRIMARY KEY REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  version bigint NOT NULL DEFAULT 0
);

CREATE FUNCTION bump_pbx_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tenant uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN tenant := OLD.domain_uuid; ELSE tenant := NEW.domain_uuid; END IF;
  INSERT INTO pbx_versions AS v (domain_uuid, version) VALUES (tenant, 1)
    ON CONFLICT (domain_uuid) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END
$$;

CREATE TRIGGER extensions_bump_pbx_version AFTER INSERT OR UPDATE OR DELETE ON extensions
  FOR EACH ROW EXECUTE FUNCTION bump_pbx_version();
CREATE TRIGGER ring_groups_bump_pbx_version AFTER INSERT OR UPDATE OR DELETE ON ring_groups
  FOR EACH ROW EXECUTE FUNCTION bump_pbx_version();
CREATE TRIGGER ring_group_destinations_bump_pbx_version AFTER INSERT OR UPDATE OR DELETE ON ring_group_destinations
  FOR EACH ROW EXECUTE FUNCTION bump_pbx_version();
CREATE TRIGGER ivr_menus_bump_pbx_version AFTER INSERT OR UPDATE OR DELETE ON ivr_menus
  FOR EACH ROW EXECUTE FUNCTION bump_pbx_version();
CREATE TRIGGER ivr_menu_options_bump_pbx_version AFTER INSERT OR UPDATE OR DELETE ON ivr_menu_options
  FOR EACH ROW EXECUTE FUNCTION bump_pbx_version();
CREATE TRIGGER dialplans_bump_pbx_version AFTER INSERT OR UPDATE OR DELETE ON dialplans
  FOR EACH ROW EXECUTE FUNCTION bump_pbx_version();
CREATE TRIGGER destinations_bump_pbx_version AFTER INSERT OR UPDATE OR DELETE ON destinations
  FOR EACH ROW EXECUTE FUNCTION bump_pbx_version();
-- The lists carry the domain name (userContext, ringGroupContext).
CREATE TRIGGER domains_bump_pbx_version AFTER UPDATE ON domains
  FOR EACH ROW EXECUTE FUNCTION bump_pbx_version();
