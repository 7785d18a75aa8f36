import type { DocumentEntry, DocumentSpan } from '@portal/shared';

// The text of documents as markdown. A page's text is preceded by a marker naming the page of
// its source file, so every sentence can be traced back (spec Part 4: "page provenance").

/** `<!-- page <fileId>:p<n> -->`: an HTML comment, invisible when rendered, one line, easy to find. */
export const pageMarker = (fileId: string, page: number) => `<!-- page ${fileId}:p${page} -->`;

/** The pages of `spans`, in order, each its marker then its lines (a page nobody read has none). */
export function pagesMarkdown(spans: readonly DocumentSpan[], texts: Map<string, string[]>): string {
  const parts: string[] = [];
  for (const s of spans) {
    for (const p of s.pages) {
      const lines = texts.get(`${s.fileId}:${p}`) ?? [];
      parts.push(`${pageMarker(s.fileId, p)}\n\n${lines.map(escapeLine).join('  \n')}\n`);
    }
  }
  return parts.join('\n');
}

/** A line of a page, kept as text: characters markdown would read as structure are escaped at its start. */
function escapeLine(line: string): string {
  return line.replace(/^([#>*+\-=|`]|\d+[.)]\s)/, '\\$1').replace(/<!--/g, '&lt;!--');
}

/** YAML front matter naming a document: address, type, line, key data (values as JSON, which YAML reads). */
export function frontMatter(entry: DocumentEntry): string {
  const y = (v: unknown) => JSON.stringify(v ?? null);
  const lines = [
    '---',
    `address: ${y(entry.address)}`,
    `title: ${y(entry.title)}`,
    `type: ${y(entry.document.docType)}`,
    `line: ${y(entry.expectedDocId ?? null)}`,
    `settled: ${entry.settled}`,
    ...(entry.approval ? [`decision: ${y(entry.approval.outcome)}`] : []),
    ...(entry.approval?.approvedDocId ? [`approvedDocId: ${y(entry.approval.approvedDocId)}`] : []),
    `spans: ${y(entry.spans)}`,
  ];
  const keys = Object.entries(entry.document.extractKeyData);
  lines.push(keys.length === 0 ? 'keyData: {}' : 'keyData:');
  for (const [k, v] of keys) lines.push(`  ${y(k)}: ${y(v)}`);
  if (entry.document.findings.length > 0) {
    lines.push('findings:');
    for (const f of entry.document.findings) lines.push(`  - ${y(`${f.code}: ${f.note}`)}`);
  }
  lines.push('---');
  return lines.join('\n');
}
