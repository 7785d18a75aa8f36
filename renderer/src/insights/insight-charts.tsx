import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnalyzerInsights } from '@portal/shared';
import { humanize } from '../workflows/humanize';
import { OUTCOMES, percent, share } from './outcomes';

// The charts of Insights, drawn by recharts. Each is sized by its container (no fixed width,
// so nothing scrolls sideways at any window width) and says its numbers in its tooltip.

const AXIS = { fontSize: 12, fill: 'var(--muted)' };
const TOOLTIP = { contentStyle: { background: 'var(--panel)', border: '1px solid var(--border)', borderRadius: 6, fontSize: 13 }, labelStyle: { fontWeight: 600 } };
// Series in the order they are stacked (not by name), in the page's text colour: a pale series' own colour is unreadable as text.
const LEGEND = { itemSorter: null, wrapperStyle: { fontSize: 12 }, formatter: (value: string) => <span style={{ color: 'var(--fg)' }}>{value}</span> } as const;
const asPercent = (v: unknown) => (typeof v === 'number' ? `${Math.round(v)} %` : '—');

/** "2026-W47" → "W47", with its Monday in the tooltip. */
const weekLabel = (week: string) => week.replace(/^\d{4}-/, '');

/** Per ISO week: the documents decided (stacked by outcome) and the share approved as is and of values kept. */
export function WeeklyChart({ weeks }: { weeks: AnalyzerInsights['weeks'] }) {
  const rows = weeks.map((w) => {
    const judged = w.decided - w.settled;
    const asIs = share(w.approvedAsIs, judged);
    const kept = share(w.fieldsKept, w.fieldsRead);
    return {
      ...w,
      label: weekLabel(w.week),
      asIsShare: asIs === null ? null : asIs * 100,
      keptShare: kept === null ? null : kept * 100,
    };
  });
  return (
    <div className="insight-chart" data-chart="weeks">
      <ResponsiveContainer width="100%" height={300}>
        <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
          <XAxis dataKey="label" tick={AXIS} />
          <YAxis yAxisId="count" allowDecimals={false} tick={AXIS} width={36} />
          <YAxis yAxisId="share" orientation="right" domain={[0, 100]} tickFormatter={(v: number) => `${v} %`} tick={AXIS} width={48} />
          <Tooltip
            {...TOOLTIP}
            labelFormatter={(_, payload) => {
              const row = payload?.[0]?.payload as (typeof rows)[number] | undefined;
              return row ? `Week ${row.week.replace(/^\d{4}-W/, '')} of ${row.week.slice(0, 4)}, from ${new Date(`${row.start}T00:00:00Z`).toLocaleDateString(undefined, { timeZone: 'UTC', day: 'numeric', month: 'short' })}` : '';
            }}
            formatter={(value, name) => (String(name).endsWith('%') ? [asPercent(value), name] : [value, name])}
          />
          <Legend {...LEGEND} />
          {OUTCOMES.filter((o) => o.key !== 'pending').map((o) => (
            <Bar key={o.key} yAxisId="count" dataKey={o.key} name={o.label} stackId="outcomes" fill={o.color} maxBarSize={72} isAnimationActive={false} />
          ))}
          <Line yAxisId="share" type="monotone" dataKey="asIsShare" name="Approved as is, %" stroke="#145c36" strokeWidth={2.5} dot connectNulls isAnimationActive={false} />
          <Line yAxisId="share" type="monotone" dataKey="keptShare" name="Key values kept, %" stroke="#1d4f8f" strokeWidth={2} strokeDasharray="5 3" dot connectNulls isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Per type read: stacked bars of what people did, most read type first. */
export function TypeOutcomesChart({ types }: { types: AnalyzerInsights['types'] }) {
  const rows = types.map((t) => ({ ...t, label: t.name ?? humanize(t.docType) }));
  return (
    <div className="insight-chart" data-chart="types">
      <ResponsiveContainer width="100%" height={90 + rows.length * 38}>
        <BarChart data={rows} layout="vertical" margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={AXIS} />
          <YAxis type="category" dataKey="label" tick={AXIS} width={130} />
          <Tooltip {...TOOLTIP} />
          <Legend {...LEGEND} />
          {OUTCOMES.map((o) => (
            <Bar key={o.key} dataKey={o.key} name={o.label} stackId="outcomes" fill={o.color} maxBarSize={28} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Reliability: for each confidence band, the share of type readings and of key values people kept, beside the band's own confidence. */
export function ReliabilityChart({ reliability }: { reliability: AnalyzerInsights['reliability'] }) {
  const rows = reliability.types.map((bin, i) => {
    const values = reliability.fields[i]!;
    const types = share(bin.right, bin.judged);
    const kept = share(values.right, values.judged);
    return {
      label: `${Math.round(bin.from * 100)}–${Math.round(bin.to * 100)}`,
      ideal: ((bin.from + bin.to) / 2) * 100,
      types: types === null ? null : types * 100,
      values: kept === null ? null : kept * 100,
      typesOf: `${bin.right} of ${bin.judged}`,
      valuesOf: `${values.right} of ${values.judged}`,
    };
  });
  return (
    <div className="insight-chart" data-chart="reliability">
      <ResponsiveContainer width="100%" height={300}>
        <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 16, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
          <XAxis dataKey="label" tick={AXIS} label={{ value: 'Confidence, %', position: 'insideBottom', offset: -10, fontSize: 12, fill: 'var(--muted)' }} />
          <YAxis domain={[0, 100]} tickFormatter={(v: number) => `${v} %`} tick={AXIS} width={48} />
          <Tooltip
            {...TOOLTIP}
            labelFormatter={(label) => `Confidence ${label} %`}
            formatter={(value, name, item) => {
              const row = item.payload as (typeof rows)[number];
              if (name === 'Document types right') return [`${asPercent(value)} (${row.typesOf})`, name];
              if (name === 'Key values kept') return [`${asPercent(value)} (${row.valuesOf})`, name];
              return [asPercent(value), name];
            }}
          />
          <Legend verticalAlign="top" {...LEGEND} />
          <Bar dataKey="types" name="Document types right" fill="#3f7fc4" maxBarSize={28} isAnimationActive={false} />
          <Bar dataKey="values" name="Key values kept" fill="#2e8b57" maxBarSize={28} isAnimationActive={false} />
          <Line type="linear" dataKey="ideal" name="Reliable analyzer" stroke="var(--muted)" strokeDasharray="6 4" dot={false} isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
      <p className="visually-hidden">
        {rows
          .filter((r) => r.types !== null || r.values !== null)
          .map((r) => `Confidence ${r.label} %: document types right ${percent(r.types === null ? null : r.types / 100)} (${r.typesOf}), key values kept ${percent(r.values === null ? null : r.values / 100)} (${r.valuesOf}).`)
          .join(' ')}
      </p>
    </div>
  );
}
