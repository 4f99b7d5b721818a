import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, loggableError } from './database-errors';

/** An error as node-postgres reports a server's error: message, SQLSTATE. */
function pgError(message: string, code?: string): Error {
  return Object.assign(new Error(message), code ? { code } : {});
}
const wrapped = (cause: Error) =>
  new DrizzleQueryError('select * from sessions where id = $1', ['s3cret'], cause);

describe('database errors', () => {
  it.each([
    [
      'terminated by an administrator (57P01)',
      wrapped(pgError('terminating connection due to administrator command', '57P01')),
    ],
    [
      'crash shutdown (57P02)',
      pgError('terminating connection due to crash of another server process', '57P02'),
    ],
    ['starting up (57P03)', pgError('the database system is starting up', '57P03')],
    ['connection failure (08006)', pgError('connection failure', '08006')],
    ['too many connections (53300)', pgError('sorry, too many clients already', '53300')],
    ['refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['cut mid-query', wrapped(pgError('Connection terminated unexpectedly'))],
    ['no free connection in time', pgError('timeout exceeded when trying to connect')],
    ['embedded database closed', wrapped(pgError('PGlite is closed'))],
  ])('%s is the database unavailable (503)', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['unique violation', wrapped(pgError('duplicate key value violates unique constraint "x"', '23505'))],
    ['bad value', wrapped(pgError('invalid input syntax for type uuid: "s3cret"', '22P02'))],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'x')")],
    ['not an error', 'text'],
  ])('%s is not', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('describes a failed statement by names, SQLSTATE and statement text, without its values', () => {
    const error = wrapped(pgError('invalid input syntax for type uuid: "s3cret"', '22P02'));
    const logged = loggableError(error);
    expect(logged).toEqual({
      type: 'Error ← Error',
      code: '22P02',
      query: 'select * from sessions where id = $1',
    });
    expect(JSON.stringify(logged)).not.toContain('s3cret');
  });

  it('leaves other errors as they are (their stack is the useful part)', () => {
    const bug = new TypeError('x is undefined');
    expect(loggableError(bug)).toBe(bug);
  });
});
