/**
 * E-invoices carried inside PDFs: a Factur-X / ZUGFeRD / XRechnung PDF embeds the invoice as XML
 * (EN 16931, in CII or UBL syntax). That XML is the document's own truth, written by the system
 * that issued the invoice, so when a packet carries one its values are taken over what reading the
 * print gives (overlay.ts). Everything here is bounded and never throws past its entry points:
 * an embedded file is the applicant's data like the rest of the PDF.
 */
import { openPacket } from '../pdf/open-packet.js';
import { surveyStreams } from '../pdf/stream-guard.js';
import { readInvoiceXml, type EInvoiceSyntax, type InvoiceKeyData } from './invoice.js';
import { XmlError, type XmlLimits } from './xml.js';

export type { InvoiceKeyData, EInvoiceSyntax } from './invoice.js';
export { readInvoiceXml } from './invoice.js';
export { parseXml, XmlError, DEFAULT_XML_LIMITS, type XmlLimits } from './xml.js';

/** An invoice read from a file embedded in a PDF. */
export interface EInvoice {
  /** The embedded file's name, e.g. `factur-x.xml`. */
  fileName: string;
  syntax: EInvoiceSyntax;
  /** What the file is, for people: `Factur-X`, `ZUGFeRD`, `XRechnung`, else the syntax (`CII`, `UBL`). */
  standard: string;
  /** The guideline (profile) the XML declares, when it does. */
  profile?: string;
  keyData: InvoiceKeyData;
}

export interface EmbeddedFile {
  name: string;
  content: Uint8Array;
}

/** An embedded file larger than this is not read as an invoice (real ones are tens of KB). */
export const MAX_EINVOICE_XML_BYTES = 4 * 1024 * 1024;
/** Embedded files looked at, at most. */
export const MAX_EMBEDDED_FILES = 64;

/** The names the standards give the XML (Factur-X 1.0, ZUGFeRD 2.x and 1.0, XRechnung in a PDF). */
const KNOWN_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml'];

/** How people call the e-invoice, from its file name and declared profile. */
function standardOf(fileName: string, syntax: EInvoiceSyntax, profile: string | undefined): string {
  const n = `${fileName} ${profile ?? ''}`.toLowerCase();
  if (n.includes('xrechnung')) return 'XRechnung';
  if (fileName.toLowerCase() === 'factur-x.xml' || n.includes('factur-x')) return 'Factur-X';
  if (n.includes('zugferd')) return 'ZUGFeRD';
  return syntax;
}

/** `embedded Factur-X XML (factur-x.xml)`: where a value came from, on its field. */
export const einvoiceProvenance = (e: Pick<EInvoice, 'standard' | 'fileName'>): string => `embedded ${e.standard} XML (${e.fileName})`;

/** The file's text in the encoding it declares (UTF-8 unless it says otherwise or starts with a UTF-16 mark). */
export function decodeXml(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1]?.toLowerCase();
  const encoding = declared && /^(?:iso-8859-1|latin1|windows-1252|cp1252|iso-8859-15)$/.test(declared) ? declared : 'utf-8';
  try {
    return new TextDecoder(encoding).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

export interface EInvoiceScan {
  einvoice?: EInvoice;
  /** Why an embedded XML that looked like an e-invoice was not read, for the reading's notes. */
  notes: string[];
}

/**
 * The e-invoice among a PDF's embedded files: a file by one of the standards' names first, else
 * any `.xml` whose root is a CII or UBL invoice. A file that does not parse (malformed, a
 * DOCTYPE, past the limits) is a note, and the next candidate is tried.
 */
export function einvoiceFromFiles(files: readonly EmbeddedFile[], xmlLimits?: XmlLimits): EInvoiceScan {
  const notes: string[] = [];
  const xml = files.slice(0, MAX_EMBEDDED_FILES).filter((f) => /\.xml$/i.test(f.name));
  const known = (f: EmbeddedFile) => KNOWN_NAMES.includes(f.name.toLowerCase());
  const ordered = [...xml.filter(known), ...xml.filter((f) => !known(f))];
  for (const f of ordered) {
    if (f.content.byteLength > MAX_EINVOICE_XML_BYTES) {
      notes.push(`The embedded file ${f.name} is larger than ${MAX_EINVOICE_XML_BYTES / 1024 / 1024} MB and was not read as an e-invoice.`);
      continue;
    }
    try {
      const parsed = readInvoiceXml(decodeXml(f.content), xmlLimits);
      return { einvoice: { fileName: f.name, syntax: parsed.syntax, standard: standardOf(f.name, parsed.syntax, parsed.profile), ...(parsed.profile ? { profile: parsed.profile } : {}), keyData: parsed.keyData }, notes };
    } catch (e) {
      // An unrelated XML attachment (an order, metadata) is not worth a note; a standard's file is.
      if (known(f)) notes.push(`The embedded file ${f.name} could not be read as an e-invoice: ${e instanceof XmlError ? e.message : String(e)}.`);
    }
  }
  return { notes };
}

/** The shape of pdf.js's `getAttachments()`. */
type PdfjsAttachments = Record<string, { filename?: unknown; rawFilename?: unknown; content?: unknown } | undefined> | null;

/** The embedded files of an open pdf.js document; none when it has none or they cannot be read. */
export async function embeddedFilesOf(doc: { getAttachments(): Promise<unknown> }): Promise<EmbeddedFile[]> {
  let all: PdfjsAttachments;
  try {
    all = (await doc.getAttachments()) as PdfjsAttachments;
  } catch {
    return [];
  }
  const out: EmbeddedFile[] = [];
  for (const [key, a] of Object.entries(all ?? {}).slice(0, MAX_EMBEDDED_FILES)) {
    if (!a || !(a.content instanceof Uint8Array)) continue;
    const name = typeof a.filename === 'string' && a.filename ? a.filename : typeof a.rawFilename === 'string' && a.rawFilename ? a.rawFilename : key;
    out.push({ name: name.split(/[\\/]/).pop()!.slice(0, 200), content: a.content });
  }
  return out;
}

/**
 * The e-invoice a PDF carries, from its bytes: the stream guard first (an embedded file is a
 * stream, and a decompression bomb is refused before pdf.js inflates it), then pdf.js's attachment
 * list. Never throws: a file that cannot be opened carries no e-invoice here (its reading says why).
 */
export async function readEInvoice(bytes: Uint8Array, options: { maxStreamMb?: number; maxTotalMb?: number; xmlLimits?: XmlLimits } = {}): Promise<EInvoiceScan> {
  try {
    const survey = surveyStreams(bytes, options);
    if (survey.refusal) return { notes: [] };
    const packet = await openPacket(bytes, { textOnlyFonts: true });
    try {
      return einvoiceFromFiles(await embeddedFilesOf(packet), options.xmlLimits);
    } finally {
      await packet.destroy().catch(() => {});
    }
  } catch {
    return { notes: [] };
  }
}
