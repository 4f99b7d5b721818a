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

DROP TRIGGER extensions_bump_pbx_version ON extensions;
DROP TRIGGER ring_groups_bump_pbx_version ON ring_groups;
DROP TRIGGER ring_group_destinations_bump_pbx_version ON ring_group_destinations;
DROP TRIGGER ivr_menus_bump_pbx_version ON ivr_menus;
DROP TRIGGER ivr_menu_options_bump_pbx_version ON ivr_menu_options;
DROP TRIGGER dialplans_bump_pbx_version ON dialplans;
DROP TRIGGER destinations_bump_pbx_version ON destinations;
DROP TRIGGER domains_bump_pbx_version ON domains;
DROP TRIGGER users_bump_pbx_version ON users;
DROP TRIGGER user_groups_bump_pbx_version ON user_groups;
DROP TRIGGER gateways_bump_pbx_version ON gateways;
DROP TRIGGER user_group_members_bump_pbx_version ON user_group_members;
DROP FUNCTION bump_pbx_version();
DROP FUNCTION bump_pbx_version_of_group();
DROP FUNCTION bump_tenant_version(uuid);
DROP TABLE pbx_versions;

CREATE TRIGGER extensions_bump_pbx AFTER INSERT OR UPDATE OR DELETE ON extensions
  FOR EACH ROW EXECUTE FUNCTION bump_area_version('pbx');
CREATE TRIGGER ring_groups_bump_pbx AFTER INSERT OR UPDATE OR DELETE ON ring_groups
  FOR EACH ROW EXECUTE FUNCTION bump_area_version('pbx');
CREATE TRIGGER ring_group_destinations_bump_pbx AFTER INSERT OR UPDATE OR DELETE ON ring_group_destinations
  FOR EACH ROW EXECUTE FUNCTION bump_area_version('pbx');
CREATE TRIGGER ivr_menus_bump_pbx AFTER INSERT OR UPDATE OR DELETE ON ivr_menus
  FOR EACH ROW EXECUTE FUNCTION bump_area_version('pbx');
CREATE TRIGGER ivr_menu_options_bump_pbx AFTER INSERT OR UPDATE OR DELETE ON ivr_menu_options
  FOR EACH ROW EXECUTE FUNCTION bump_area_version('pbx');
CREATE TRIGGER dialplans_bump_pbx AFTER INSERT OR UPDATE OR DELETE ON dialplans
  FOR EACH ROW EXECUTE FUNCTION bump_area_version('pbx');
CREATE TRIGGER destinations_bump_pbx AFTER INSERT OR UPDATE OR DELETE ON destinations
  FOR EACH ROW EXECUTE FUNCTION bump_area_version('pbx');
-- The lists carry the domain name (userContext, ringGroupContext).
CREATE TRIGGER domains_bump_pbx AFTER UPDATE ON domains
  FOR EACH ROW EXECUTE FUNCTION bump_area_version('pbx');

CREATE TRIGGER users_bump_directory AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION bump_area_version('directory');
CREATE TRIGGER user_groups_bump_directory AFTER INSERT OR UPDATE OR DELETE ON user_groups
  FOR EACH ROW EXECUTE FUNCTION bump_area_version('directory');
CREATE TRIGGER gateways_bump_directory AFTER INSERT OR UPDATE OR DELETE ON gateways
  FOR EACH ROW EXECUTE FUNCTION bump_area_version('directory');
CREATE TRIGGER user_group_members_bump_directory AFTER INSERT OR UPDATE OR DELETE ON user_group_members
  FOR EACH ROW EXECUTE FUNCTION bump_area_version_of_group('directory');
