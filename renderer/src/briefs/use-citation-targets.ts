import { useMemo, useState } from 'react';
import type { IntelCitation } from '@portal/shared';
import { holderOf, type CitedLine, type PageHolder } from '@portal/shared/client';
import { documentTitle } from '../cases/document-title';
import type { CitationTargets } from './cited-answer';

type Titled = PageHolder & { title: string };

/**
 * What the research panels need of the case page: where a cited page is listed now, and showing
 * it (`select` picks the document, or the junked pages, holding it; the viewer then shows `cited`).
 */
export function useCitationTargets<D extends Titled, J extends Titled>(
  documents: readonly D[] | undefined,
  junked: readonly J[],
  select: (holder: { item: D; junked: false } | { item: J; junked: true }) => void,
  onMissing: (message: string) => void,
): { targets: CitationTargets; cited: CitedLine | null } {
  const [cited, setCited] = useState<CitedLine | null>(null);
  const targets = useMemo<CitationTargets>(
    () => ({
      placeOf: (c: IntelCitation) => {
        const at = holderOf(c, documents ?? [], junked);
        return at && { title: documentTitle(at.item.title), junked: at.junked };
      },
      show: (c: IntelCitation) => {
        const at = holderOf(c, documents ?? [], junked);
        if (at === undefined) {
          onMissing(`No document of the case holds the cited page any more (page ${c.page} of its file); the citation cannot be shown.`);
          return;
        }
        select(at);
        setCited({ fileId: c.fileId, page: c.page, line: c.line, at: Date.now() });
      },
    }),
    [documents, junked, select, onMissing],
  );
  return { targets, cited };
}
