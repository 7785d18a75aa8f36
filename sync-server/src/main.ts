import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { serverLogging } from './request-log.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const logging = serverLogging(config.logLevel);
  const exit = (code: number): never => {
    logging.flush();
    process.exit(code);
  };
  const app = await buildApp(config, { logger: logging.logger, logController: logging.logController });

  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: no new requests, finishing in-flight work');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      exit(1);
    }, config.shutdownGraceMs + 5_000);
    force.unref();
    try {
      await app.close();
      exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while shutting down');
      exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  if (!config.http) {
    // A worker-only node: jobs start once the app is ready; nothing listens.
    await app.ready();
    app.log.info({ workers: config.workers, database: app.db.driver, blobs: app.blobs.driver }, 'Compliance Portal worker node is running jobs');
    process.stdout.write(`\nCompliance Portal worker node is running ${config.workers} job worker(s) (database: ${app.db.driver}, blobs: ${app.blobs.driver})\n\n`);
    return;
  }
  const address = await app.listen({ port: config.port, host: config.host });
  const shown = address.replace('127.0.0.1', 'localhost').replace('[::1]', 'localhost');
  app.log.info({ address, database: app.db.driver, dataDir: config.dataDir }, 'Compliance Portal is running');
  // Said plainly too, for the person who just typed `npm start`.
  process.stdout.write(`\nCompliance Portal is running at ${shown}/ (database: ${app.db.driver})\n\n`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(`Could not start the server: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
  process.exit(1);
});
