import Fastify from 'fastify';

// The floor: the least a Fastify server can do per request on this machine.
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: Number(process.env.PORT ?? 3001), host: process.env.HOST ?? '127.0.0.1' });
console.log(`hello listening on ${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? 3001}`);
