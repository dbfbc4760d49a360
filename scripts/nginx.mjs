// nginx for the project's own runs (the deployment test, the web bench): the site file of the
// recipe (deploy/nginx/portal.conf) with this run's ports and paths, in a private prefix folder,
// run in the foreground of a child process.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';
/** Debian's libnginx-mod-http-brotli-static: the build's .br copies sent as they are. */
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const hasBrotli = () => fs.existsSync(BROTLI_MODULE);

/**
 * The recipe's site file for this run: listening on `listen` (with `tls`, HTTPS and HTTP/2 on
 * it), balancing over the instances of `upstreams` (a file of this run's), the web app's assets
 * from `distDir`, files and media cached in `cacheDir` (by default `cache` beside `upstreams`).
 */
export function portalSite({
  listen,
  upstreams,
  distDir,
  tls = null,
  cacheDir = path.join(path.dirname(upstreams), 'cache'),
}) {
  const site = fs
    .readFileSync(path.join(root, 'deploy/nginx/portal.conf'), 'utf8')
    .replace(
      'listen 80;',
      tls ? `listen 127.0.0.1:${listen} ssl http2;` : `listen 127.0.0.1:${listen};`,
    )
    .replace('listen [::]:80;', tls ? tlsLines(tls) : '')
    .replaceAll('/etc/nginx/portal-upstreams.conf', upstreams)
    .replaceAll('/srv/portal/apps/web/dist', distDir)
    .replaceAll('/var/cache/nginx-portal', cacheDir);
  return hasBrotli() ? site : site.replace('brotli_static on;', '');
}

const tlsLines = ({ cert, key }) => `ssl_certificate ${cert};\n    ssl_certificate_key ${key};`;

/** A plain proxy to `port` on `listen` (with `tls`, HTTPS and HTTP/2), compressing as the site does. */
export function proxySite({ listen, port, tls = null }) {
  return `server {
    listen 127.0.0.1:${listen}${tls ? ' ssl http2' : ''};
    ${tls ? tlsLines(tls) : ''}
    gzip on;
    gzip_proxied any;
    gzip_comp_level 5;
    gzip_min_length 1024;
    gzip_types text/css application/javascript application/json image/svg+xml;
    location / {
        proxy_pass http://127.0.0.1:${port};
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host $http_host;
    }
}
`;
}

/** Writes `upstreams` (the instances' ports) for {@link portalSite}. */
export function writeUpstreams(file, ports) {
  fs.writeFileSync(
    file,
    ports.map((port) => `server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;\n`).join(''),
  );
}

/** A self-signed certificate for 127.0.0.1 and localhost in `dir` (openssl), for one run. */
export function selfSignedCertificate(dir) {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  if (made.status !== 0) throw new Error(`openssl failed: ${made.stderr}`);
  return { cert, key };
}

/** Writes the main configuration of a run's nginx in `prefix`, serving `sites`. */
export function writeNginxConfig(prefix, sites) {
  fs.mkdirSync(prefix, { recursive: true });
  fs.writeFileSync(path.join(prefix, 'sites.conf'), sites.join('\n'));
  const temp = (name) => `${name}_temp_path ${path.join(prefix, name)};`;
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
      // The master runs as this user; as root, its workers too (they read the run's files).
      process.getuid?.() === 0 ? 'user root root;' : '',
      hasBrotli() ? `load_module ${BROTLI_MODULE};` : '',
      'worker_processes 2;',
      `pid ${path.join(prefix, 'nginx.pid')};`,
      `error_log ${path.join(prefix, 'error.log')} warn;`,
      'daemon off;',
      'events { worker_connections 1024; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      `  access_log ${path.join(prefix, 'access.log')};`,
      `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}`,
      '  sendfile on;',
      '  keepalive_timeout 65;',
      `  include ${path.join(prefix, 'sites.conf')};`,
      '}',
    ].join('\n'),
  );
  return path.join(prefix, 'nginx.conf');
}

/** The arguments that run nginx on a prefix's configuration (add `-s reload` to reload it). */
export const nginxArgs = (prefix) => ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')];

/** Starts nginx in the foreground, in a process group of its own. */
export function startNginx(prefix) {
  return spawn(NGINX, nginxArgs(prefix), { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
}
