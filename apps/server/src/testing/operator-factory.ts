import type { OperatorRole } from '@portal/contract/constants';
import type { FastifyInstance } from 'fastify';
import { multipart } from './activity-factory.ts';
import { createLearners, type TestLearner } from './class-factory.ts';
import { body } from './test-app.ts';

/** A test account holding `roles` (each on a site, or on every site for 超级管理员). */
export async function createOperator(
  app: FastifyInstance,
  roles: ReadonlyArray<{ site: string | null; role: OperatorRole }>,
): Promise<TestLearner> {
  const [operator] = await createLearners(app.database.db, 1);
  if (!operator) throw new Error('no operator');
  if (roles.length > 0) {
    await app.database.db
      .insertInto('operator_roles')
      .values(
        roles.map(({ site, role }) => ({
          user_id: operator.id,
          site_key: site,
          role,
          granted_at: Date.now(),
          granted_by: null,
        })),
      )
      .execute();
  }
  return operator;
}

/** Calls a console operation as the holder of `token` on `site`; answers the parsed envelope. */
export async function adminCall<T = unknown>(
  app: FastifyInstance,
  token: string | null,
  site: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
) {
  const response = await app.inject({
    method,
    url,
    headers: { 'x-site': site, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(method === 'POST' ? { payload: (payload ?? {}) as Record<string, unknown> } : {}),
  });
  return body<T>(response);
}

/**
 * Uploads `file` to a console upload operation (`url`, multipart field `file`, beside the text
 * `fields`) as the holder of `token` on `site`; answers the parsed envelope.
 */
export async function adminUpload<T = unknown>(
  app: FastifyInstance,
  token: string,
  site: string,
  url: string,
  file: { name: string; content: Buffer; type?: string },
  fields: Record<string, string> = {},
) {
  const form = multipart(fields, [{ ...file, field: 'file' }]);
  const response = await app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { ...form.headers, 'x-site': site, authorization: `Bearer ${token}` },
  });
  return body<T>(response);
}

/**
 * One step of a desk's review (`submit`, `approve`, `reject`...) on the version of `item` the
 * holder of `token` last saw: `POST /api/admin/<desk>/<action>`; answers the parsed envelope.
 */
export function reviewStep<T extends { id: number; version: number }>(
  app: FastifyInstance,
  token: string,
  site: string,
  desk: string,
  action: string,
  item: T,
) {
  return adminCall<T>(app, token, site, 'POST', `/api/admin/${desk}/${action}`, {
    id: item.id,
    version: item.version,
  });
}
