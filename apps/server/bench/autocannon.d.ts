// The part of autocannon 8's API the bench uses (the package ships no types).
declare module 'autocannon' {
  /** One histogram summary; latencies in ms, requests in req/s, throughput in bytes/s. */
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }

  export interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    headers?: Record<string, string>;
    body?: string;
    /** Seconds before a request counts as a timeout. */
    timeout?: number;
    /** Called with every response body; a falsy answer counts as a mismatch. */
    verifyBody?: (body: string) => boolean;
  }

  export interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
  }

  /** A running benchmark; awaiting it gives the result. */
  export interface Instance extends PromiseLike<Result> {
    stop(): void;
  }

  /** Starts a benchmark. */
  function autocannon(options: Options): Instance;
  export default autocannon;
}
