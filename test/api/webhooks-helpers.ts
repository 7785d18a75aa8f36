import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { WebhookEventPayload } from '@portal/shared';

/** One request a receiver got, verified with the official `standardwebhooks` package. */
export interface Received {
  webhookId: string;
  headers: IncomingHttpHeaders;
  body: string;
  payload: WebhookEventPayload;
  /** The secrets (of those the receiver knows) whose signature matched. */
  verifiedWith: string[];
  /** What the receiver answered (0: nothing). */
  status: number;
  /** Whether the answer was written whole (a sender that died while the receiver waited got none). */
  answered: boolean;
  path: string;
}

export type Answer = { status: number; body?: string; headers?: Record<string, string>; delayMs?: number } | 'hang' | 'reset';

/**
 * A webhook receiver on a real local port: it verifies every request with `standardwebhooks`
 * against the secrets it is given and answers as `answer` says (2xx by default). `down()` closes
 * the port (connection refused) and `up()` opens the same one again.
 */
export class Receiver {
  readonly received: Received[] = [];
  secrets: string[] = [];
  answer: (req: { payload: WebhookEventPayload; path: string; count: number }) => Answer = () => ({ status: 204 });
  private server: Server;
  private sockets = new Set<import('node:net').Socket>();
  port = 0;

  private constructor() {
    this.server = this.makeServer();
  }

  static async start(): Promise<Receiver> {
    const r = new Receiver();
    await r.listen(0);
    return r;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  /** Deliveries answered 2xx, in arrival order. */
  get accepted(): Received[] {
    return this.received.filter((r) => r.answered && r.status >= 200 && r.status < 300);
  }

  private makeServer(): Server {
    const server = createServer((req, res) => void this.handle(req, res));
    server.keepAliveTimeout = 5_000;
    server.on('connection', (s) => {
      this.sockets.add(s);
      s.once('close', () => this.sockets.delete(s));
    });
    return server;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const verifiedWith = this.secrets.filter((s) => {
      try {
        new Webhook(s).verify(body, req.headers as Record<string, string>);
        return true;
      } catch {
        return false;
      }
    });
    const payload = WebhookEventPayload.parse(JSON.parse(body));
    const answer = this.answer({ payload, path: req.url ?? '', count: this.received.length });
    const status = typeof answer === 'string' ? 0 : answer.status;
    const entry: Received = { webhookId: String(req.headers['webhook-id']), headers: req.headers, body, payload, verifiedWith, status, answered: false, path: req.url ?? '' };
    this.received.push(entry);
    if (answer === 'hang') return;
    if (answer === 'reset') return void req.socket.destroy();
    if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
    if (res.destroyed) return;
    res.writeHead(answer.status, answer.headers ?? {});
    res.end(answer.body ?? '', () => {
      entry.answered = !res.destroyed;
    });
  }

  private listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', reject);
        this.port = (this.server.address() as AddressInfo).port;
        resolve();
      });
    });
  }

  /** Closes the port: connections are refused until `up()`. */
  async down(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  async up(): Promise<void> {
    this.server = this.makeServer();
    await this.listen(this.port);
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    if (this.server.listening) await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
