import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { envelopePlugin } from './envelope.ts';

describe('an /api request while the database is unavailable', () => {
  it('answers HTTP 503 in the envelope with a Chinese message and no details', async () => {
    const app = Fastify({ logger: false });
    await app.register(envelopePlugin);
    app.get('/api/probe', async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
        code: 'ECONNREFUSED',
      });
    });
    const answer = await app.inject({ url: '/api/probe' });
    await app.close();
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ code: 500, message: '服务暂时不可用，请稍后再试', data: null });
    expect(answer.body).not.toContain('ECONNREFUSED');
  });
});
