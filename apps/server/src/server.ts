import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { closeGracefully } from './http/health.ts';
import { DEMO_LEARNERS, DEMO_PASSWORD } from './seed/seed.ts';

// Only listens and closes: everything else is in buildApp.
const config = loadConfig();
const app = await buildApp(config);

/**
 * How long a closing instance lets the requests in flight finish before it exits anyway (a
 * load balancer's own time-out is longer: it has seen /readyz answer 503 since the signal).
 */
const DRAIN_LIMIT_MS = 10_000;

const shutdown = async (signal: string) => {
  app.log.info(`${signal}: closing`);
  setTimeout(() => {
    app.log.warn(`${signal}: requests still running after ${DRAIN_LIMIT_MS} ms, exiting`);
    process.exit(1);
  }, DRAIN_LIMIT_MS).unref();
  await closeGracefully(app);
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
console.log(`\n  学习网门户已启动: http://${shown}:${config.port}`);
console.log(`  演示账号: ${DEMO_LEARNERS[0].username} / ${DEMO_PASSWORD}\n`);
