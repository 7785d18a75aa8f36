import type { ExpiryCheckSettings } from '../../library/kinds/workflows/tools/expiry-check.js';
import { isListed, type RunWorkspace, type WorkDocument } from './workspace.js';

const DAY = 86_400_000;
const CERTIFICATE = /certificate|licen[cs]e|insurance|permit|registration/;
const EXPIRY_FIELD = /^(expiryDate|expiry|expires|expiresOn|validUntil|validTo|dateOfExpiry)$/i;

function expiryOf(d: WorkDocument): string | undefined {
  const key = Object.keys(d.keyData).find((k) => EXPIRY_FIELD.test(k));
  const value = key ? d.keyData[key] : undefined;
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
}

/**
 * Expiry check: flags identity documents and certificates past their expiry date on the day of
 * the run (after `graceDays`), warns of those expiring within `warnWithinDays`, and flags a
 * checked document whose expiry date could not be read when `flagMissingDate`.
 */
export async function expiryCheck(ws: RunWorkspace, raw: Record<string, unknown>): Promise<void> {
  const settings = raw as ExpiryCheckSettings;
  const kinds = new Map(ws.catalogue.map((t) => [t.docType, t.kind]));
  const today = Date.UTC(ws.now.getUTCFullYear(), ws.now.getUTCMonth(), ws.now.getUTCDate());
  for (const d of ws.documents) {
    const identity = kinds.get(d.docType) === 'identity';
    const certificate = !identity && CERTIFICATE.test(d.docType);
    if (!((identity && settings.checkIdentityDocuments) || (certificate && settings.checkCertificates))) continue;
    const finding = (code: string, note: string) => {
      d.findings.push({ check: 'expiry-check', code, note });
      if (isListed(d)) ws.rows.push({ actor: 'system', action: 'document.flagged', target: `document:${d.address}`, detail: { check: 'expiry-check', code, note } });
    };
    const expiry = expiryOf(d);
    if (!expiry) {
      if (settings.flagMissingDate) finding('expiry_date_missing', 'The expiry date could not be read: check it by eye.');
      continue;
    }
    const expires = Date.parse(`${expiry}T00:00:00Z`);
    const daysLeft = Math.round((expires - today) / DAY);
    if (daysLeft < -settings.graceDays) finding('expired', `Expired on ${expiry}, ${-daysLeft} day${daysLeft === -1 ? '' : 's'} before the run.`);
    else if (daysLeft <= settings.warnWithinDays) finding('expiring_soon', `Expires on ${expiry}, within ${Math.max(daysLeft, 0)} day${daysLeft === 1 ? '' : 's'}: ask for a renewal.`);
  }
}
