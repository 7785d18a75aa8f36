/**
 * The words a reviewer reads for the things the system names by id: a document type by its
 * catalogue name ("Driving licence", "Other document" for `fallback`), a key field by its schema
 * label ("Account holder"), a place in the case by document and page ("Payslip, page 4"). Every
 * text built for a person (findings, briefs, assistant answers, cards, the viewer) goes through
 * these, so no `accountHolder`, `driving-licence` or `fil_…` reaches a reviewer.
 */

/** What the catalogue calls `fallback`, the type of a document of no known type. */
export const OTHER_DOCUMENT = 'Other document';

/** An id in words, first letter capital: `netPay` → "Net pay", `driving-licence` → "Driving licence", `date_of_birth` → "Date of birth". */
export function wordsOfId(id: string): string {
  const words = id
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    // "addressLine1" → "address line 1", but "p60" stays one word.
    .replace(/([a-z]{2,})([0-9])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A document type as people say it: the catalogue's name when known; `fallback` is "Other document"; else its id in words. */
export function docTypeName(docType: string, catalogueName?: string | null): string {
  const named = catalogueName?.trim();
  if (named) return named;
  if (docType === 'fallback') return OTHER_DOCUMENT;
  return wordsOfId(docType);
}

/** A key field as people say it: the schema's label when it has one, else its key in words. */
export function fieldLabel(field: string, schemaLabel?: string | null): string {
  const label = schemaLabel?.trim();
  return label ? label : wordsOfId(field);
}

/** A label inside a sentence: "Account holder" → "account holder"; an initialism ("NI number") keeps its capitals. */
export function inSentence(label: string): string {
  return /^[A-Z]{2}/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

/**
 * A listed document's title as a person says it: the server writes every range as `pages a–b`,
 * so a one-page document reads "pages 1–1"; it is "page 1".
 */
export function readableTitle(title: string): string {
  return title.replace(/\bpages (\d+)[–-](\d+)\b/g, (whole, first: string, last: string) => (first === last ? `page ${first}` : whole));
}

/** Where something is, for a person: "Payslip, page 4". */
export function placeInCase(document: string, page: number): string {
  return `${document}, page ${page}`;
}

/** An id the server mints (`fil_…`, `usr_…`: ids.ts), or a document address built on one (`fil_…:p4-4`). */
const INTERNAL_ID = /\b[a-z]{2,5}_[0-9a-z]{12,}(?::[a-z0-9-]+)?/g;
/** A camelCase word: `accountHolder`, `netPay` (a person writes "iPhone" rarely in a case's text). */
const CAMEL_CASE = /\b[a-z]+[A-Z][A-Za-z]*\b/g;

/**
 * The internal names in a text meant for a reviewer: ids, camelCase keys, and the given document
 * type ids (`driving-licence`, `fallback`) standing as words. Empty when the text is clean. What the
 * page itself prints is quoted in “…” by the research answers and may hold anything: quotes are
 * skipped.
 */
export function internalNamesIn(text: string, docTypes: readonly string[] = []): string[] {
  const unquoted = text.replace(/“[^”]*”/g, '“”');
  const found = [...(unquoted.match(INTERNAL_ID) ?? []), ...(unquoted.match(CAMEL_CASE) ?? [])];
  for (const id of docTypes) {
    if (id === '' || !/[-_]|^fallback$/.test(id)) continue; // "payslip" is a word too.
    const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`, 'i').test(unquoted)) found.push(id);
  }
  return [...new Set(found)];
}

/** What a case knows to name a ledger row's target by: its files' names and its lines' names. */
export interface CasePlaces {
  fileName(fileId: string): string | undefined;
  lineName(lineId: string): string | undefined;
}

const pagesWords = (first: number, last: number) => (first === last ? `page ${first}` : `pages ${first}–${last}`);

/**
 * A ledger row's target as a reviewer reads it ("p01.pdf, pages 2–3", "the case", "run 2"), never
 * the ids the ledger keeps for integrators (`document:fil_…:p2-3`, `decision:dec_…`).
 */
export function ledgerTargetWords(target: string, places: CasePlaces): string {
  const colon = target.indexOf(':');
  const kind = colon < 0 ? target : target.slice(0, colon);
  const id = colon < 0 ? '' : target.slice(colon + 1);
  switch (kind) {
    case 'application':
      return 'the case';
    case 'run':
      return /^\d+$/.test(id) ? `run ${id}` : 'a run';
    case 'file':
      return places.fileName(id) ?? 'a file';
    case 'document': {
      const m = /^(.+):p(\d+)-(\d+)$/.exec(id);
      if (!m) return 'a document';
      const file = places.fileName(m[1]!);
      const pages = pagesWords(Number(m[2]), Number(m[3]));
      return file ? `${file}, ${pages}` : pages;
    }
    case 'decision':
      return 'a decision';
    case 'line': {
      const name = places.lineName(id);
      return name ? `the line “${name}”` : 'a line';
    }
    case 'brief':
      return 'a brief';
    default:
      return wordsOfId(kind);
  }
}

/** Who did it, as a reviewer reads it: an address stays, ids become what they are. */
export function ledgerActorWords(actor: string): string {
  if (actor === 'system') return 'the portal';
  const colon = actor.indexOf(':');
  const kind = colon < 0 ? actor : actor.slice(0, colon);
  const who = colon < 0 ? '' : actor.slice(colon + 1);
  switch (kind) {
    case 'user':
      return who.includes('@') ? who : 'a person';
    case 'apiKey':
      return 'an integration (API key)';
    case 'guest':
      return 'a guest link';
    default:
      return 'the portal';
  }
}
