import { useCallback, useEffect, useMemo, useState } from 'react';
import type { IntelBrief, IntelBriefListing, IntelBriefSection } from '@portal/shared';
import { ApiRequestError, messageOf, ok } from '@portal/shared/client';
import { useOnline } from '../data/use-online';
import { useIntelTemplateVersions, withoutShadowed } from '../data/use-local';
import { useApp } from '../shell/app-context';
import { formatDateTime } from '../cases/cases-page';
import { CitedAnswer, OfflineNotice, type CitationTargets } from './cited-answer';

/** How often a running brief is read again: sections land one by one, each within seconds. */
const POLL_MS = 1_000;

/** The server did not answer: the offline notice says so, no error needed. */
const unreachable = (e: unknown) => e instanceof ApiRequestError && e.status === 0;

export const BRIEFS_NEED_SERVER = 'Briefs are answered by the server: connect to start one or to read this case’s briefs.';

/**
 * The case's intel briefs: start one from an active intel template (the organization's or an
 * official one), follow it while its questions are answered, read each section with its
 * citations (each opens the cited page in the viewer). Online only: briefs are not replicated.
 */
export function BriefPanel({ applicationId, targets }: { applicationId: string; targets: CitationTargets }) {
  const { api } = useApp();
  const online = useOnline();
  const versions = useIntelTemplateVersions();
  const templates = useMemo(
    () => withoutShadowed(versions ?? []).filter((t) => t.status === 'active').sort((a, b) => a.name.localeCompare(b.name)),
    [versions],
  );
  const [templateId, setTemplateId] = useState('');
  const [listing, setListing] = useState<IntelBriefListing[] | undefined>(undefined);
  const [shownId, setShownId] = useState<string | null>(null);
  const [brief, setBrief] = useState<IntelBrief | null>(null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (templateId === '' && templates.length > 0) setTemplateId(templates[0]!.id);
  }, [templates, templateId]);

  // The case's briefs, newest first, read again whenever the app is back online.
  useEffect(() => {
    if (!online) return;
    let live = true;
    ok(api.GET('/applications/{applicationId}/intel-briefs', { params: { path: { applicationId } } })).then(
      (rows) => {
        if (!live) return;
        setListing(rows);
        setShownId((id) => id ?? rows[0]?.id ?? null);
      },
      (e: unknown) => live && !unreachable(e) && setError(`Could not read the case’s briefs: ${messageOf(e)}`),
    );
    return () => {
      live = false;
    };
  }, [api, applicationId, online]);

  // The brief shown, polled while it runs.
  useEffect(() => {
    if (!online || shownId === null) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () =>
      ok(api.GET('/applications/{applicationId}/intel-briefs/{briefId}', { params: { path: { applicationId, briefId: shownId } } })).then(
        (b) => {
          if (!live) return;
          setBrief(b);
          setError(null);
          setListing((rows) => rows?.map((r) => (r.id === b.id ? b : r)));
          if (b.status === 'running') timer = setTimeout(() => void read(), POLL_MS);
        },
        (e: unknown) => {
          if (!live) return;
          if (!unreachable(e)) setError(`Could not read the brief: ${messageOf(e)}`);
          // A dropped connection: the next answer of the health check brings `online` back, and this effect with it.
          timer = setTimeout(() => void read(), POLL_MS * 3);
        },
      );
    void read();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, applicationId, shownId, online]);

  const start = useCallback(async () => {
    if (templateId === '') return;
    setError(null);
    setStarting(true);
    try {
      const started = await ok(api.POST('/applications/{applicationId}/intel-briefs', { params: { path: { applicationId } }, body: { templateId } }));
      setListing((rows) => [started, ...(rows ?? [])]);
      setBrief(started);
      setShownId(started.id);
    } catch (e) {
      setError(`Could not start the brief: ${messageOf(e)}`);
    } finally {
      setStarting(false);
    }
  }, [api, applicationId, templateId]);

  const shown = brief !== null && brief.id === shownId ? brief : null;
  return (
    <div className="brief-panel">
      {!online && <OfflineNotice text={BRIEFS_NEED_SERVER} />}
      <form
        className="research-start"
        onSubmit={(e) => {
          e.preventDefault();
          void start();
        }}
      >
        <label className="field-inline">
          <span>Template</span>
          <select value={templateId} onChange={(e) => setTemplateId(e.target.value)} disabled={templates.length === 0}>
            {templates.length === 0 && <option value="">{versions === undefined ? 'Opening templates…' : 'No active intel template'}</option>}
            {templates.map((t) => (
              <option key={`${t.source}:${t.id}`} value={t.id}>
                {t.name} v{t.version} ({t.questions.length} question{t.questions.length === 1 ? '' : 's'})
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="primary" disabled={!online || starting || templateId === ''}>
          {starting ? 'Starting…' : 'Start brief'}
        </button>
      </form>
      {error !== null && (
        <p className="error small" role="alert">
          {error}
        </p>
      )}
      {listing !== undefined && listing.length > 1 && (
        <label className="field-inline">
          <span>Brief</span>
          <select value={shownId ?? ''} onChange={(e) => setShownId(e.target.value)} aria-label="Brief shown">
            {listing.map((b) => (
              <option key={b.id} value={b.id}>
                {b.template.name} v{b.template.version}, {formatDateTime(b.createdAt)}
                {b.status === 'running' ? ' (running)' : ''}
              </option>
            ))}
          </select>
        </label>
      )}
      {listing === undefined ? (
        online && <p className="muted small">Reading the case’s briefs…</p>
      ) : shownId === null ? (
        <p className="muted small">No brief yet. A brief answers each question of the template from the case’s pages, every claim cited to a page and line.</p>
      ) : shown === null ? (
        <p className="muted small">Opening the brief…</p>
      ) : (
        <BriefView brief={shown} targets={targets} />
      )}
    </div>
  );
}

function BriefView({ brief, targets }: { brief: IntelBrief; targets: CitationTargets }) {
  const ended = brief.sectionsDone + brief.sectionsFailed;
  return (
    <article className="brief" aria-label={`Brief: ${brief.template.name}`}>
      <header className="brief-head">
        <h3>
          {brief.template.name} <span className="muted small">v{brief.template.version}</span>
        </h3>
        <p className="muted small">
          {brief.status === 'running' ? 'Answering' : 'Ready'} · {brief.model.name} · started by {brief.createdBy}, {formatDateTime(brief.createdAt)}
        </p>
        {brief.status === 'running' ? (
          <div className="brief-progress" role="status" aria-label="Brief progress">
            <progress max={brief.sectionCount} value={ended} />
            <span className="small">
              {ended} of {brief.sectionCount} questions answered
            </span>
          </div>
        ) : (
          <p className="small" role="status" aria-label="Brief progress">
            {brief.sectionsDone} of {brief.sectionCount} answered{brief.sectionsFailed > 0 ? `, ${brief.sectionsFailed} failed` : ''}.
          </p>
        )}
      </header>
      <ol className="brief-sections">
        {brief.sections.map((s) => (
          <BriefSection key={s.n} section={s} targets={targets} />
        ))}
      </ol>
    </article>
  );
}

function BriefSection({ section: s, targets }: { section: IntelBriefSection; targets: CitationTargets }) {
  return (
    <li className={`brief-section section-${s.status}`} aria-label={`Question ${s.n}`} data-status={s.status}>
      <h4 className="brief-question">
        {s.n}. {s.question}
      </h4>
      {(s.status === 'pending' || s.status === 'running') && <p className="muted small">{s.status === 'pending' ? 'Waiting to be answered…' : 'Being answered…'}</p>}
      {s.status === 'failed' && (
        <p className="error-text small" role="note">
          Failed: {s.error ?? 'no reason was given.'}
        </p>
      )}
      {s.status === 'done' && s.answer !== null && (
        <>
          <CitedAnswer answer={s.answer} citations={s.citations} targets={targets} label={`Citations of question ${s.n}`} folded />
          {s.droppedCitations > 0 && (
            <p className="muted small">
              {s.droppedCitations} citation{s.droppedCitations === 1 ? ' was' : 's were'} dropped: the words were not on the page and line given.
            </p>
          )}
        </>
      )}
    </li>
  );
}
