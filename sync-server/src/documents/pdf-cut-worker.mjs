// A worker thread of the PDF cutter (pdf-cutter.ts). Plain JavaScript so it loads the same way
// from the sources and from the built server: it imports nothing of ours but its plain-JavaScript
// neighbours. It reads the packets it needs from local files (the blob store's `localPath`) and
// copies the pages asked for into one new PDF with pdf-lib: page objects with their content and
// resources as they are, nothing re-rendered nor re-compressed, and nothing else of the packet
// (pdf-cut-copy.mjs: no other page a reference of theirs names); then strips it of active content
// and of every object it does not reach (pdf-active-content.mjs), since every cut is served to
// reviewers' viewers.
import { readFile } from 'node:fs/promises';
import { move } from 'piscina';
import { PDFDocument } from 'pdf-lib';
import { stripActiveContent } from './pdf-active-content.mjs';
import { copyCut } from './pdf-cut-copy.mjs';

/** `{ spans: [{ fileId, pages }], paths: { [fileId]: path } }` → the new PDF's bytes (moved, not copied). */
export default async function cut({ spans, paths }) {
  const out = await PDFDocument.create({ updateMetadata: false });
  const sources = new Map();
  const copies = [];
  for (const span of spans) {
    let source = sources.get(span.fileId);
    if (!source) {
      const path = paths[span.fileId];
      if (!path) throw new Error(`no file ${span.fileId}`);
      source = await PDFDocument.load(await readFile(path), { updateMetadata: false, ignoreEncryption: true });
      sources.set(span.fileId, source);
    }
    copies.push({ source, pages: span.pages });
  }
  copyCut(out, copies);
  stripActiveContent(out);
  return move(await out.save({ useObjectStreams: true }));
}
