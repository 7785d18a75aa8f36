import { PGlite } from '@electric-sql/pglite';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A freshly initialised PGlite data directory, dumped as a tarball; empty under PostgreSQL. */
    pgliteTemplate: string;
  }
}

/** PGlite's initdb takes a second or two; done once here, each suite then loads the dump. */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const dir = await mkdtemp(join(tmpdir(), 'portal-pglite-template-'));
  const pg = await PGlite.create();
  const dump = await pg.dumpDataDir('none');
  await pg.close();
  const path = join(dir, 'template.tar');
  await writeFile(path, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', path);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
