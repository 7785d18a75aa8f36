import { labelOf, schemaIncompleteness, schemaProblems } from '@portal/shared';
import type { Db, Queryable } from '../../db/db.js';
import { libraryEngines } from '../engines.js';
import { LIST_FAMILY } from '../kinds/lists/kind.js';
import { SCHEMA_FAMILY } from '../kinds/schemas/kind.js';
import { officialContent, type OfficialContent, type OfficialList } from './content.js';
import { publishOfficialIntelTemplates } from './intel-templates.js';
import { publishOfficialWorkflows } from './workflows.js';

/** Several instances starting together against one PostgreSQL seed one at a time. */
const SEED_LOCK_KEY = 'compliance-portal:official-content';
const OFFICIAL_ORG_ID = 'org_official';

async function officialOrganization(tx: Queryable, name: string): Promise<string> {
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM organizations WHERE is_official');
  if (rows[0]) return rows[0].id;
  await tx.query(`INSERT INTO organizations (id, name, is_official, marked_doc_type_catalog) VALUES ($1, $2, true, 'generic')`, [OFFICIAL_ORG_ID, name]);
  return OFFICIAL_ORG_ID;
}

const byVersion = <T extends { version: number }>(items: readonly T[]) => [...items].sort((a, b) => a.version - b.version);

/**
 * Creates the official organization and publishes every official version it does not have yet,
 * validated by the same rules as an organization's saves (invalid content is a programming
 * error and stops the start). Returns the official organization and what was published.
 */
export async function seedOfficialContent(db: Db, content: OfficialContent = officialContent()): Promise<{ orgId: string; published: string[] }> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [SEED_LOCK_KEY]);
    const orgId = await officialOrganization(tx, content.organizationName);
    const engines = libraryEngines(orgId);
    const { lists, schemas } = engines;
    const { rows } = await tx.query<{ family_kind: string; id: string; version: number }>(
      'SELECT family_kind, id, version FROM library_versions WHERE org_id = $1',
      [orgId],
    );
    const have = new Set(rows.map((r) => `${r.family_kind}/${r.id}/${r.version}`));
    const published: string[] = [];

    const publishList = async (l: OfficialList) => {
      const key = `${LIST_FAMILY}/${l.id}/${l.version}`;
      if (have.has(key)) return;
      const result = await engines.chains.normalize(tx, { orgId, itemKind: l.kind, parent: l.parent, sections: l.sections });
      if (!result.ok) throw new Error(`Official list ${l.id} v${l.version} is invalid: ${result.problems.join('; ')}`);
      await lists.publish(tx, {
        orgId,
        id: l.id,
        version: l.version,
        name: l.name,
        itemKind: l.kind,
        content: { description: l.description, parent: l.parent, sections: result.value },
      });
      published.push(key);
    };

    // Catalogues first, in the order given (each after its parent): lists are checked against them.
    for (const c of content.catalogs) await publishList(c);
    for (const s of byVersion(content.schemas)) {
      const key = `${SCHEMA_FAMILY}/${s.docType}/${s.version}`;
      if (have.has(key)) continue;
      const problem = [...schemaProblems(s.fields), schemaIncompleteness(s.docType, s.fields)].filter(Boolean);
      if (problem.length) throw new Error(`Official schema ${s.docType} v${s.version} is invalid: ${problem.join('; ')}`);
      await schemas.publish(tx, {
        orgId,
        id: s.docType,
        version: s.version,
        name: s.name,
        content: { description: s.description, fields: s.fields.map((f) => ({ ...f, label: labelOf(f) })) },
      });
      published.push(key);
    }
    for (const t of byVersion(content.templates)) await publishList(t);
    published.push(...(await publishOfficialWorkflows(tx, orgId)), ...(await publishOfficialIntelTemplates(tx, orgId)));
    return { orgId, published };
  });
}
