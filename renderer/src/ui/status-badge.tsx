const LABELS = { draft: 'Draft', active: 'Active', superseded: 'Superseded' } as const;

export function StatusBadge({ status }: { status: keyof typeof LABELS }) {
  return <span className={`badge badge-${status}`}>{LABELS[status]}</span>;
}

export function SourceBadge({ source }: { source: 'own' | 'official' }) {
  return source === 'official' ? <span className="badge badge-official">Official</span> : null;
}

export function DefaultBadge() {
  return <span className="badge badge-default">Default</span>;
}
