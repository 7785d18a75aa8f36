#!/usr/bin/env node
// Joins parts/*.json (one file per area of documents, each added and checked on its own with
// validate.mjs) into truth.json, sorted by packet, the file `npm run eval` reads.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const all = readdirSync(join(here, 'parts'))
  .filter((f) => f.endsWith('.json'))
  .sort()
  .flatMap((f) => JSON.parse(readFileSync(join(here, 'parts', f), 'utf8')));
all.sort((a, b) => a.packet.localeCompare(b.packet));
writeFileSync(join(here, 'truth.json'), `${JSON.stringify(all, null, 1)}\n`);
console.log(`${all.length} packets in truth.json`);
