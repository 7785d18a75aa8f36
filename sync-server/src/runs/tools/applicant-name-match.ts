import { fieldLabel, inSentence } from '@portal/shared';
import type { ApplicantNameMatchSettings } from '../../library/kinds/workflows/tools/applicant-name-match.js';
import { isListed, pagesOfDocument, type RunWorkspace } from './workspace.js';

const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'sir', 'dame', 'rev', 'herr', 'frau', 'mme', 'mlle', 'm']);

/** Lower case, accents and punctuation gone, split into words. */
export function nameWords(text: string, ignoreTitles = true): string[] {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z\s'-]/g, ' ')
    .split(/[\s'-]+/)
    .filter(Boolean);
  return ignoreTitles ? words.filter((w) => !TITLES.has(w)) : words;
}

/** Jaro–Winkler similarity of two words, 0 to 1. */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  if (!a.length || !b.length) return 0;
  const range = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  const aMatch = new Array<boolean>(a.length).fill(false);
  const bMatch = new Array<boolean>(b.length).fill(false);
  let matches = 0;
  for (let i = 0; i < a.length; i++) {
    for (let j = Math.max(0, i - range); j < Math.min(b.length, i + range + 1); j++) {
      if (bMatch[j] || a[i] !== b[j]) continue;
      aMatch[i] = bMatch[j] = true;
      matches++;
      break;
    }
  }
  if (matches === 0) return 0;
  let t = 0;
  for (let i = 0, j = 0; i < a.length; i++) {
    if (!aMatch[i]) continue;
    while (!bMatch[j]) j++;
    if (a[i] !== b[j]) t++;
    j++;
  }
  const jaro = (matches / a.length + matches / b.length + (matches - t / 2) / matches) / 3;
  let prefix = 0;
  while (prefix < Math.min(4, a.length, b.length) && a[prefix] === b[prefix]) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/**
 * Whether a line of text names the applicant: the surname (the last word of the name) and each
 * given name appear in any order, each spelled alike within `threshold`, a given name also as
 * its initial when `allowInitials` (on either side).
 */
export function namesApplicant(line: string, applicant: string, o: { threshold: number; allowInitials: boolean; ignoreTitles: boolean }): boolean {
  const wanted = nameWords(applicant, o.ignoreTitles);
  if (wanted.length === 0) return true;
  const words = nameWords(line, o.ignoreTitles);
  const surname = wanted.at(-1)!;
  if (!words.some((w) => jaroWinkler(w, surname) >= o.threshold)) return false;
  // An initial matches a given name either way round: "S. Whitcombe" on the document, or on the case.
  const initial = (a: string, b: string) => o.allowInitials && ((a.length === 1 && a === b[0]) || (b.length === 1 && b === a[0]));
  return wanted.slice(0, -1).every((given) => words.some((w) => jaroWinkler(w, given) >= o.threshold || initial(w, given)));
}

/** Key fields that hold the name of the person a document is about (not an employer, bank or issuer). */
const HOLDER_FIELD = /^(name|fullName|holderName|accountHolder|accountHolderName|employeeName|tenantName|applicantName|borrowerName|customerName|policyHolder|policyholderName|recipientName)$/i;

/**
 * Applicant-name match: every document not of an exempt type must name the case's applicant on
 * one of its lines; a document naming no one recognisable as the applicant is flagged
 * (`applicant_not_named`), and so is one whose holder's name, as extracted, is someone else's
 * (`name_mismatch`: the applicant may appear on it as a third party). Tolerant of accents,
 * titles, initials and order ("WHITCOMBE, S." is Sarah Whitcombe).
 */
export async function applicantNameMatch(ws: RunWorkspace, raw: Record<string, unknown>): Promise<void> {
  const s = raw as ApplicantNameMatchSettings;
  const o = { threshold: s.fuzzyThreshold, allowInitials: s.allowInitials, ignoreTitles: s.ignoreTitles };
  for (const d of ws.documents) {
    if (s.exemptDocTypes.includes(d.docType)) continue;
    const flag = (code: string, note: string) => {
      d.findings.push({ check: 'applicant-name-match', code, note });
      // Pieces held beside a range listed whole carry their findings until the split is confirmed.
      if (isListed(d)) ws.rows.push({ actor: 'system', action: 'document.flagged', target: `document:${d.address}`, detail: { check: 'applicant-name-match', code, note } });
    };
    const holders = Object.entries(d.keyData).filter(([k, v]) => HOLDER_FIELD.test(k) && typeof v === 'string' && nameWords(v, o.ignoreTitles).length > 0) as [string, string][];
    const other = holders.find(([, v]) => !namesApplicant(v, ws.app.applicant_name, o));
    if (other) {
      // The reviewer reads the schema's label ("Account holder"), never the key (`accountHolder`).
      const schema = await ws.schemaFor(d.docType);
      const label = inSentence(fieldLabel(other[0], schema?.fields.find((f) => f.name === other[0])?.label));
      flag('name_mismatch', `Its ${label} reads “${other[1]}”, not the applicant, ${ws.app.applicant_name}: check whose document it is.`);
      continue;
    }
    if (holders.length > 0) continue;
    const lines = pagesOfDocument(ws, d).flatMap((p) => p.lines.map((l) => l.text));
    // A name may wrap: look at each line and at each pair of consecutive lines.
    const found = lines.some((l, i) => namesApplicant(l, ws.app.applicant_name, o) || (i > 0 && namesApplicant(`${lines[i - 1]} ${l}`, ws.app.applicant_name, o)));
    if (!found) flag('applicant_not_named', `Does not name the applicant, ${ws.app.applicant_name}: check whose document it is.`);
  }
}
