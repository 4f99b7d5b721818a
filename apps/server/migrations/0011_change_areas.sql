-- One change counter per tenant and area instead of one for everything (issue 15): saving a user must
-- not drop every PBX list cache. Each cached answer reads the counters of the tables it shows:
--   'pbx'       extensions, ring groups (+ destinations), IVR menus (+ options), dialplans, destinations and
--               the domain row: the PBX lists and initData.
--   'directory' users, user groups (+ members) and gateways: user info's tenant directory, which also
--               shows extensions and so reads both counters.
-- A later area (customers) adds its own triggers with its own name; nothing else changes.
CREATE TABLE change_versions (
  domain_uuid uuid NOT NULL REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  area text NOT NULL,
  version bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (domain_uuid, area)
);
INSERT INTO change_versions (domain_uuid, area, version)
  SELECT domain_uuid, area, version FROM pbx_versions CROSS JOIN (VALUES ('pbx'), ('directory')) AS a (area);

-- A tenant being deleted takes its rows with it: their counters go too, and are not bumped again.
CREATE FUNCTION bump_change_version(tenant uuid, area text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO change_versions AS v (domain_uuid, area, version)
    SELECT tenant, area, 1 WHERE EXISTS (SELECT 1 FROM domains WHERE domain_uuid = tenant)
    ON CONFLICT (domain_uuid, area) DO UPDATE SET version = v.version + 1;
$$;

-- The trigger's argument names the area.
CREATE FUNCTION bump_area_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_change_version(CASE WHEN TG_OP = 'DELETE' THEN OLD.domain_uuid ELSE NEW.domain_uuid END,
    TG_ARGV[0]);
  RETURN NULL;
END
$$;

-- Members carry no tenant of their own: it is their group's.
CREATE FUNCTION bump_area_version_of_group() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_change_version(domain_uuid, TG_ARGV[0]) FROM user_groups
    WHERE user_group_uuid = CASE WHEN TG_OP = 'DELETE' THEN OLD.user_group_uuid ELSE NEW.user_group_uuid END;
  RETURN NULL;
END
$$;

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['extensions', 'ring_groups', 'ring_group_destinations', 'ivr_menus',
    'ivr_menu_options', 'dialplans', 'destinations', 'domains', 'users', 'user_groups', 'gateways',
    'user_group_members']
  LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', t || '_bump_pbx_version', t);
  END LOOP;
END
$$;
DROP FUNCTION bump_pbx_version();
DROP FUNCTION bump_pbx_version_of_group();
DROP FUNCTION bump_tenant_version(uuid);
DROP TABLE pbx_versions;

-- Each table's rows count for one area; the lists carry the domain name (userContext,
-- ringGroupContext), so renaming a tenant counts for 'pbx'. A member's row names no tenant: its
-- group's does (bump_area_version_of_group).
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT * FROM (VALUES
    ('extensions', 'pbx', 'INSERT OR UPDATE OR DELETE', 'bump_area_version'),
    ('ring_groups', 'pbx', 'INSERT OR UPDATE OR DELETE', 'bump_area_version'),
    ('ring_group_destinations', 'pbx', 'INSERT OR UPDATE OR DELETE', 'bump_area_version'),
    ('ivr_menus', 'pbx', 'INSERT OR UPDATE OR DELETE', 'bump_area_version'),
    ('ivr_menu_options', 'pbx', 'INSERT OR UPDATE OR DELETE', 'bump_area_version'),
    ('dialplans', 'pbx', 'INSERT OR UPDATE OR DELETE', 'bump_area_version'),
    ('destinations', 'pbx', 'INSERT OR UPDATE OR DELETE', 'bump_area_version'),
    ('domains', 'pbx', 'UPDATE', 'bump_area_version'),
    ('users', 'directory', 'INSERT OR UPDATE OR DELETE', 'bump_area_version'),
    ('user_groups', 'directory', 'INSERT OR UPDATE OR DELETE', 'bump_area_version'),
    ('gateways', 'directory', 'INSERT OR UPDATE OR DELETE', 'bump_area_version'),
    ('user_group_members', 'directory', 'INSERT OR UPDATE OR DELETE', 'bump_area_version_of_group')
  ) AS t(tbl, area, events, fn)
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER %s ON %I FOR EACH ROW EXECUTE FUNCTION %I(%L)',
      r.tbl || '_bump_' || r.area, r.events, r.tbl, r.fn, r.area);
  END LOOP;
END
$$;
