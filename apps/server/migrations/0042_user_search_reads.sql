-- The user list's searches and filters at 10,000 users (issue 18) are prepared statements like its
-- whole-list reads. A prepared statement's generic plan cannot use a trigram index for `LIKE $n` (the
-- pattern is unknown when it is planned), so the search's ids come from this function, which plans its
-- query with the pattern itself on every call. The users a search text finds: its ID, name, furigana
-- or e-mail contain it (the expression of users_search_idx, 0021, written identically so that the
-- index serves it), or their extension's number does; a union, so that each half uses its own index.
-- `pattern` is a LIKE pattern (the caller escapes the text).
CREATE FUNCTION user_search_ids(tenant uuid, pattern text) RETURNS SETOF uuid
  LANGUAGE plpgsql STABLE ROWS 100 AS $$
BEGIN
  RETURN QUERY EXECUTE $q$
    SELECT s.user_uuid FROM users s
     WHERE s.domain_uuid = $1
       AND lower(s.username || E'\x1f' || s.user_nm || E'\x1f' || s.user_kana || E'\x1f' || s.email)
           LIKE lower($2)
    UNION
    SELECT s.user_uuid FROM extensions e JOIN users s ON s.extension_uuid = e.extension_uuid
     WHERE e.domain_uuid = $1 AND s.domain_uuid = $1 AND e.extension LIKE $2$q$
    USING tenant, pattern;
END
$$;

-- The extension half of a search: a trigram index on the number (pg_trgm as in 0021, named with the
-- schema it really lives in).
DO $$
DECLARE
  ops text;
BEGIN
  SELECT quote_ident(n.nspname) || '.gin_trgm_ops' INTO ops
    FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
   WHERE e.extname = 'pg_trgm';
  EXECUTE format('CREATE INDEX extensions_number_search_idx ON extensions USING gin (extension %s)', ops);
END
$$;

-- "Disabled only": the few disabled users of a tenant, without reading the enabled ones.
CREATE INDEX users_disabled_idx ON users (domain_uuid) WHERE NOT enabled;
