import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

// The web floor's server for `npm run bench:web`: the stack floor's build (FLOOR_DIST, from
// apps/web/bench/floor) served as the portal serves its own: Fastify, compressed (br or gzip)
// like the portal's answers, hashed assets cached, index.html for every page path, and one JSON
// list for the floor's page to fetch.
const dist = process.env.FLOOR_DIST;
if (!dist) throw new Error('FLOOR_DIST is not set');

const app = Fastify({ logger: false });
await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
await app.register(fastifyStatic, { root: path.resolve(dist), maxAge: 3600 * 1000 });
app.get('/floor-api/items', async () =>
  Array.from({ length: 20 }, (_, index) => ({ id: index + 1, title: `第 ${index + 1} 项` })),
);
app.setNotFoundHandler((_request, reply) =>
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html'),
);

process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: Number(process.env.PORT ?? 3002), host: process.env.HOST ?? '127.0.0.1' });
