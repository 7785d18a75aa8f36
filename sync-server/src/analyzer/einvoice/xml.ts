/**
 * A small XML reader for the e-invoices PDFs carry (Factur-X / ZUGFeRD / XRechnung CII, UBL).
 * Deliberately not a general parser: no DOCTYPE (so no entity declarations, nothing expanded but
 * the five predefined entities and character references), no external anything, and ceilings on
 * size, depth and element count, because the XML comes from an applicant's file. It throws
 * `XmlError`; the caller turns that into a note, never into a failed reading.
 */

export interface XmlElement {
  /** Local name, without its namespace prefix (`ram:ID` → `ID`): CII and UBL files differ in prefixes, not in names. */
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (its character data and CDATA, not its children's), as written. */
  text: string;
}

export interface XmlLimits {
  /** Characters of the document. Default 4 000 000. */
  maxChars?: number;
  /** Nesting depth. Default 64. */
  maxDepth?: number;
  /** Elements in all. Default 100 000. */
  maxElements?: number;
  /** Characters of one start tag, from `<` to `>` (its name and attributes). Default 65 536. */
  maxTagChars?: number;
  /** Characters of one attribute's value, as written. Default 16 384. */
  maxAttrValueChars?: number;
  /** Attributes of one element (namespace declarations count). Default 256. */
  maxAttrs?: number;
}

/** What `parseXml` allows when a limit is not given (configured in config.ts for the server). */
export const DEFAULT_XML_LIMITS: Required<XmlLimits> = {
  maxChars: 4_000_000,
  maxDepth: 64,
  maxElements: 100_000,
  maxTagChars: 65_536,
  maxAttrValueChars: 16_384,
  maxAttrs: 256,
};

export class XmlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlError';
  }
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Text with its references resolved; any other entity is refused (none can have been declared). */
export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&([^;&\s]{0,12});/g, (whole, ref: string) => {
    if (ref in PREDEFINED) return PREDEFINED[ref]!;
    const m = /^#(?:x([0-9a-fA-F]{1,6})|([0-9]{1,7}))$/.exec(ref);
    if (m) {
      const code = m[1] !== undefined ? parseInt(m[1], 16) : Number(m[2]);
      if (code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)) return String.fromCodePoint(code);
    }
    throw new XmlError(`unknown entity ${whole.slice(0, 16)}`);
  });
}

const localName = (qname: string) => qname.slice(qname.indexOf(':') + 1);
const NAME = /^[A-Za-z_][\w.:-]*$/;

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const isNameStart = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
const isNameChar = (c: number) => isNameStart(c) || (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x3a || c === 0x2d;

/**
 * The attributes of a start tag's body (`name a="1" b='2'`, from `from`), in one pass that looks
 * at each character once: a regular expression with `matchAll` retried its match at every
 * position of a long run of name characters, which made a tag of n characters cost n² steps.
 * Anything but `name = "value"` pairs separated by white space is refused, as XML does.
 */
function parseAttrs(body: string, from: number, limits: Required<XmlLimits>): Record<string, string> {
  const attrs: Record<string, string> = {};
  let count = 0;
  let k = from;
  const n = body.length;
  for (;;) {
    const before = k;
    while (k < n && isSpace(body.charCodeAt(k))) k++;
    if (k >= n) return attrs;
    if (k === before) throw new XmlError('attributes must be separated by white space');
    if (!isNameStart(body.charCodeAt(k))) throw new XmlError(`malformed attribute at "${body.slice(k, k + 20)}"`);
    const nameStart = k;
    while (k < n && isNameChar(body.charCodeAt(k))) k++;
    const name = body.slice(nameStart, k);
    while (k < n && isSpace(body.charCodeAt(k))) k++;
    if (body.charCodeAt(k) !== 0x3d) throw new XmlError(`attribute ${name.slice(0, 40)} has no value`);
    k++;
    while (k < n && isSpace(body.charCodeAt(k))) k++;
    const quote = body[k];
    if (quote !== '"' && quote !== "'") throw new XmlError(`the value of attribute ${name.slice(0, 40)} is not quoted`);
    const end = body.indexOf(quote, k + 1);
    if (end < 0) throw new XmlError(`the value of attribute ${name.slice(0, 40)} is not closed`);
    if (end - k - 1 > limits.maxAttrValueChars) throw new XmlError(`the value of attribute ${name.slice(0, 40)} is longer than ${limits.maxAttrValueChars} characters`);
    if (++count > limits.maxAttrs) throw new XmlError(`an element with more than ${limits.maxAttrs} attributes`);
    attrs[localName(name)] = decodeEntities(body.slice(k + 1, end));
    k = end + 1;
  }
}

/** The document's root element. One pass, no recursion, no backtracking regular expression over the whole text. */
export function parseXml(src: string, limits: XmlLimits = {}): XmlElement {
  const all: Required<XmlLimits> = { ...DEFAULT_XML_LIMITS };
  for (const [k, v] of Object.entries(limits) as [keyof XmlLimits, number | undefined][]) if (v !== undefined) all[k] = v;
  const { maxChars, maxDepth, maxElements, maxTagChars } = all;
  if (src.length > maxChars) throw new XmlError(`the XML is longer than ${maxChars} characters`);
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let elements = 0;
  let i = src.charCodeAt(0) === 0xfeff ? 1 : 0;
  const text = (t: string) => {
    const top = stack[stack.length - 1];
    if (top) top.text += t;
    else if (t.trim()) throw new XmlError('text outside the root element');
  };
  while (i < src.length) {
    const lt = src.indexOf('<', i);
    if (lt < 0) {
      text(decodeEntities(src.slice(i)));
      break;
    }
    if (lt > i) text(decodeEntities(src.slice(i, lt)));
    if (src.startsWith('<?', lt)) {
      const end = src.indexOf('?>', lt + 2);
      if (end < 0) throw new XmlError('unterminated processing instruction');
      i = end + 2;
    } else if (src.startsWith('<!--', lt)) {
      const end = src.indexOf('-->', lt + 4);
      if (end < 0) throw new XmlError('unterminated comment');
      i = end + 3;
    } else if (src.startsWith('<![CDATA[', lt)) {
      const end = src.indexOf(']]>', lt + 9);
      if (end < 0) throw new XmlError('unterminated CDATA section');
      if (!stack.length) throw new XmlError('CDATA outside the root element');
      text(src.slice(lt + 9, end));
      i = end + 3;
    } else if (src.startsWith('<!', lt)) {
      // DOCTYPE above all: entity declarations are how XML bombs and external reads get in.
      throw new XmlError(src.startsWith('<!DOCTYPE', lt) ? 'a DOCTYPE is not accepted in an e-invoice' : 'an unknown markup declaration');
    } else if (src.startsWith('</', lt)) {
      const end = src.indexOf('>', lt + 2);
      if (end < 0) throw new XmlError('unterminated end tag');
      if (end - lt > maxTagChars) throw new XmlError(`an end tag longer than ${maxTagChars} characters`);
      const name = src.slice(lt + 2, end).trim();
      const top = stack.pop();
      if (!top || localName(name) !== top.name) throw new XmlError(`end tag </${name.slice(0, 40)}> does not close the open element`);
      i = end + 1;
    } else {
      // A start tag: its end is the first '>' outside a quoted attribute value, looked for no
      // further than a tag may reach.
      let j = lt + 1;
      let quote = '';
      const stop = Math.min(src.length, lt + maxTagChars);
      for (; j < stop; j++) {
        const c = src[j]!;
        if (quote) {
          if (c === quote) quote = '';
        } else if (c === '"' || c === "'") quote = c;
        else if (c === '>') break;
      }
      if (j >= src.length) throw new XmlError('unterminated start tag');
      if (j >= stop) throw new XmlError(`a start tag longer than ${maxTagChars} characters`);
      let body = src.slice(lt + 1, j);
      const selfClosing = body.endsWith('/');
      if (selfClosing) body = body.slice(0, -1);
      const space = body.search(/\s/);
      const qname = space < 0 ? body : body.slice(0, space);
      if (!NAME.test(qname)) throw new XmlError(`malformed element name "${qname.slice(0, 40)}"`);
      const attrs = space >= 0 ? parseAttrs(body, space, all) : {};
      if (++elements > maxElements) throw new XmlError(`more than ${maxElements} elements`);
      const el: XmlElement = { name: localName(qname), attrs, children: [], text: '' };
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(el);
      else if (root) throw new XmlError('more than one root element');
      else root = el;
      if (!selfClosing) {
        if (stack.length >= maxDepth) throw new XmlError(`elements nested deeper than ${maxDepth}`);
        stack.push(el);
      }
      i = j + 1;
    }
  }
  if (!root) throw new XmlError('no root element');
  if (stack.length) throw new XmlError(`<${stack[stack.length - 1]!.name}> is not closed`);
  return root;
}

/** The first child of `el` named `name` (local name). */
export const child = (el: XmlElement | undefined, name: string): XmlElement | undefined => el?.children.find((c) => c.name === name);

/** Follows `path` down through first children of those names. */
export function at(el: XmlElement | undefined, ...path: string[]): XmlElement | undefined {
  let cur = el;
  for (const name of path) cur = child(cur, name);
  return cur;
}

/** The first element named `name` anywhere below `el` (depth first, document order). */
export function descendant(el: XmlElement | undefined, name: string): XmlElement | undefined {
  if (!el) return undefined;
  const todo = [...el.children].reverse();
  while (todo.length) {
    const cur = todo.pop()!;
    if (cur.name === name) return cur;
    for (let k = cur.children.length - 1; k >= 0; k--) todo.push(cur.children[k]!);
  }
  return undefined;
}

/** An element's text, trimmed and with its white space collapsed; undefined when empty. */
export function textOf(el: XmlElement | undefined): string | undefined {
  const t = el?.text.replace(/\s+/g, ' ').trim();
  return t ? t : undefined;
}
