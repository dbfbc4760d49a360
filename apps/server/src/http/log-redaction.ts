import type { Writable } from 'node:stream';
import type { FastifyRequest } from 'fastify';

/**
 * Query (and fragment) parameters whose value is a secret: the account center's one-time
 * `ticket`, a bearer `token` an identity provider may hand back to `/authPage`, verification
 * `code`s and passwords. Their values never reach a log line.
 */
const SECRET_PARAMS = new Set([
  'ticket',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'code',
  'password',
  'secret',
  'authorization',
]);

/** What a secret value is replaced with. */
export const REDACTED = '[redacted]';

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** `a=1&ticket=x`, with every secret parameter's value replaced and nested addresses cleaned. */
function redactParams(params: string, depth: number): string {
  return params
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const name = pair.slice(0, eq);
      if (SECRET_PARAMS.has(decoded(name).trim().toLowerCase())) return `${name}=${REDACTED}`;
      // An address inside a parameter (a login `callback`) may carry a secret of its own.
      const value = decoded(pair.slice(eq + 1));
      if (depth < 3 && /[?&#]/.test(value)) {
        const clean = redactUrl(value, depth + 1);
        if (clean !== value) return `${name}=${encodeURIComponent(clean)}`;
      }
      return pair;
    })
    .join('&');
}

/**
 * An address as it may be logged: the values of secret query and fragment parameters (`ticket`,
 * `token`, `code`, `password`…) replaced by `[redacted]`, also inside an address passed as a
 * parameter. Anything else is kept as it came.
 */
export function redactUrl(url: string, depth = 0): string {
  const hash = url.indexOf('#');
  const beforeHash = hash < 0 ? url : url.slice(0, hash);
  const fragment = hash < 0 ? null : url.slice(hash + 1);
  const question = beforeHash.indexOf('?');
  const path = question < 0 ? beforeHash : beforeHash.slice(0, question);
  const query = question < 0 ? null : beforeHash.slice(question + 1);
  return (
    path +
    (query === null ? '' : `?${redactParams(query, depth)}`) +
    (fragment === null ? '' : `#${redactParams(fragment, depth)}`)
  );
}

/** Pino's serializer of a request, as Fastify's own but with the address redacted. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}

/**
 * The server's logger options: `level`, the request serializer that redacts secrets from
 * addresses, and pino's `redact` for headers and fields that carry them should any line
 * include one; `stream` for tests that read the log.
 */
export function loggerOptions(level: string, stream?: Writable) {
  return {
    level,
    serializers: { req: requestForLog },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers.referer',
        'headers.authorization',
        '*.password',
        '*.ticket',
        '*.token',
      ],
      censor: REDACTED,
    },
    ...(stream ? { stream } : {}),
  };
}
