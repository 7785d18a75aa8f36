import type { LedgerEventDoc } from '@portal/shared/sync';
import { formatKeyValue, humanizeKey } from './key-values';
import { RUN_STATE_LABELS } from './run-state-badge';

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

const GATE_REASONS: Record<string, string> = {
  flags: 'red flags at pre-flight',
  emailRequired: 'the account needs an email',
  analyzerUnreachable: 'the analyzer did not answer',
};

/**
 * A ledger row in words for the case's timeline: what happened and, for a person's act, who
 * (`decidedBy`). Rows of an action this client does not know yet read as their action's name.
 */
export function describeLedgerRow(row: Pick<LedgerEventDoc, 'action' | 'detail'>, typeName: (docType: string) => string = (t) => t): string {
  const d = row.detail;
  const by = text(d.decidedBy) === undefined ? '' : ` by ${text(d.decidedBy)}`;
  switch (row.action) {
    case 'application.created':
      return 'Case created';
    case 'file.received':
      return `File received${text(d.name) ? `: ${text(d.name)}` : ''}${num(d.pageCount) ? ` (${num(d.pageCount)} page${num(d.pageCount) === 1 ? '' : 's'})` : ''}`;
    case 'file.removed':
      return `File removed${text(d.name) ? `: ${text(d.name)}` : ''}${by}`;
    case 'gate.refused': {
      const reason = GATE_REASONS[text(d.reason) ?? ''];
      return `Held at the gate${reason ? `: ${reason}` : ''}`;
    }
    case 'gate.bypassed':
      return `Gate bypassed${by}`;
    case 'run.started':
      return `Run started${by}`;
    case 'run.stage':
      // The state in the words the badges use ("Reading", not "inventory").
      return `Run moved on: ${RUN_STATE_LABELS[text(d.state) as keyof typeof RUN_STATE_LABELS] ?? text(d.state) ?? 'next stage'}`;
    case 'run.reported':
      return 'Run reported';
    case 'run.failed':
      return `Run failed${text(d.error) ? `: ${text(d.error)}` : ''}`;
    case 'run.cancelled':
      return `Run cancelled${by}`;
    case 'run.resumed':
      return 'Run resumed';
    case 'document.proposed':
      return `Document proposed${text(d.docType) ? `: ${typeName(text(d.docType)!)}` : ''}`;
    case 'document.flagged':
      return `Flagged${text(d.note) ? `: ${text(d.note)}` : ''}`;
    case 'case.completeness': {
      const satisfied = num(d.satisfied);
      const total = num(d.total);
      return satisfied !== undefined && total !== undefined ? `Completeness: ${satisfied} of ${total} lines` : 'Completeness checked';
    }
    case 'document.approved':
      return `Document approved${by}`;
    case 'document.settled':
      return `Document settled${by}`;
    case 'document.junked':
      return `Document junked${by}`;
    case 'document.corrected': {
      const field = text(d.field);
      const to = d.to === null ? 'cleared' : d.to === undefined ? undefined : `set to ${formatKeyValue(d.to)}`;
      return `${field ? humanizeKey(field) : 'Value'} corrected${to ? ` (${to})` : ''}${by}`;
    }
    case 'decision.undone':
      return `Decision undone${by}`;
    case 'list.changed': {
      const to = d.to as { name?: unknown; version?: unknown } | undefined;
      return `Checked against ${text(to?.name) ?? 'another list'}${num(to?.version) ? ` v${num(to?.version)}` : ''}${by}`;
    }
    case 'line.waived':
      return `Line waived${text(d.name) ? `: ${text(d.name)}` : ''}${by}`;
    case 'line.added':
      return `Line added${text(d.name) ? `: ${text(d.name)}` : ''}${by}`;
    case 'line.cleared':
      return `Line ${text(d.kind) === 'added' ? 'removed' : 'counted again'}${by}`;
    case 'analysis.ingested':
      return `Analysis received${text(d.engine) ? ` from ${text(d.engine)}` : ''}`;
    case 'brief.started':
      return `Brief started${by}`;
    case 'brief.ready':
      return 'Brief ready';
    default:
      return `${String(row.action).replace(/[._]/g, ' ')}${by}`;
  }
}
