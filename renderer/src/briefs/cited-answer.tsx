import { useState } from 'react';
import type { IntelCitation } from '@portal/shared';
import { answerParts, placeOf } from '@portal/shared/client';

/** What the case page knows of a cited page: the document that lists it now, or that it was junked since. */
export interface CitationPlace {
  title: string;
  junked: boolean;
}

/** How a research panel shows a citation in the case: where it is, and opening it in the page viewer. */
export interface CitationTargets {
  placeOf(citation: IntelCitation): CitationPlace | undefined;
  show(citation: IntelCitation): void;
}

/**
 * An answer with its `[n]` markers as links to their citations, then the citations themselves:
 * the document, page and line, and the words quoted. Each opens the cited page in the viewer.
 */
export function CitedAnswer({
  answer,
  citations,
  targets,
  label,
  folded = false,
}: {
  answer: string;
  citations: readonly IntelCitation[];
  targets: CitationTargets;
  label: string;
  /** Show the first few citations only, with a button for the rest (a brief has many sections). */
  folded?: boolean;
}) {
  return (
    <>
      <p className="cited-answer">
        {answerParts(answer).map((part, i) => {
          if ('text' in part) return <span key={i}>{part.text}</span>;
          const c = citations[part.cite - 1];
          if (!c) return <span key={i}>[{part.cite}]</span>;
          return (
            <button key={i} type="button" className="link cite-marker" title={`${placeOf(c)}: “${c.quote}”`} aria-label={`Citation ${part.cite}`} onClick={() => targets.show(c)}>
              [{part.cite}]
            </button>
          );
        })}
      </p>
      {citations.length > 0 && <CitationList citations={citations} targets={targets} label={label} folded={folded} />}
    </>
  );
}

/** A folded list shows this many; more than one more, and the rest wait behind a button. */
const FOLDED = 3;

export function CitationList({ citations, targets, label, folded = false }: { citations: readonly IntelCitation[]; targets: CitationTargets; label: string; folded?: boolean }) {
  const [all, setAll] = useState(!folded || citations.length <= FOLDED + 1);
  const shown = all ? citations : citations.slice(0, FOLDED);
  return (
    <>
      <ol className="citations" aria-label={label}>
        {shown.map((c, i) => {
          const place = targets.placeOf(c);
          return (
            <li key={`${c.fileId}:${c.page}:${c.line}:${i}`}>
              <button
                type="button"
                className="citation"
                data-file-id={c.fileId}
                data-page={c.page}
                data-line={c.line}
                onClick={() => targets.show(c)}
                title="Show the cited line in the page viewer"
              >
                <span className="citation-no">{i + 1}</span>
                <span className="citation-where">
                  {place === undefined ? <span className="muted">a page no document lists now</span> : place.title} · {placeOf(c)}
                  {place?.junked && <span className="badge badge-superseded">Junked since</span>}
                </span>
                <span className="citation-quote">“{c.quote}”</span>
              </button>
            </li>
          );
        })}
      </ol>
      {!all && (
        <button type="button" className="link small show-citations" onClick={() => setAll(true)}>
          Show all {citations.length} citations
        </button>
      )}
    </>
  );
}

/** What a research panel says offline, instead of failing: it needs the server. */
export function OfflineNotice({ text }: { text: string }) {
  return (
    <p className="research-offline" role="status">
      <strong>Offline.</strong> {text}
    </p>
  );
}
