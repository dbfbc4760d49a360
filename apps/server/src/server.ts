import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { DEMO_LEARNERS, DEMO_PASSWORD } from './seed/seed.ts';

// Only listens and closes: everything else is in buildApp.
const config = loadConfig();
const app = await buildApp(config);

const shutdown = async (signal: string) => {
  app.log.info(`${signal}: closing`);
  await app.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
console.log(`\n  学习网门户已启动: http://${shown}:${config.port}`);
console.log(`  演示账号: ${DEMO_LEARNERS[0].username} / ${DEMO_PASSWORD}\n`);
