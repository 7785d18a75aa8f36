import { expect } from 'vitest';
import type { App } from '@portal/sync-server';
import type { Session } from '../helper.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Reply {
  status: number;
  body: any;
}

/** Calls the API as one caller; answers the status and the parsed body. */
export function client(app: App, session: Session | { headers: Record<string, string> }) {
  const call = async (method: Method, url: string, payload?: unknown): Promise<Reply> => {
    const res = await app.inject({ method, url: `/api${url}`, headers: session.headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
    return { status: res.statusCode, body: res.body ? res.json() : undefined };
  };
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload?: unknown) => call('POST', url, payload),
    put: (url: string, payload: unknown) => call('PUT', url, payload),
    del: (url: string) => call('DELETE', url),
  };
}
export type Client = ReturnType<typeof client>;

/** Asserts the status (showing the body when it differs) and returns the body. */
export function expectStatus(reply: Reply, status: number): any {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  return reply.body;
}

export const lines = (...docTypes: string[]) => docTypes.map((docType) => ({ docType }));

/** A list of the caller's, saved with `sections` and activated; answers its id. */
export async function activeList(c: Client, name: string, sections: unknown[] = [{ name: 'Identity', lines: lines('passport') }]): Promise<string> {
  const { id } = expectStatus(await c.post('/expected-doc-lists', { name }), 201);
  expectStatus(await c.put(`/expected-doc-lists/${id}/1`, { sections }), 200);
  expectStatus(await c.post(`/expected-doc-lists/${id}/1/activate`), 200);
  return id;
}

/** Runs `n` calls at once and counts the statuses they answered. */
export async function race(n: number, call: (i: number) => Promise<Reply>): Promise<{ replies: Reply[]; count: (status: number) => number }> {
  const replies = await Promise.all(Array.from({ length: n }, (_, i) => call(i)));
  return { replies, count: (status) => replies.filter((r) => r.status === status).length };
}
