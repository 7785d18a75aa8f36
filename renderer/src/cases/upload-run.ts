import { API_BASE_PATH, type Application, type GateFlag, type RefusedFile } from '@portal/shared';

/** What a new case is made of: the run call's text fields, then its PDFs. */
export interface NewCaseInput {
  workflowId: string;
  applicant: string;
  /** A list id (its active version) or `<id>/<N>`. */
  expectedDocList: string;
  files: File[];
}

/** How the run call ended. `held` and `gated`: the case exists and waits at the gate. */
export type NewCaseOutcome =
  | { kind: 'created'; application: Application }
  | { kind: 'held'; applicationId: string; flags: GateFlag[]; error: string }
  | { kind: 'gated'; applicationId: string; status: number; error: string }
  | { kind: 'refused'; status: number; error: string; refusedFiles?: RefusedFile[] };

export interface UploadHandle {
  done: Promise<NewCaseOutcome>;
  abort(): void;
}

export interface UploadDeps {
  serverUrl: string;
  /** Made per call, so a test or another window can hand in its own. */
  createRequest?: () => XMLHttpRequest;
}

/**
 * Bytes of the multipart part header the browser writes before a file's content: boundary line,
 * Content-Disposition with the file name, Content-Type, blank line. An estimate (browsers differ
 * by a few bytes in the boundary): it only places each file's byte range in the body.
 */
const partHeaderBytes = (file: File) => 110 + new TextEncoder().encode(file.name).length + file.type.length;

/**
 * Each file's share of the body sent so far, 0 to 1. The body is the text fields first (they are
 * appended first, so the server refuses a wrong field before reading any file), then the files in
 * order: whatever `total` holds beyond the files and their part headers is the fields and the
 * closing boundary, placed before and after.
 */
export function fileFractions(loaded: number, total: number, sizes: { size: number; header: number }[]): number[] {
  if (total <= 0) return sizes.map(() => 0);
  if (loaded >= total) return sizes.map(() => 1);
  const filesBytes = sizes.reduce((n, s) => n + s.size + s.header, 0);
  const trailer = 48;
  let offset = Math.max(0, total - filesBytes - trailer);
  return sizes.map(({ size, header }) => {
    const start = offset + header;
    offset = start + size;
    if (size === 0) return loaded >= start ? 1 : 0;
    return Math.min(1, Math.max(0, (loaded - start) / size));
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const field = (body: unknown, name: string): unknown => (typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined);

/** What an answer of the run call means for the person who sent it. */
export function outcomeOf(status: number, body: unknown): NewCaseOutcome {
  const error = typeof field(body, 'error') === 'string' ? (field(body, 'error') as string) : `The server answered HTTP ${status}.`;
  if (status === 201) return { kind: 'created', application: body as Application };
  const applicationId = field(body, 'applicationId');
  if (typeof applicationId === 'string') {
    const flags = field(body, 'flags');
    if (status === 409 && Array.isArray(flags)) return { kind: 'held', applicationId, flags: flags as GateFlag[], error };
    return { kind: 'gated', applicationId, status, error };
  }
  const refusedFiles = field(body, 'refusedFiles');
  return { kind: 'refused', status, error, ...(Array.isArray(refusedFiles) ? { refusedFiles: refusedFiles as RefusedFile[] } : {}) };
}

/**
 * Sends a new case to `POST /workflows/{workflowId}/runs` in one multipart call, reporting how far
 * each file is. XMLHttpRequest because `fetch` reports no upload progress. One call, not one per
 * file: the call is the consent to the run, and one run covers every file of the new case
 * (uploading files ahead with POST /applications/{id}/files would need an empty case first, left
 * behind when the person gives up half-way).
 */
export function uploadNewCase(deps: UploadDeps, input: NewCaseInput, onProgress: (fractions: number[]) => void): UploadHandle {
  const xhr = deps.createRequest?.() ?? new XMLHttpRequest();
  const url = `${deps.serverUrl.replace(/\/+$/, '')}${API_BASE_PATH}/workflows/${encodeURIComponent(input.workflowId)}/runs`;
  const body = new FormData();
  body.append('applicant', input.applicant);
  body.append('expectedDocList', input.expectedDocList);
  for (const file of input.files) body.append('files', file, file.name);
  const sizes = input.files.map((f) => ({ size: f.size, header: partHeaderBytes(f) }));

  const done = new Promise<NewCaseOutcome>((resolve) => {
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(fileFractions(event.loaded, event.total, sizes));
    };
    // Every byte is out once the upload ends, even when the last progress event came earlier.
    xhr.upload.onload = () => onProgress(sizes.map(() => 1));
    xhr.onload = () => resolve(outcomeOf(xhr.status, parseJson(xhr.responseText)));
    xhr.onerror = () => resolve({ kind: 'refused', status: 0, error: 'The server could not be reached. Check your connection; creating a case needs the server.' });
    xhr.onabort = () => resolve({ kind: 'refused', status: 0, error: 'The upload was stopped.' });
  });
  xhr.open('POST', url);
  // No `withCredentials`: the web app is same-origin, so its session cookie goes anyway; the
  // desktop's server answers CORS without credentials and main adds the device session.
  xhr.setRequestHeader('accept', 'application/json');
  xhr.send(body);
  return { done, abort: () => xhr.abort() };
}
