import { Writable } from 'node:stream';
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeySession, buildTestApp, DRIVER, signUp, type Session, type TestApp } from '../helper.js';
import { form } from './applications-helpers.js';

/**
 * What a request body may cost (issue 37, point 9), over real sockets: the server's own parsing,
 * not inject's. A refusal given before the body was read closes the connection and reads no more,
 * however the client trickles; a declared length past the limit is 413 before any body; a body
 * that stalls or trickles past its time is 408; a hang-up is not logged as an error.
 */
const IDLE_MS = 600;
const TOTAL_MS = 3_000;
/** How long the client keeps trickling if nobody stops it: far past every bound the server keeps. */
const TRICKLE_FOR_MS = 6_000;

interface Trickled {
  /** The status line and headers of the answer, and its body. */
  head: string;
  body: string;
  answeredAfterMs: number;
  /** When the connection closed, after the start; undefined when it was still open at the end. */
  closedAfterMs: number | undefined;
  /** Bytes the client had handed to its socket when the answer came, and in all. */
  sentAtAnswer: number;
  sent: number;
  /** The server side of the connection: how much it read, and whether it is gone. */
  serverRead: number;
  server: Socket | undefined;
}

describe(`request bodies over real sockets on ${DRIVER}`, () => {
  let t: TestApp;
  let port: number;
  let key: Session;
  let otherOrgCase: string;
  let caseId: string;
  const logLines: { level: number; msg: string }[] = [];
  /** The server's side of each connection, by the client's port (read at once: a closed socket forgets it). */
  const serverSockets = new Map<number, Socket>();

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
        done();
      },
    });
    t = await buildTestApp({ config: { bodyTimeouts: { idleMs: IDLE_MS, totalMs: TOTAL_MS } }, logger: { level: 'info', stream } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
    t.app.server.on('connection', (s: Socket) => serverSockets.set(s.remotePort!, s));
    const manager = await signUp(t.app);
    key = await apiKeySession(t.app, manager, 'Uploader');
    const created = await t.app.inject({ method: 'POST', url: '/api/applications', headers: key.headers, payload: { expectedDocListId: 'tenancy-application', applicantName: 'Kept Short' } });
    caseId = created.json().id;
    const stranger = await signUp(t.app, { orgName: 'Other Lending' });
    otherOrgCase = (await t.app.inject({ method: 'POST', url: '/api/applications', headers: stranger.headers, payload: { expectedDocListId: 'tenancy-application', applicantName: 'Not Yours' } })).json().id;
  }, 60_000);
  afterAll(() => t?.close());

  const auth = () => Object.entries(key.headers).map(([k, v]) => `${k}: ${v}\r\n`).join('');
  const BOUNDARY = '----portaltrickle';
  const filePart = (field = 'files') => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="slow.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`;

  /**
   * Sends a request head and the start of its body, then 1 KB every 10 ms (100 KB/s, 600 KB in
   * six seconds if nobody stops it), until the server closes the connection or TRICKLE_FOR_MS.
   */
  function trickle(head: string, start: string, options: { every?: number; piece?: number } = {}): Promise<Trickled> {
    const began = Date.now();
    const socket = connect(port, '127.0.0.1');
    let clientPort = -1;
    socket.on('connect', () => (clientPort = socket.localPort!));
    let text = '';
    let sent = 0;
    let sentAtAnswer = -1;
    let answeredAt = -1;
    const piece = Buffer.alloc(options.piece ?? 1024, 0x78);
    const send = (data: string | Buffer) => {
      if (socket.destroyed || !socket.writable) return;
      sent += Buffer.byteLength(data);
      socket.write(data, () => {});
    };
    return new Promise<Trickled>((resolve) => {
      const timer = setInterval(() => send(piece), options.every ?? 10);
      const finish = (closed: boolean) => {
        clearInterval(timer);
        const server = serverSockets.get(clientPort);
        const [head = '', body = ''] = text.split('\r\n\r\n');
        resolve({
          head,
          body,
          answeredAfterMs: answeredAt,
          closedAfterMs: closed ? Date.now() - began : undefined,
          sentAtAnswer,
          sent,
          serverRead: server?.bytesRead ?? -1,
          server,
        });
        socket.destroy();
      };
      socket.on('data', (c: Buffer) => {
        if (answeredAt < 0) {
          answeredAt = Date.now() - began;
          sentAtAnswer = sent;
        }
        text += c.toString('latin1');
      });
      socket.on('error', () => {});
      socket.on('close', () => finish(true));
      setTimeout(() => finish(false), TRICKLE_FOR_MS).unref();
      send(head);
      send(start);
    });
  }

  const uploadHead = (path: string, headers: string, length = 50_000_000, type = `multipart/form-data; boundary=${BOUNDARY}`) =>
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}Content-Type: ${type}\r\nContent-Length: ${length}\r\n\r\n`;

  // Each declares 50 MB (under the upload limit), so only the refusal itself can end it.
  const refusals = [
    { what: 'no credentials', status: 401, head: () => uploadHead(`/api/applications/${caseId}/files`, ''), start: () => filePart() },
    { what: 'a case of another organization', status: 404, head: () => uploadHead(`/api/applications/${otherOrgCase}/files`, auth()), start: () => filePart() },
    { what: 'a body type the operation does not take', status: 415, head: () => uploadHead(`/api/applications/${caseId}/files`, auth(), 50_000_000, 'application/octet-stream'), start: () => '%PDF-1.7\n' },
    { what: 'a field the operation does not take', status: 400, head: () => uploadHead(`/api/applications/${caseId}/files`, auth()), start: () => filePart('colour') },
    { what: 'an unknown workflow', status: 404, head: () => uploadHead('/api/workflows/no-such-workflow/runs', auth()), start: () => filePart() },
    { what: 'a case of another organization (runs)', status: 404, head: () => uploadHead('/api/workflows/standard-intake/runs', auth()), start: () => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="applicationId"\r\n\r\n${otherOrgCase}\r\n${filePart()}` },
  ];

  for (const r of refusals) {
    it(`refuses a trickled upload for ${r.what} (${r.status}), closes the connection and reads no more of it`, async () => {
      const out = await trickle(r.head(), r.start());
      expect(out.head, out.body).toMatch(new RegExp(`^HTTP/1\\.1 ${r.status} `));
      expect(JSON.parse(out.body).error).toEqual(expect.any(String));
      expect(out.head).toMatch(/\r\nconnection: close(\r\n|$)/i);
      // Closed by the server soon after the answer, not by the client giving up at TRICKLE_FOR_MS.
      expect(out.closedAfterMs, 'the connection stayed open while the client trickled').toBeDefined();
      expect(out.closedAfterMs! - out.answeredAfterMs).toBeLessThan(1_500);
      await expect.poll(() => out.server?.destroyed, { timeout: 2_000 }).toBe(true);
      // What the server read: the head and what was on its way when it answered, not the trickle
      // after it (which would be hundreds of KB had it kept reading until the client stopped).
      expect(out.serverRead).toBeLessThanOrEqual(out.sentAtAnswer + 64 * 1024);
      expect(out.serverRead).toBeLessThan(128 * 1024);
    });
  }

  it('refuses a Content-Length past the upload limit with 413 at once, without a byte of body', async () => {
    const socket = connect(port, '127.0.0.1');
    const began = Date.now();
    const text = await new Promise<string>((resolve) => {
      let got = '';
      socket.on('data', (c: Buffer) => (got += c.toString('latin1')));
      socket.on('close', () => resolve(got));
      socket.on('error', () => {});
      socket.write(uploadHead(`/api/applications/${caseId}/files`, auth(), 3 * 1024 * 1024 * 1024));
      setTimeout(() => socket.destroy(), 5_000).unref();
    });
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(text.split('\r\n\r\n')[1]!).error).toMatch(/3072 MB.*at most 2501 MB/);
    expect(Date.now() - began).toBeLessThan(2_000);
  });

  it('refuses a JSON Content-Length past BODY_LIMIT_BYTES with 413 before reading it', async () => {
    const out = await trickle(`POST /api/applications HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth()}Content-Type: application/json\r\nContent-Length: ${t.config.bodyLimitBytes + 1}\r\n\r\n`, '{"applicantName":"');
    expect(out.head).toMatch(/^HTTP\/1\.1 413 /);
    expect(out.closedAfterMs).toBeDefined();
    expect(out.serverRead).toBeLessThan(128 * 1024);
  });

  it('answers 408 to an upload whose body stops arriving, and closes the connection', async () => {
    // An accepted upload (the case is the caller's): the body is being read when it stops.
    const out = await trickle(uploadHead(`/api/applications/${caseId}/files`, auth()), filePart(), { every: 60_000 });
    expect(out.head, out.body).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(out.body).error).toMatch(/stopped arriving/);
    expect(out.head).toMatch(/\r\nconnection: close\r\n/i);
    expect(out.answeredAfterMs).toBeGreaterThanOrEqual(IDLE_MS - 50);
    expect(out.answeredAfterMs).toBeLessThan(IDLE_MS + 3_000);
    expect(out.closedAfterMs).toBeDefined();
  });

  it('answers 408 to a JSON body that stops arriving', async () => {
    const out = await trickle(`POST /api/applications HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth()}Content-Type: application/json\r\nContent-Length: 500\r\n\r\n`, '{"applicantName":', { every: 60_000 });
    expect(out.head, out.body).toMatch(/^HTTP\/1\.1 408 /);
    expect(out.closedAfterMs).toBeDefined();
  });

  it('cuts off an upload that keeps trickling past the total time, with 408', async () => {
    // 100 bytes every 100 ms: never idle, never done (50 MB declared).
    const out = await trickle(uploadHead(`/api/applications/${caseId}/files`, auth()), filePart(), { every: 100, piece: 100 });
    expect(out.head, out.body).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(out.body).error).toMatch(/did not arrive whole/);
    expect(out.answeredAfterMs).toBeGreaterThanOrEqual(TOTAL_MS - 50);
    expect(out.closedAfterMs).toBeDefined();
    expect(out.closedAfterMs!).toBeLessThan(TRICKLE_FOR_MS - 500);
  });

  it('does not log a client that hangs up mid-upload as an error', async () => {
    const before = logLines.length;
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    socket.write(uploadHead(`/api/applications/${caseId}/files`, auth(), 1_000_000));
    socket.write(filePart());
    socket.write(Buffer.alloc(20_000, 0x78));
    await new Promise((r) => setTimeout(r, 200));
    socket.destroy();
    const mine = () => logLines.slice(before);
    await expect.poll(() => mine().some((l) => /closed the connection/.test(l.msg)), { timeout: 5_000 }).toBe(true);
    expect(mine().filter((l) => l.level >= 50)).toEqual([]);
  });

  it('still serves a kept-alive client: after a refusal that closed its connection the next request goes out on a new one', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, headers: Record<string, string>, body?: Buffer) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path, method, agent, headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
          res.on('error', reject);
        });
        req.on('error', () => {});
        req.end(body);
      });
    try {
      const body = form([{ name: 'colour', value: 'blue' }, { name: 'files', filename: 'a.pdf', content: Buffer.alloc(512 * 1024, 0x20) }]);
      const refused = await send('POST', `/api/applications/${caseId}/files`, { ...key.headers, ...body.headers }, body.payload);
      expect(refused.status, refused.body).toBe(400);
      const next = await send('GET', `/api/applications/${caseId}`, key.headers);
      expect(next.status, next.body).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});
