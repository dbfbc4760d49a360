import http from 'node:http';

/** One request of a bench target. */
export interface HttpRequest {
  method?: 'GET' | 'POST';
  /** Path and query, e.g. `/api/courses?page=1`. */
  path: string;
  headers?: Record<string, string>;
  /** Sent as JSON (with its content-type). */
  json?: unknown;
  /** Sent as is with its content-type instead of `json` (a form, a multipart upload). */
  body?: { type: string; data: Buffer | string };
  /**
   * The loopback address to send from (e.g. `127.3.0.7`), so that the server sees a caller of
   * another address, as requests of many people would be; the default is the system's choice.
   */
  localAddress?: string;
  /**
   * The answer is a file: `file` tells its size and first bytes, `text` is empty. Decoding
   * binary bytes as UTF-8 costs about a millisecond per 64 KB, and even gathering them costs a
   * copy, which would make this client the bottleneck it measures.
   */
  binary?: boolean;
}

export interface FileAnswer {
  size: number;
  head: Buffer;
}

export interface HttpAnswer {
  status: number;
  text: string;
  /** For a `binary` request: the body's size and its first bytes (the first chunk). */
  file?: FileAnswer;
  headers: http.IncomingHttpHeaders;
}

/** How long a kept-alive socket may sit idle in the client's pool, ms. */
const IDLE_SOCKET_MS = 30_000;

/**
 * Keep-alive HTTP/1.1 to one origin over `node:http`, for the open-loop bench: enough sockets
 * that a request due while others are out gets its own connection (as separate users would),
 * so a slow answer never holds the next request back in this process.
 */
export class HttpClient {
  private readonly agent: http.Agent;
  private readonly host: string;
  private readonly port: number;

  /** Requests sent again after a kept-alive connection closed under them (see `retryReused`). */
  resent = 0;

  /**
   * `retryReused`: as a browser does, a request whose kept-alive connection turns out closed
   * before any answer (the server or proxy closed it as it was reused) is sent once more on a
   * new connection; the request was never read, so this holds for writes too.
   */
  constructor(
    readonly origin: string,
    sockets = 512,
    private readonly options: { retryReused?: boolean } = {},
  ) {
    const url = new URL(origin);
    this.host = url.hostname;
    this.port = Number(url.port || 80);
    // An idle socket is closed after IDLE_SOCKET_MS, well before the server's keep-alive
    // time-out (Fastify's 72 s) closes it: without a time-out, node keeps an idle socket until
    // the server closes it, and a request written to it just then fails with ECONNRESET (the
    // soak met one in 60,000 requests). Browsers and load balancers idle out sooner too.
    this.agent = new http.Agent({
      keepAlive: true,
      maxSockets: sockets,
      maxFreeSockets: sockets,
      timeout: IDLE_SOCKET_MS,
    });
  }

  /** Sends the request; rejects on a network error or after `timeoutMs`. */
  async send(request: HttpRequest, timeoutMs = 10_000): Promise<HttpAnswer> {
    try {
      return await this.sendOnce(request, timeoutMs, this.agent);
    } catch (error) {
      if (!(this.options.retryReused && (error as { reused?: boolean }).reused)) throw error;
      // Once more on a connection of its own: another pooled one may be closing at the same
      // moment (a proxy that reloads closes all its idle ones at once).
      this.resent += 1;
      return this.sendOnce(request, timeoutMs, false);
    }
  }

  private sendOnce(
    request: HttpRequest,
    timeoutMs: number,
    agent: http.Agent | false,
  ): Promise<HttpAnswer> {
    const body =
      request.body?.data ?? (request.json === undefined ? undefined : JSON.stringify(request.json));
    const headers: Record<string, string | number> = { ...request.headers };
    // A caller of its own address is not kept: each address would keep up to `sockets` idle
    // connections for IDLE_SOCKET_MS, and a run that spreads thousands of callers over
    // addresses ran out of file descriptors.
    if (request.localAddress) headers.connection = 'close';
    if (body !== undefined) {
      headers['content-type'] = request.body?.type ?? 'application/json';
      headers['content-length'] = Buffer.byteLength(body);
    }
    let answered = false;
    return new Promise((resolve, reject) => {
      const outgoing = http.request(
        {
          agent,
          host: this.host,
          port: this.port,
          method: request.method ?? 'GET',
          path: request.path,
          headers,
          timeout: timeoutMs,
          localAddress: request.localAddress,
        },
        (response) => {
          answered = true;
          const chunks: Buffer[] = [];
          const file: FileAnswer = { size: 0, head: Buffer.alloc(0) };
          response.on('data', (chunk: Buffer) => {
            if (!request.binary) chunks.push(chunk);
            else {
              if (file.size === 0) file.head = chunk;
              file.size += chunk.length;
            }
          });
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              text: request.binary ? '' : Buffer.concat(chunks).toString('utf8'),
              ...(request.binary ? { file } : {}),
              headers: response.headers,
            }),
          );
          response.on('error', reject);
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer in ${timeoutMs} ms`)));
      outgoing.on('error', (error: Error) => {
        // Closed under a reused connection before any answer: never read by the server.
        const reused =
          outgoing.reusedSocket &&
          !answered &&
          (error as NodeJS.ErrnoException).code === 'ECONNRESET';
        reject(Object.assign(error, { reused }));
      });
      outgoing.end(body);
    });
  }

  /** Closes the idle connections. */
  close(): void {
    this.agent.destroy();
  }
}

/**
 * What is wrong with an API answer, or null: it must be HTTP 2xx with a `{code: 0, data}`
 * envelope whose `data` passes `checkData`.
 */
export function apiProblem(
  answer: HttpAnswer,
  checkData: (data: unknown) => string | null,
): string | null {
  if (answer.status < 200 || answer.status >= 300) {
    return `answered ${answer.status}: ${answer.text.slice(0, 120)}`;
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `answered non-JSON: ${answer.text.slice(0, 120)}`;
  }
  if (typeof body !== 'object' || body === null || !('code' in body) || !('data' in body)) {
    return 'not an envelope';
  }
  if (body.code !== 0) {
    const message = 'message' in body ? String(body.message) : '';
    return `code ${String(body.code)} ${message}`.trim();
  }
  return checkData(body.data);
}

/** The `data` of a successful API answer; throws with the problem otherwise (for setups). */
export async function callApi<T = unknown>(client: HttpClient, request: HttpRequest): Promise<T> {
  const answer = await client.send(request);
  const problem = apiProblem(answer, () => null);
  if (problem) throw new Error(`${request.method ?? 'GET'} ${request.path}: ${problem}`);
  return (JSON.parse(answer.text) as { data: T }).data;
}
