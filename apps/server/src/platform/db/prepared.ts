import type { Conn } from './client';

/**
 * A query built once per database (or transaction) and then only executed. Drizzle's query builder
 * costs more CPU than a small query takes to run (profiled: half of the server's time on user info),
 * so the reads made on every request are prepared with `sql.placeholder` parameters.
 */
export function preparedOn<Query>(build: (conn: Conn) => Query): (conn: Conn) => Query {
  const built = new WeakMap<Conn, Query>();
  return (conn) => {
    let query = built.get(conn);
    if (!query) built.set(conn, (query = build(conn)));
    return query;
  };
}
