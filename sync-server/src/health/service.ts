import type { HealthStatus } from '@portal/shared';
import type { Db } from '../db/db.js';
import { SERVER_VERSION } from '../version.js';

/** A database that takes longer than this to answer `SELECT 1` is reported as down. */
const DB_PROBE_TIMEOUT_MS = 2_000;

/** The health of this server instance: its version, uptime and whether its database answers. */
export class HealthService {
  constructor(private readonly deps: { db: Db; startedAt: number }) {}

  async status(): Promise<HealthStatus> {
    const ok = await this.databaseAnswers();
    return {
      status: ok ? 'ok' : 'unavailable',
      version: SERVER_VERSION,
      database: { driver: this.deps.db.driver, ok },
      uptimeSeconds: Math.round((Date.now() - this.deps.startedAt) / 100) / 10,
      time: new Date().toISOString(),
    };
  }

  private async databaseAnswers(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const ok = await Promise.race([
      this.deps.db.query('SELECT 1').then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), DB_PROBE_TIMEOUT_MS);
      }),
    ]);
    clearTimeout(timer);
    return ok;
  }
}
