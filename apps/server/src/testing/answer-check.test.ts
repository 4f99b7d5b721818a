import { gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { checkAnswer, endpointOf } from './answer-check';

const answer = (data: unknown, headers: Record<string, string> = {}, zip = false): LightMyRequestResponse => {
  const body = Buffer.from(JSON.stringify({ code: 0, msg: '', data }));
  return {
    statusCode: 200,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    rawPayload: zip ? gzipSync(body) : body,
  } as unknown as LightMyRequestResponse;
};
const recall = { method: 'GET', url: '/api/v1/cdr/recall/00000000-0000-4000-8000-000000000001' } as const;

describe('answers checked against the endpoint response schemas (tests only)', () => {
  it('finds the endpoint of a request, a fixed path segment before a parameter', () => {
    expect(endpointOf('GET', '/api/v1/recording/playFile?fileName=a.wav')?.name).toBe('recordingPlay');
    expect(endpointOf('GET', '/api/v1/recording/00000000-0000-4000-8000-000000000001')?.name).toBe(
      'recordingList',
    );
    expect(endpointOf('DELETE', '/api/v1/common/x')?.name).toBe('speedDialDelete');
    expect(endpointOf('GET', '/api/nowhere')).toBeUndefined();
  });

  it('passes an answer that matches and refuses one that does not, gzipped or not', () => {
    expect(() => checkAnswer(recall, answer({ count: 3 }))).not.toThrow();
    expect(() => checkAnswer(recall, answer({ count: '3' }))).toThrow(/endpoints\.recallCount\.response/);
    expect(() => checkAnswer(recall, answer({ count: '3' }, { 'content-encoding': 'gzip' }, true))).toThrow(
      /recallCount/,
    );
  });

  it('leaves errors, files and unknown paths alone', () => {
    const failed = { ...answer({ count: '3' }), statusCode: 400 } as LightMyRequestResponse;
    expect(() => checkAnswer(recall, failed)).not.toThrow();
    expect(() =>
      checkAnswer({ method: 'GET', url: '/api/v1/recording/playFile' }, answer('x')),
    ).not.toThrow();
    expect(() => checkAnswer({ method: 'GET', url: '/api/elsewhere' }, answer('x'))).not.toThrow();
  });
});
