import { useState } from 'react';
import type { DesktopBridge } from '@portal/shared';
import { messageOf, ok, type ApiClient } from '@portal/shared/client';
import type { ApplicationDoc } from '@portal/shared/sync';
import { useApp } from '../shell/app-context';

/** A file name without path separators or characters file managers refuse, never empty. */
function safeName(text: string, fallback: string): string {
  const cleaned = text
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned === '' ? fallback : cleaned.slice(0, 120);
}

/**
 * Saves a filed PDF (cut from the packet) and shows it: the desktop puts it in Downloads and opens
 * the folder on it, the web build downloads it. Answers where it went (the desktop only).
 */
export async function downloadApprovedPdf(api: ApiClient, bridge: DesktopBridge, applicationId: string, approvedDocId: string, suggestedName: string): Promise<string | undefined> {
  const bytes = await ok(
    api.GET('/applications/{id}/approved-docs/{approvedDocId}/file', { params: { path: { id: applicationId, approvedDocId }, query: {} }, parseAs: 'arrayBuffer' }),
  );
  const base = safeName(suggestedName.replace(/\.pdf$/i, ''), 'document');
  return (await bridge.saveAndReveal(`${base}.pdf`, new Uint8Array(bytes as ArrayBuffer))).path;
}

/**
 * Saves the case as one markdown document (GET /applications/{id}/text). The desktop saves only a
 * few kinds of file (no `.md`), so there it is a `.txt` holding the same markdown.
 */
export async function downloadCaseText(api: ApiClient, bridge: DesktopBridge, application: ApplicationDoc): Promise<string | undefined> {
  const bytes = await ok(api.GET('/applications/{id}/text', { params: { path: { id: application.id } }, parseAs: 'arrayBuffer' }));
  const name = `${safeName(application.applicantName, 'case')} case text.${bridge.kind === 'desktop' ? 'txt' : 'md'}`;
  return (await bridge.saveAndReveal(name, new Uint8Array(bytes as ArrayBuffer))).path;
}

/** The case-wide download: its text as markdown. Needs the server (the text is not kept on this device). */
export function CaseTextDownload({ application }: { application: ApplicationDoc }) {
  const { api, bridge } = useApp();
  const [state, setState] = useState<{ busy: boolean; message: string | null; failed: boolean }>({ busy: false, message: null, failed: false });
  const run = async () => {
    setState({ busy: true, message: null, failed: false });
    try {
      const where = await downloadCaseText(api, bridge, application);
      setState({ busy: false, message: where ? `Saved to ${where}` : null, failed: false });
    } catch (e) {
      setState({ busy: false, message: `Could not download the case text: ${messageOf(e)}`, failed: true });
    }
  };
  return (
    <span className="case-text-download">
      <button type="button" onClick={() => void run()} disabled={state.busy}>
        {state.busy ? 'Downloading…' : 'Download case text'}
      </button>
      {state.message !== null && (
        <span className={`small ${state.failed ? 'error-text' : 'muted'}`} role={state.failed ? 'alert' : 'status'}>
          {state.message}
        </span>
      )}
    </span>
  );
}
