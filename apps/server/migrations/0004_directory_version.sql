-- User info (every page load) carries the tenant's extensions, gateways and user groups with their
-- members; it is cached per tenant under the same change counter as the PBX lists, so the tables it
-- reads bump the counter too.
CREATE TRIGGER users_bump_pbx_version AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION bump_pbx_version();
CREATE TRIGGER user_groups_bump_pbx_version AFTER INSERT OR UPDATE OR DELETE ON user_groups
  FOR EACH ROW EXECUTE FUNCTION bump_pbx_version();
CREATE TRIGGER gateways_bump_pbx_version AFTER INSERT OR UPDATE OR DELETE ON gateways
  FOR EACH ROW EXECUTE FUNCTION bump_pbx_version();

-- A tenant being deleted takes its rows with it: their counter goes too, and is not bumped again.
CREATE FUNCTION bump_tenant_version(tenant uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO pbx_versions AS v (domain_uuid, version)
    SELECT tenant, 1 WHERE EXISTS (SELECT 1 FROM domains WHERE domain_uuid = tenant)
    ON CONFLICT (domain_uuid) DO UPDATE SET version = v.version + 1;
$$;

CREATE OR REPLACE FUNCTION bump_pbx_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_tenant_version(CASE WHEN TG_OP = 'DELETE' THEN OLD.domain_uuid ELSE NEW.domain_uuid END);
  RETURN NULL;
END
$$;

-- Members carry no tenant of their own: it is their group's.
CREATE FUNCTION bump_pbx_version_of_group() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_tenant_version(domain_uuid) FROM user_groups
    WHERE user_group_uuid = CASE WHEN TG_OP = 'DELETE' THEN OLD.user_group_uuid ELSE NEW.user_group_uuid END;
  RETURN NULL;
END
$$;
CREATE TRIGGER user_group_members_bump_pbx_version AFTER INSERT OR UPDATE OR DELETE ON user_group_members
  FOR EACH ROW EXECUTE FUNCTION bump_pbx_version_of_group();

-- Presence and user info count a tenant's live sessions.
CREATE INDEX sessions_domain_live_idx ON sessions (domain_uuid) WHERE revoked_at IS NULL;
