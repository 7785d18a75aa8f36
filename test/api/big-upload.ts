/** Large uploads without holding them: used by the 100 MB upload test and the upload benchmark. */
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Writes a valid one-page PDF of exactly `size` bytes to `path`, streamed in 1 MB pieces: its
 * page's content stream is padded with spaces. Neither the test nor the server ever holds it.
 */
export async function writeBigPdf(path: string, size: number): Promise<void> {
  const pad10 = (n: number) => String(n).padStart(10, '0');
  const objs = [
    '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n',
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n',
    '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n',
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>\nendobj\n',
  ];
  const offsets: number[] = [];
  let at = 0;
  for (const o of objs) {
    offsets.push(at);
    at += Buffer.byteLength(o, 'latin1');
  }
  offsets.shift();
  offsets.push(at);
  // Numbers written with 10 digits, so the sizes of the head and tail do not depend on the padding.
  const head = (padding: number) => `${objs.join('')}4 0 obj\n<< /Length ${pad10(padding)} >>\nstream\n`;
  const endStream = '\nendstream\nendobj\n';
  const tail = (xrefAt: number) =>
    `xref\n0 5\n0000000000 65535 f \n${offsets.map((o) => `${pad10(o)} 00000 n \n`).join('')}trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${pad10(xrefAt)}\n%%EOF\n`;
  const padding = size - Buffer.byteLength(head(0), 'latin1') - endStream.length - Buffer.byteLength(tail(0), 'latin1');
  const xrefAt = Buffer.byteLength(head(padding), 'latin1') + padding + endStream.length;
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  async function* bytes() {
    yield Buffer.from(head(padding), 'latin1');
    for (let left = padding; left > 0; left -= chunk.length) yield left >= chunk.length ? chunk : chunk.subarray(0, left);
    yield Buffer.from(endStream + tail(xrefAt), 'latin1');
  }
  await pipeline(Readable.from(bytes()), createWriteStream(path));
  const written = (await stat(path)).size;
  if (written !== size) throw new Error(`wrote ${written} bytes, wanted ${size}`);
}

/** POSTs one file from disk as multipart field `files`, streamed; the status and body. */
export function uploadFromDisk(base: string, url: string, headers: Record<string, string>, path: string, filename: string, size: number): Promise<{ status: number; body: string }> {
  const boundary = '----portalbigupload';
  const before = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`);
  const after = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request(`${base}${url}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(before.length + size + after.length) },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    // The server may answer (413) and close before the whole body is sent.
    req.on('error', (err) => reject(err));
    req.write(before);
    const file = createReadStream(path);
    file.on('error', reject);
    file.pipe(req, { end: false });
    file.on('end', () => req.end(after));
  });
}

