import type { RunStateName } from '@portal/shared';

/** A run state in words, wherever one is shown or chosen. */
export const RUN_STATE_LABELS: Record<RunStateName, string> = {
  gated: 'At the gate',
  previewing: 'Previewing',
  inventory: 'Reading',
  running: 'Running',
  report: 'Report',
};
const CLASSES: Record<RunStateName, string> = {
  gated: 'badge-default',
  previewing: 'badge-official',
  inventory: 'badge-official',
  running: 'badge-official',
  report: 'badge-active',
};

export function RunStateBadge({ state }: { state: RunStateName }) {
  return (
    <span className={`badge ${CLASSES[state]}`} title={`Run state: ${state}`}>
      {RUN_STATE_LABELS[state]}
    </span>
  );
}
