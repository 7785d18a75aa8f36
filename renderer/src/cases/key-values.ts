import type { ExtractionField } from '@portal/shared';

export type FieldType = ExtractionField['type'];

/** A key's name as people say it when the schema gives no label: `netPay` → "Net pay". */
export function humanizeKey(name: string): string {
  const words = name
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .replace(/([0-9])([A-Za-z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const isMoney = (value: unknown): value is { amount: string | number; currency: string } =>
  value !== null && typeof value === 'object' && 'amount' in value && 'currency' in value && typeof (value as { currency: unknown }).currency === 'string';

/** The one way a key value is shown, on the cards and in the viewer: money in its currency's form ("£211.30"). */
export function formatKeyValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.map(formatKeyValue).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (isMoney(value)) {
    const n = Number(value.amount);
    try {
      if (Number.isFinite(n)) return n.toLocaleString(undefined, { style: 'currency', currency: value.currency });
    } catch {
      // An unknown currency code: as read.
    }
    return `${String(value.amount)} ${value.currency}`;
  }
  return JSON.stringify(value);
}

/** A field's type when no schema says it (offline, before the schema was fetched): from the value's shape. */
export function guessFieldType(value: unknown): FieldType {
  if (isMoney(value)) return 'money';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return 'date';
  return 'text';
}
