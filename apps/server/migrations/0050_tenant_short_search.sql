-- The provider's tenant list searched by one or two characters (issue 16): 0043's trigram index holds
-- no gram of a text that short, so `物産` read every tenant (~51 ms at 100,000). A second index holds each
-- text's distinct one- and two-character parts; a short search asks it for the tenants holding its text
-- (`@>`) and LIKE then checks each, as before. The expression is 0043's text, written identically.
CREATE FUNCTION short_grams(t text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT coalesce(array_agg(DISTINCT substr(t, i, n)), '{}')
      FROM generate_series(1, char_length(t)) AS i, (VALUES (1), (2)) AS v(n)
     WHERE i + n - 1 <= char_length(t)
  $$;

CREATE INDEX domains_short_search_idx ON domains USING gin (
  short_grams(lower(domain_name || E'\x1f' || domain_description)));
