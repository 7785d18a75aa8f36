import type { Queryable } from '../db/db.js';

// The one statement of Insights: every document a run read in a period, judged by the active
// decisions people took on its pages since, aggregated in the database (one snapshot, one round
// trip, nothing per document sent back). It reads the ledger only, but for the key values a run
// read, which its ledger row does not carry: those are the run's own record of the document
// (application_documents, joined on the run that proposed it).
//
// A "unit" is one reading: a `document.proposed` row, but the range a run listed whole beside
// its proposed pieces (not a reading of its own: the pieces are) and whole files a parse-only
// run listed (nobody read them). Its pages are compared with the pages each active decision
// holds (approve and junk name theirs in `spans`; a settle holds the document it names), so a
// split, a merge or a trim shows whatever address the decision was made on.

/** The columns every aggregate row has; each dimension fills those it is about, the others are 0. */
const COLUMNS = [
  'documents',
  'pending',
  'approved_as_is',
  'corrected',
  'refiled',
  'boundaries',
  'junked',
  'settled',
  'split',
  'merged',
  'trimmed',
  'judged',
  'right_n',
  'conf_sum',
  'conf_n',
  'filled',
] as const;
type Column = (typeof COLUMNS)[number];

export type AggregateRow = { dim: string; k1: string | null; k2: string | null } & Record<Column, number>;

const OUTCOMES: Partial<Record<Column, string>> = {
  documents: 'count(c.address)',
  pending: `count(*) FILTER (WHERE c.outcome = 'pending')`,
  approved_as_is: `count(*) FILTER (WHERE c.outcome = 'approvedAsIs')`,
  corrected: `count(*) FILTER (WHERE c.outcome = 'corrected')`,
  refiled: `count(*) FILTER (WHERE c.outcome = 'refiled')`,
  boundaries: `count(*) FILTER (WHERE c.outcome = 'boundariesChanged')`,
  junked: `count(*) FILTER (WHERE c.outcome = 'junked')`,
  settled: `count(*) FILTER (WHERE c.outcome = 'settled')`,
  conf_sum: 'sum(c.confidence)',
  conf_n: 'count(c.confidence)',
};

/** One SELECT of the union: `dim`, its keys and the columns it fills (each an SQL aggregate). */
function part(dim: string, k1: string, k2: string, fill: Partial<Record<Column, string>>, rest: string): string {
  const cols = COLUMNS.map((c) => (fill[c] ? `(${fill[c]})::${c === 'conf_sum' ? 'float8' : 'int'} AS ${c}` : `0${c === 'conf_sum' ? '::float8' : ''} AS ${c}`));
  return `SELECT '${dim}'::text AS dim, ${k1}::text AS k1, ${k2}::text AS k2, ${cols.join(', ')} ${rest}`;
}

/** A reading's confidence bin, 0 … 9 (1 falls in the last). */
const BIN = (expr: string) => `least(greatest(floor(coalesce(${expr}, 0) * 10), 0), 9)::int`;
const JUDGED_TYPE = `c.outcome NOT IN ('pending', 'settled')`;
const RIGHT_TYPE = `c.outcome IN ('approvedAsIs', 'corrected')`;

const INSIGHTS_SQL = `
WITH proposed AS MATERIALIZED (
  SELECT p.application_id, p.seq, p.at, substr(p.target, 10) AS address, split_part(substr(p.target, 10), ':', 1) AS file_id,
         p.detail->>'docType' AS doc_type, (p.detail->>'confidence')::float8 AS confidence,
         coalesce(p.detail->>'expectedDocId', 'unmatched') AS line, p.detail->'pages' AS pages
    FROM ledger p
   WHERE p.org_id = $1 AND p.action = 'document.proposed'
     AND p.at >= coalesce($2::timestamptz, '-infinity'::timestamptz) AND p.at < coalesce($3::timestamptz, 'infinity'::timestamptz)
     AND p.detail->>'splitProposed' IS NULL AND p.detail->>'source' IS DISTINCT FROM 'parse'
),
-- The run that read each document: the case's last run.started row before its proposal.
units AS MATERIALIZED (
  SELECT p.*, r.workflow_id, r.run_n
    FROM proposed p
    CROSS JOIN LATERAL (
      SELECT s.detail->'workflow'->>'id' AS workflow_id, substr(s.target, 5)::int AS run_n
        FROM ledger s
       WHERE s.application_id = p.application_id AND s.seq < p.seq AND s.action = 'run.started'
       ORDER BY s.seq DESC LIMIT 1
    ) r
),
scoped AS MATERIALIZED (SELECT * FROM units WHERE $4::text IS NULL OR workflow_id = $4::text),
cases AS (SELECT DISTINCT application_id FROM scoped),
events AS MATERIALIZED (
  SELECT l.application_id, l.seq, l.action, l.target, l.detail
    FROM cases c JOIN ledger l ON l.application_id = c.application_id
   WHERE l.org_id = $1 AND l.action IN ('document.approved', 'document.settled', 'document.junked', 'document.corrected', 'decision.undone')
),
active AS MATERIALIZED (
  SELECT e.application_id, e.seq, e.action, substr(e.target, 10) AS address, e.detail, e.detail->>'decisionId' AS decision_id
    FROM events e
   WHERE e.action <> 'decision.undone'
     AND NOT EXISTS (SELECT 1 FROM events u WHERE u.action = 'decision.undone' AND u.application_id = e.application_id AND u.target = 'decision:' || (e.detail->>'decisionId'))
),
held AS MATERIALIZED (
  SELECT a.application_id, a.decision_id, a.action, s.value->>'fileId' AS file_id, pg.value::int AS page
    FROM active a
    CROSS JOIN LATERAL jsonb_array_elements(a.detail->'spans') s
    CROSS JOIN LATERAL jsonb_array_elements_text(s.value->'pages') pg
   WHERE a.action IN ('document.approved', 'document.junked')
  UNION ALL
  SELECT a.application_id, a.decision_id, a.action, split_part(a.address, ':', 1), pg.page
    FROM (SELECT * FROM active WHERE action = 'document.settled') a
    LEFT JOIN scoped u ON u.application_id = a.application_id AND u.address = a.address
    CROSS JOIN LATERAL (
      SELECT x.value::int AS page FROM jsonb_array_elements_text(u.pages) x WHERE u.pages IS NOT NULL
      UNION ALL
      SELECT generate_series(r.m[1]::int, r.m[2]::int) FROM regexp_match(a.address, ':p([0-9]+)-([0-9]+)$') AS r(m) WHERE u.pages IS NULL AND r.m IS NOT NULL
    ) pg
),
decision_pages AS (SELECT application_id, decision_id, count(*) AS pages FROM held GROUP BY application_id, decision_id),
unit_decisions AS (
  SELECT u.application_id, u.address, h.decision_id, min(h.action) AS action, count(*) AS inside
    FROM scoped u
    CROSS JOIN LATERAL jsonb_array_elements_text(u.pages) x
    JOIN held h ON h.application_id = u.application_id AND h.file_id = u.file_id AND h.page = x.value::int
   GROUP BY u.application_id, u.address, h.decision_id
),
unit_status AS (
  SELECT ud.application_id, ud.address, sum(ud.inside) AS decided_pages, count(*) AS decisions,
         count(*) FILTER (WHERE ud.action <> 'document.junked') AS filed,
         bool_or(dp.pages > ud.inside) AS foreign_pages, min(ud.decision_id) AS decision_id
    FROM unit_decisions ud JOIN decision_pages dp ON dp.application_id = ud.application_id AND dp.decision_id = ud.decision_id
   GROUP BY ud.application_id, ud.address
),
readings AS MATERIALIZED (
  SELECT u.application_id, u.address, f.key AS field, (f.value->>'confidence')::float8 AS confidence, ad.key_data->f.key AS value
    FROM scoped u
    JOIN application_documents ad ON ad.application_id = u.application_id AND ad.address = u.address AND ad.run_n = u.run_n
    CROSS JOIN LATERAL jsonb_each(ad.key_fields) f
   WHERE ad.key_data->f.key IS NOT NULL
),
last_corrections AS MATERIALIZED (
  SELECT DISTINCT ON (a.application_id, a.address, a.detail->>'field')
         a.application_id, a.address, a.detail->>'field' AS field, a.detail->'to' AS value, a.detail->>'docType' AS doc_type
    FROM active a
   WHERE a.action = 'document.corrected'
   ORDER BY a.application_id, a.address, a.detail->>'field', a.seq DESC
),
field_marks AS MATERIALIZED (
  SELECT r.application_id, r.address, r.field, r.confidence, (c.value IS NOT NULL AND c.value IS DISTINCT FROM r.value) AS changed
    FROM readings r
    LEFT JOIN last_corrections c ON c.application_id = r.application_id AND c.address = r.address AND c.field = r.field
),
filled AS MATERIALIZED (
  SELECT c.application_id, c.address, c.field, c.doc_type
    FROM last_corrections c
   WHERE c.value <> 'null'::jsonb
     AND NOT EXISTS (SELECT 1 FROM readings r WHERE r.application_id = c.application_id AND r.address = c.address AND r.field = c.field)
),
changed_units AS (
  SELECT application_id, address FROM field_marks WHERE changed
  UNION SELECT application_id, address FROM filled
),
classified AS MATERIALIZED (
  SELECT u.application_id, u.address, u.doc_type, u.confidence,
         date_trunc('week', u.at AT TIME ZONE 'UTC') AS week,
         CASE
           WHEN coalesce(s.decided_pages, 0) < jsonb_array_length(u.pages) THEN 'pending'
           WHEN s.filed = 0 THEN 'junked'
           WHEN s.decisions = 1 AND NOT s.foreign_pages THEN
             CASE
               WHEN d.action = 'document.settled' THEN 'settled'
               WHEN coalesce(d.detail->>'expectedDocId', 'unmatched') <> u.line THEN 'refiled'
               WHEN EXISTS (SELECT 1 FROM changed_units x WHERE x.application_id = u.application_id AND x.address = u.address) THEN 'corrected'
               ELSE 'approvedAsIs'
             END
           ELSE 'boundariesChanged'
         END AS outcome,
         CASE WHEN s.foreign_pages THEN 'merged' WHEN s.filed >= 2 THEN 'split' WHEN s.decisions >= 2 THEN 'trimmed' END AS reshaped
    FROM scoped u
    LEFT JOIN unit_status s ON s.application_id = u.application_id AND s.address = u.address
    LEFT JOIN active d ON d.application_id = u.application_id AND d.decision_id = s.decision_id AND d.action <> 'document.corrected'
),
judged_fields AS MATERIALIZED (
  SELECT c.doc_type, c.week, m.field, m.confidence, NOT m.changed AS kept
    FROM classified c JOIN field_marks m ON m.application_id = c.application_id AND m.address = c.address
   WHERE c.outcome IN ('approvedAsIs', 'corrected', 'refiled')
),
judged_filled AS (
  SELECT f.doc_type, f.field
    FROM classified c JOIN filled f ON f.application_id = c.application_id AND f.address = c.address
   WHERE c.outcome IN ('approvedAsIs', 'corrected', 'refiled')
),
weeks AS (SELECT generate_series(min(week), max(week), interval '1 week') AS week FROM classified)
${[
  part('total', 'NULL', 'NULL', { ...OUTCOMES }, 'FROM classified c'),
  part(
    'boundaries',
    'NULL',
    'NULL',
    {
      documents: `count(*) FILTER (WHERE c.outcome NOT IN ('pending', 'boundariesChanged'))`,
      split: `count(*) FILTER (WHERE c.outcome = 'boundariesChanged' AND c.reshaped = 'split')`,
      merged: `count(*) FILTER (WHERE c.outcome = 'boundariesChanged' AND c.reshaped = 'merged')`,
      trimmed: `count(*) FILTER (WHERE c.outcome = 'boundariesChanged' AND c.reshaped = 'trimmed')`,
    },
    'FROM classified c',
  ),
  part('type', 'c.doc_type', 'NULL', { ...OUTCOMES }, 'FROM classified c GROUP BY c.doc_type'),
  part(
    'week',
    `to_char(w.week, 'IYYY-"W"IW')`,
    `to_char(w.week, 'YYYY-MM-DD')`,
    { ...OUTCOMES, pending: `count(c.address) FILTER (WHERE c.outcome = 'pending')` },
    'FROM weeks w LEFT JOIN classified c ON c.week = w.week GROUP BY w.week',
  ),
  part(
    'typeBin',
    BIN('c.confidence'),
    'NULL',
    { judged: 'count(*)', right_n: `count(*) FILTER (WHERE ${RIGHT_TYPE})`, conf_sum: 'sum(c.confidence)', conf_n: 'count(c.confidence)' },
    `FROM classified c WHERE ${JUDGED_TYPE} GROUP BY 2`,
  ),
  part('workflow', 'u.workflow_id', 'NULL', { documents: 'count(*)' }, 'FROM units u GROUP BY u.workflow_id'),
  part(
    'field',
    'j.doc_type',
    'j.field',
    { judged: 'count(*)', right_n: 'count(*) FILTER (WHERE j.kept)', conf_sum: 'sum(j.confidence)', conf_n: 'count(j.confidence)' },
    'FROM judged_fields j GROUP BY j.doc_type, j.field',
  ),
  part('filled', 'f.doc_type', 'f.field', { filled: 'count(*)' }, 'FROM judged_filled f GROUP BY f.doc_type, f.field'),
  part(
    'fieldBin',
    BIN('j.confidence'),
    'NULL',
    { judged: 'count(*)', right_n: 'count(*) FILTER (WHERE j.kept)', conf_sum: 'sum(j.confidence)', conf_n: 'count(j.confidence)' },
    'FROM judged_fields j GROUP BY 2',
  ),
  part('fieldWeek', `to_char(j.week, 'IYYY-"W"IW')`, 'NULL', { judged: 'count(*)', right_n: 'count(*) FILTER (WHERE j.kept)' }, 'FROM judged_fields j GROUP BY j.week'),
].join('\nUNION ALL\n')}`;

export interface InsightsFilter {
  orgId: string;
  /** Inclusive. */
  from: Date | null;
  /** Exclusive. */
  before: Date | null;
  workflowId: string | null;
}

/** Every aggregate of Insights for one organization and filter, in one statement. */
export async function aggregates(q: Queryable, f: InsightsFilter): Promise<AggregateRow[]> {
  const { rows } = await q.query<AggregateRow>(INSIGHTS_SQL, [f.orgId, f.from?.toISOString() ?? null, f.before?.toISOString() ?? null, f.workflowId]);
  return rows;
}
