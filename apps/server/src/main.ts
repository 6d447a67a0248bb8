import { pino } from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createServices, startServices, stopServices } from './platform/services';
import { LOG_SERIALIZERS } from './platform/http/log-serializers';
import { MODULES } from './modules';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const logger = pino({ level: config.logLevel, base: { service: 'legal-suite' }, serializers: LOG_SERIALIZERS });
  const services = await createServices(config, logger, MODULES);
  const app = await buildApp(services);
  await startServices(services);
  await app.listen({ host: config.host, port: config.port });
  logger.info({ url: config.publicUrl, database: services.database.driver, mail: services.mailer.deliversBySmtp ? 'smtp' : 'outbox' }, 'ready');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      logger.error('shutdown budget exceeded; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    deadline.unref();
    const started = Date.now();
    try {
      await app.close(); // stops accepting, waits for in-flight requests
      await stopServices(services, Math.max(1000, config.shutdownTimeoutMs - (Date.now() - started) - 1000));
      logger.info({ ms: Date.now() - started }, 'stopped');
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error('start-up failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
