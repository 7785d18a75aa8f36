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
}

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
const ATTR = /([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The document's root element. One pass, no recursion, no backtracking regular expression over the whole text. */
export function parseXml(src: string, limits: XmlLimits = {}): XmlElement {
  const maxChars = limits.maxChars ?? 4_000_000;
  const maxDepth = limits.maxDepth ?? 64;
  const maxElements = limits.maxElements ?? 100_000;
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
      const name = src.slice(lt + 2, end).trim();
      const top = stack.pop();
      if (!top || localName(name) !== top.name) throw new XmlError(`end tag </${name.slice(0, 40)}> does not close the open element`);
      i = end + 1;
    } else {
      // A start tag: its end is the first '>' outside a quoted attribute value.
      let j = lt + 1;
      let quote = '';
      for (; j < src.length; j++) {
        const c = src[j]!;
        if (quote) {
          if (c === quote) quote = '';
        } else if (c === '"' || c === "'") quote = c;
        else if (c === '>') break;
      }
      if (j >= src.length) throw new XmlError('unterminated start tag');
      let body = src.slice(lt + 1, j);
      const selfClosing = body.endsWith('/');
      if (selfClosing) body = body.slice(0, -1);
      const space = body.search(/\s/);
      const qname = space < 0 ? body : body.slice(0, space);
      if (!NAME.test(qname)) throw new XmlError(`malformed element name "${qname.slice(0, 40)}"`);
      const attrs: Record<string, string> = {};
      if (space >= 0) {
        for (const m of body.slice(space).matchAll(ATTR)) attrs[localName(m[1]!)] = decodeEntities(m[2] ?? m[3] ?? '');
      }
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
