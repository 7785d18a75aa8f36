import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { pdfKey, pinPlan } from '@portal/shared/client';
import type { ApplicationDoc, CaseDocumentDoc } from '@portal/shared/sync';
import { formatBytes } from '../cases/format-bytes';
import { connectionOf } from '../data/connectivity';
import { storageEstimate } from '../data/page-cache';
import { useApp } from '../shell/app-context';
import { usePageCache, usePageCacheSnapshot } from './use-page-cache';

/**
 * "Keep available offline" for one case: pinning fetches every page of its documents (and its
 * flagged pages) now and keeps them out of eviction; the panel says whether the case is available
 * offline and how much this device holds.
 */
export function OfflineToggle({ application, documents }: { application: ApplicationDoc; documents: readonly CaseDocumentDoc[] }) {
  const { api, connectivity } = useApp();
  const online = connectionOf(useSyncExternalStore(connectivity.subscribe, connectivity.getSnapshot)) === 'online';
  const { cache, error } = usePageCache();
  const snapshot = usePageCacheSnapshot(cache);
  const pinned = snapshot.pins.has(application.id);
  const progress = snapshot.progress.get(application.id);
  const [estimate, setEstimate] = useState<{ usage: number; quota: number } | null>(null);
  // What the reviewer just asked for, shown at once while the pin is recorded.
  const [intent, setIntent] = useState<boolean | null>(null);
  useEffect(() => {
    if (intent === pinned) setIntent(null);
  }, [intent, pinned]);

  const plan = useMemo(
    () => pinPlan(documents, application.run.flags.map((f) => ({ fileId: f.fileId, page: f.page }))),
    [documents, application.run.flags],
  );
  // What the plan names: when it changes (a run landed, a split was confirmed), a pinned case fetches the new pages.
  const planKey = useMemo(() => JSON.stringify(plan), [plan]);

  useEffect(() => {
    if (!cache || !pinned || !online) return;
    void cache.pin(api, application.id, application.applicantName, plan);
    // Only a change of what the case holds, or coming back online, fetches again (`planKey` stands for `plan`).
  }, [cache, pinned, online, planKey]);

  useEffect(() => {
    let live = true;
    void storageEstimate().then((e) => live && setEstimate(e));
    return () => {
      live = false;
    };
  }, [snapshot.usage.bytes]);

  const toggle = (keep: boolean) => {
    if (!cache) return;
    setIntent(keep);
    // The pin's fetching goes on in the cache; its progress shows below.
    void (keep ? cache.pin(api, application.id, application.applicantName, plan) : cache.unpin(application.id)).catch(() => setIntent(null));
  };

  // What is here decides the state shown, not what the last pin said: after a reload offline
  // there was no pin run, and entries may have been cleared by the browser.
  const pdfKeys = plan.pdfs.map((spans) => pdfKey(application.id, spans));
  const here = cache ? pdfKeys.filter((k) => cache.has(k)).length : 0;
  const complete = here === pdfKeys.length;
  const state: 'fetching' | 'incomplete' | 'ready' | null = !pinned ? null : progress?.state === 'fetching' ? 'fetching' : complete ? 'ready' : 'incomplete';
  const status =
    state === null
      ? null
      : state === 'fetching'
        ? `Saving pages to this device… ${progress!.done} of ${progress!.total}`
        : state === 'ready'
          ? 'Available offline'
          : `Not all pages are on this device yet (${here} of ${pdfKeys.length} documents)${progress?.error ? `: ${progress.error}` : online ? '' : '; they are fetched when you are back online'}`;

  return (
    <section className="panel offline-panel" aria-labelledby="case-offline">
      <h2 id="case-offline" className="panel-title">
        Offline
      </h2>
      {error !== null ? (
        <p className="error small">Pages cannot be kept on this device: {error}</p>
      ) : (
        <>
          <label className="offline-toggle">
            <input type="checkbox" checked={intent ?? pinned} disabled={!cache || (!pinned && !online)} onChange={(e) => toggle(e.target.checked)} />
            Keep available offline
          </label>
          {!pinned && !online && <p className="hint small">Keeping a case offline fetches its pages: connect first.</p>}
          {status !== null && (
            <p className={`offline-status ${state}`} role="status" aria-label="Offline state">
              {state === 'ready' && <span aria-hidden="true">✓ </span>}
              {status}
            </p>
          )}
          <dl className="facts storage-used" aria-label="Storage used">
            <dt>Pages on this device</dt>
            <dd>
              {formatSize(snapshot.usage.bytes)} ({snapshot.usage.entries} item{snapshot.usage.entries === 1 ? '' : 's'}), {formatSize(snapshot.usage.pinnedBytes)} of it kept offline
            </dd>
            {estimate !== null && (
              <>
                <dt>This app’s storage</dt>
                <dd>
                  {formatSize(estimate.usage)} used of {formatSize(estimate.quota)} the browser allows
                </dd>
              </>
            )}
          </dl>
        </>
      )}
    </section>
  );
}

/** Sizes up to a browser's quota (hundreds of gigabytes). */
function formatSize(n: number): string {
  return n >= 1024 ** 3 ? `${(n / 1024 ** 3).toFixed(1)} GB` : formatBytes(n);
}
