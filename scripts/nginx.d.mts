import type { ChildProcess } from 'node:child_process';

export interface Tls {
  cert: string;
  key: string;
}
export declare const NGINX: string;
export declare function portalSite(options: {
  listen: number;
  upstreams: string;
  distDir: string;
  tls?: Tls | null;
  /** Where nginx keeps files and media (`cache` beside `upstreams` by default). */
  cacheDir?: string;
}): string;
export declare function proxySite(options: {
  listen: number;
  port: number;
  tls?: Tls | null;
}): string;
export declare function writeUpstreams(file: string, ports: number[]): void;
export declare function selfSignedCertificate(dir: string): Tls;
export declare function writeNginxConfig(prefix: string, sites: string[]): string;
export declare function nginxArgs(prefix: string): string[];
export declare function startNginx(prefix: string): ChildProcess;
