/**
 * Citations checked against the stored page text: whatever an engine claims, a citation stands
 * only when the words it quotes are on the line it names. Conservative on purpose: a wrong
 * citation shown to a person is worse than one dropped.
 */
import { fold } from '../analyzer/extract/doc.js';
import type { Citation } from './types.js';

/** What an answer says when no citation survives the check, whatever the engine wrote. */
export const NO_EVIDENCE_ANSWER = 'No evidence found in the case’s documents.';

/** Shorter quotes match too much text by chance to prove anything. */
export const MIN_QUOTE_LENGTH = 3;

export interface CitationCheck {
  /** The citations that hold, in the order given, duplicates collapsed to the first. */
  valid: Citation[];
  /** How many citations did not hold (duplicates are not counted). */
  dropped: number;
  /** Why each dropped citation did not hold, in the order given. */
  droppedReasons: string[];
}

/** Folded (case, accents) with whitespace collapsed: how a quote and a line are compared. */
export function normalizeQuoteText(s: string): string {
  return fold(s).replace(/\s+/g, ' ').trim();
}

/**
 * A model's quote without the wrapping it tends to add: quotation marks around it and an ellipsis
 * at either end. Nothing inside the quote is touched.
 */
function unwrap(quote: string): string {
  // Before folding, which turns "…" into ".".
  let q = quote.trim();
  for (let before = ''; before !== q; ) {
    before = q;
    q = q.replace(/^(?:["'“”‘’«»]|\.{2,}|…)\s*|\s*(?:["'“”‘’«»]|\.{2,}|…)$/g, '');
  }
  return normalizeQuoteText(q);
}

/**
 * The quote on the cited line, or running from the cited line into the next line of the same page
 * (text wrapped over two lines). A quote that lies wholly on the next line cites the wrong line.
 */
function quoteHolds(quote: string, line: string, next: string | undefined): boolean {
  const own = normalizeQuoteText(line);
  if (own.includes(quote)) return true;
  if (next === undefined) return false;
  const joined = `${own} ${normalizeQuoteText(next)}`;
  for (let at = joined.indexOf(quote); at >= 0; at = joined.indexOf(quote, at + 1)) {
    // Starting on the cited line and, having failed above, necessarily ending on the next one.
    if (at < own.length) return true;
  }
  return false;
}

export function checkCitations(
  citations: readonly Citation[],
  lineText: (fileId: string, page: number, line: number) => string | undefined,
): CitationCheck {
  const valid: Citation[] = [];
  const droppedReasons: string[] = [];
  const seen = new Set<string>();
  citations.forEach((c, i) => {
    const where = `citation ${i + 1} (file ${c.fileId}, page ${c.page}, line ${c.line})`;
    if (typeof c.fileId !== 'string' || c.fileId === '' || !Number.isInteger(c.page) || c.page < 1 || !Number.isInteger(c.line) || c.line < 0) {
      droppedReasons.push(`${where}: not a line of a page`);
      return;
    }
    const quote = unwrap(typeof c.quote === 'string' ? c.quote : '');
    if (quote.length < MIN_QUOTE_LENGTH) {
      droppedReasons.push(`${where}: the quote is empty or shorter than ${MIN_QUOTE_LENGTH} characters`);
      return;
    }
    const text = lineText(c.fileId, c.page, c.line);
    if (text === undefined) {
      droppedReasons.push(`${where}: no such line in the case's text`);
      return;
    }
    if (!quoteHolds(quote, text, lineText(c.fileId, c.page, c.line + 1))) {
      droppedReasons.push(`${where}: the quote is not on the line`);
      return;
    }
    const key = `${c.fileId}\u0000${c.page}\u0000${c.line}\u0000${quote}`;
    if (seen.has(key)) return;
    seen.add(key);
    valid.push(c);
  });
  return { valid, dropped: droppedReasons.length, droppedReasons };
}
