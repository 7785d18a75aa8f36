import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import { PACKETS } from '../fixtures/packets.js';

/** The synthetic packets the repository carries (test/fixtures/packets). */
export const CORPUS = PACKETS;

/**
 * The REST API from Node with the browser profile's session cookie: it keeps answering while the
 * profile is offline, so a test can check the server whatever the page is doing.
 */
export function restOf(context: BrowserContext, baseUrl: string) {
  const send = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const cookie = (await context.cookies(baseUrl)).map((c) => `${c.name}=${c.value}`).join('; ');
    const res = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  };
  return {
    send,
    get: <T>(path: string) => send<T>('GET', path),
    post: <T>(path: string, body: unknown = {}) => send<T>('POST', path, body),
  };
}

/**
 * Starts the standard intake on packets of the public corpus, as one case (`files` repeated).
 * A case held at the gate (409) is returned too: the caller decides what to do with it.
 */
export async function startCase(context: BrowserContext, baseUrl: string, applicant: string, packets: string[]): Promise<string> {
  const form = new FormData();
  form.set('applicant', applicant);
  form.set('expectedDocList', 'tenancy-application');
  for (const name of packets) form.append('files', new Blob([await readFile(`${CORPUS}/${name}`)], { type: 'application/pdf' }), basename(name));
  const started = await context.request.post(`${baseUrl}/api/workflows/standard-intake/runs`, { multipart: form });
  expect([201, 409], await started.text()).toContain(started.status());
  const body = (await started.json()) as { id?: string; applicationId?: string };
  return (body.id ?? body.applicationId)!;
}

export type RunState = { state: string; flags: unknown[] };

/** Polls the case until its run satisfies `done` (runs take a while: OCR of scanned pages). */
export async function waitForRun(context: BrowserContext, baseUrl: string, id: string, done: (run: RunState) => boolean, timeoutMs = 180_000): Promise<RunState> {
  const rest = restOf(context, baseUrl);
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    const { run } = await rest.get<{ run: RunState }>(`/applications/${id}`);
    if (done(run)) return run;
    await new Promise((r) => setTimeout(r, 1_000));
  }
  throw new Error(`the run of ${id} did not get there in time`);
}

/** A case that reaches its report: held at the gate, a person processes it anyway. */
export async function reportedCase(context: BrowserContext, baseUrl: string, applicant: string, packets: string[]): Promise<string> {
  const id = await startCase(context, baseUrl, applicant, packets);
  const run = await waitForRun(context, baseUrl, id, (r) => r.state === 'report' || (r.state === 'gated' && r.flags.length > 0));
  if (run.state === 'gated') {
    await restOf(context, baseUrl).post(`/applications/${id}/run/bypass`);
    await waitForRun(context, baseUrl, id, (r) => r.state === 'report');
  }
  return id;
}

/** Polls `check` until it holds (expect.poll is for tests, not their setup). */
export async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
}
