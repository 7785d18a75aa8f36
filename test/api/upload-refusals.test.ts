import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../sync-server/src/plugins/external/multipart.js';
import { apiKeySession, buildTestApp, DRIVER, signUp, type Session, type TestApp } from '../helper.js';
import { form, type FormPart } from './applications-helpers.js';

interface Answer {
  status: number;
  body: string;
  localPort: number | undefined;
  reused: boolean;
}

/** Over real HTTP: the server's own parsing and sockets, not inject's. */
describe(`a refused multipart upload on a kept-alive connection on ${DRIVER}`, () => {
  let t: TestApp;
  let port: number;
  let key: Session;
  let caseId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
    const manager = await signUp(t.app);
    key = await apiKeySession(t.app, manager, 'Uploader');
    const created = await t.app.inject({ method: 'POST', url: '/api/applications', headers: key.headers, payload: { expectedDocListId: 'tenancy-application', applicantName: 'Kept Alive' } });
    caseId = created.json().id;
  }, 60_000);
  afterAll(() => t?.close());

  function send(agent: Agent, method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, method, agent, headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) } }, (res) => {
        const localPort = res.socket.localPort;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), localPort, reused: req.reusedSocket }));
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  const within = <T>(ms: number, what: string, p: Promise<T>): Promise<T> =>
    Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms).unref())]);

  // Text fields first, then a 1 MB file the refusal comes before: far past the socket buffers.
  const megabyte = () => ({ name: 'files', filename: 'big.pdf', content: Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(1024 * 1024)]) });
  const refusals: { what: string; path: () => string; fields: FormPart[]; status: number }[] = [
    { what: 'an unknown field (files)', path: () => `/api/applications/${caseId}/files`, fields: [{ name: 'colour', value: 'blue' }], status: 400 },
    { what: 'an unknown applicationId (runs)', path: () => '/api/workflows/standard-intake/runs', fields: [{ name: 'applicationId', value: 'app_nosuchcase' }], status: 404 },
    { what: 'an unknown list (runs)', path: () => '/api/workflows/standard-intake/runs', fields: [{ name: 'applicant', value: 'A' }, { name: 'expectedDocList', value: 'no-such-list' }], status: 404 },
    { what: 'a NUL in a field (runs)', path: () => '/api/workflows/standard-intake/runs', fields: [{ name: 'applicant', value: 'Nul\u0000' }], status: 400 },
    { what: 'an unknown workflow, before any part', path: () => '/api/workflows/no-such-workflow/runs', fields: [{ name: 'applicant', value: 'A' }], status: 404 },
  ];

  for (const r of refusals) {
    it(`answers the next request on the same connection after refusing ${r.what}`, async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const body = form([...r.fields, megabyte()]);
        const refused = await within(10_000, 'the refused upload', send(agent, 'POST', r.path(), { ...key.headers, ...body.headers }, body.payload));
        expect(refused.status, refused.body).toBe(r.status);
        expect(JSON.parse(refused.body).error).toEqual(expect.any(String));
        const next = await within(5_000, 'the request after it on the connection', send(agent, 'GET', `/api/applications/${caseId}`, key.headers));
        expect(next.status, next.body).toBe(200);
        expect(next.reused).toBe(true);
        expect(next.localPort).toBe(refused.localPort);
      } finally {
        agent.destroy();
      }
    });
  }

  it('closes the connection after refusing a body declared larger than any call may send', async () => {
    const boundary = '----portalhuge';
    // The field ends where the next part begins: the start of a file that never comes.
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="applicationId"\r\n\r\napp_nosuchcase\r\n--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="huge.pdf"\r\n\r\n%PDF-1.7\n`,
    );
    const socket = connect(port, '127.0.0.1');
    const answer = await within(
      5_000,
      'the refusal',
      new Promise<string>((resolve, reject) => {
        let text = '';
        socket.on('data', (c: Buffer) => (text += c.toString('latin1')));
        socket.on('end', () => resolve(text));
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
        const auth = Object.entries(key.headers).map(([k, v]) => `${k}: ${v}\r\n`).join('');
        socket.write(
          `POST /api/workflows/standard-intake/runs HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${MAX_UPLOAD_BYTES + 1}\r\n\r\n`,
        );
        socket.write(head);
      }),
    ).finally(() => socket.destroy());
    expect(answer).toMatch(/^HTTP\/1\.1 404/);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
  });
});
