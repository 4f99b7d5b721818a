-- The provider's tenant list searched by part of a name or description (issue 16): a trigram index over
-- both, so a search's count and a search matching few tenants read the matches, not every tenant
-- (bench/tenant-list-search.bench.ts: one tenant among 100,000 counted in 123 ms by a scan). One lower-cased
-- text separated by a character no one types (a match must not span the two), as users_search_idx of 0021;
-- pg_trgm is installed by 0021 and named with the schema it really lives in.
DO $$
DECLARE
  ops text;
BEGIN
  SELECT quote_ident(n.nspname) || '.gin_trgm_ops' INTO ops
    FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
   WHERE e.extname = 'pg_trgm';
  EXECUTE format(
    $i$CREATE INDEX domains_search_idx ON domains USING gin (
      (lower(domain_name || E'\x1f' || domain_description)) %s)$i$,
    ops);
END
$$;
