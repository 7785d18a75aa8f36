import type { ApplicantNameMatchSettings } from '../../library/kinds/workflows/tools/applicant-name-match.js';
import { pagesOfDocument, type RunWorkspace } from './workspace.js';

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
 * its initial when `allowInitials`.
 */
export function namesApplicant(line: string, applicant: string, o: { threshold: number; allowInitials: boolean; ignoreTitles: boolean }): boolean {
  const wanted = nameWords(applicant, o.ignoreTitles);
  if (wanted.length === 0) return true;
  const words = nameWords(line, o.ignoreTitles);
  const surname = wanted.at(-1)!;
  if (!words.some((w) => jaroWinkler(w, surname) >= o.threshold)) return false;
  return wanted.slice(0, -1).every((given) => words.some((w) => jaroWinkler(w, given) >= o.threshold || (o.allowInitials && w.length === 1 && w === given[0])));
}

/**
 * Applicant-name match: every document not of an exempt type must name the case's applicant on
 * one of its lines; a document naming no one recognisable as the applicant is flagged.
 */
export async function applicantNameMatch(ws: RunWorkspace, raw: Record<string, unknown>): Promise<void> {
  const s = raw as ApplicantNameMatchSettings;
  const o = { threshold: s.fuzzyThreshold, allowInitials: s.allowInitials, ignoreTitles: s.ignoreTitles };
  for (const d of ws.documents) {
    if (s.exemptDocTypes.includes(d.docType)) continue;
    const lines = pagesOfDocument(ws, d).flatMap((p) => p.lines.map((l) => l.text));
    // A name may wrap: look at each line and at each pair of consecutive lines.
    const found = lines.some((l, i) => namesApplicant(l, ws.app.applicant_name, o) || (i > 0 && namesApplicant(`${lines[i - 1]} ${l}`, ws.app.applicant_name, o)));
    if (found) continue;
    const note = `Does not name the applicant, ${ws.app.applicant_name}: check whose document it is.`;
    d.findings.push({ check: 'applicant-name-match', code: 'applicant_not_named', note });
    ws.rows.push({ actor: 'system', action: 'document.flagged', target: `document:${d.address}`, detail: { check: 'applicant-name-match', code: 'applicant_not_named', note } });
  }
}
