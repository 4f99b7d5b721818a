/**
 * Answers kept per tenant, so FreeSWITCH's lookups (every REGISTER refresh, every call) rarely reach
 * the database. Each tenant keeps its most recently used answers up to a bound; a configuration
 * change drops the tenant's answers at once.
 */
export class AnswerCache<V> {
  private readonly tenants = new Map<string, Map<string, V>>();
  private readonly generations = new Map<string, number>();

  constructor(private readonly perTenant = 10_000) {}

  get(tenantUuid: string, key: string): V | undefined {
    const answers = this.tenants.get(tenantUuid);
    const value = answers?.get(key);
    if (answers && value !== undefined) {
      // Map keeps insertion order: moving a hit to the end makes the first entry the least recently used.
      answers.delete(key);
      answers.set(key, value);
    }
    return value;
  }

  /** Changes whenever the tenant is flushed: take it before building an answer, give it to set(). */
  generation(tenantUuid: string): number {
    return this.generations.get(tenantUuid) ?? 0;
  }

  /**
   * Keeps an answer, unless the tenant was flushed since `generation` was taken: an answer built from
   * the configuration before a change must not outlive the change.
   */
  set(tenantUuid: string, key: string, value: V, generation = this.generation(tenantUuid)): void {
    if (generation !== this.generation(tenantUuid)) return;
    let answers = this.tenants.get(tenantUuid);
    if (!answers) this.tenants.set(tenantUuid, (answers = new Map()));
    answers.delete(key);
    answers.set(key, value);
    if (answers.size > this.perTenant) answers.delete(answers.keys().next().value as string);
  }

  /** Forgets one tenant's answers. */
  flush(tenantUuid: string): void {
    this.tenants.delete(tenantUuid);
    this.generations.set(tenantUuid, this.generation(tenantUuid) + 1);
  }

  /** Answers held for the tenant. */
  size(tenantUuid: string): number {
    return this.tenants.get(tenantUuid)?.size ?? 0;
  }
}
