import { useMemo, useState } from 'react';
import type { IntelCitation } from '@portal/shared';
import { AssistantPanel } from '../assistant/assistant-panel';
import { useOnline } from '../data/use-online';
import { BriefPanel } from './brief-panel';
import type { CitationTargets } from './cited-answer';

type Tab = 'brief' | 'assistant';
const TABS: { id: Tab; label: string }[] = [
  { id: 'brief', label: 'Brief' },
  { id: 'assistant', label: 'Assistant' },
];

/** From this width the page viewer stands beside the list (styles.css, "The case page"). */
const VIEWER_BESIDE = '(min-width: 1200px)';

/**
 * After a citation selected its document: beside the list, the (sticky) viewer already shows the
 * page, so the window goes back to where the person was reading (selecting scrolled the list's
 * document into view); stacked, the viewer follows the list, so it is brought into view.
 */
function keepReading(show: (c: IntelCitation) => void): (c: IntelCitation) => void {
  return (c) => {
    const y = window.scrollY;
    show(c);
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        if (window.matchMedia(VIEWER_BESIDE).matches) window.scrollTo({ top: y });
        else document.querySelector('.case-viewer-column .page-viewer')?.scrollIntoView({ block: 'start' });
      }),
    );
  };
}

/**
 * Research on a case, beside its documents: the intel briefs and the case assistant, as two tabs.
 * Both stay mounted, so an answer keeps streaming while the other tab is read.
 */
export function ResearchPanel({ applicationId, targets }: { applicationId: string; targets: CitationTargets }) {
  const [tab, setTab] = useState<Tab>('brief');
  const online = useOnline();
  const shown: CitationTargets = useMemo(() => ({ placeOf: targets.placeOf, show: keepReading(targets.show) }), [targets]);
  return (
    <section className="panel research-panel" aria-labelledby="case-research">
      <div className="panel-header">
        <h2 id="case-research">Research</h2>
        {/* Said only when it is so: online, briefs and the assistant work. */}
        {!online && <span className="muted small">Offline: research needs the server</span>}
      </div>
      <div className="tabs research-tabs" role="tablist" aria-label="Research">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`research-tab-${t.id}`}
            aria-controls={`research-${t.id}`}
            aria-selected={tab === t.id}
            className={`tab${tab === t.id ? ' tab-selected' : ''}`}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="research-brief" aria-labelledby="research-tab-brief" hidden={tab !== 'brief'}>
        <BriefPanel applicationId={applicationId} targets={shown} />
      </div>
      <div role="tabpanel" id="research-assistant" aria-labelledby="research-tab-assistant" hidden={tab !== 'assistant'}>
        <AssistantPanel applicationId={applicationId} targets={shown} />
      </div>
    </section>
  );
}
