// What the PDFs we serve may not carry (pdf-cut-worker.mjs): anything a viewer would run, launch,
// submit or unpack. Applicants' packets are untrusted and reviewers open what we serve in their
// own viewers, so every cut is stripped of JavaScript, actions other than plain navigation,
// embedded files and XFA forms. Plain JavaScript (no TypeScript) for the worker thread's sake.
//
// Kept: links within the document (GoTo), the four page-turning named actions, and URI links to
// http(s) and mailto addresses. A web link is not active content: it does nothing until a person
// clicks it, the viewer asks first, and the same address may be printed on the page anyway.
// A `javascript:`, `file:` or any other scheme is dropped with the rest.
import { PDFArray, PDFDict, PDFHexString, PDFName, PDFRef, PDFStream, PDFString } from 'pdf-lib';

/** Keys that only ever hold active content: trigger tables, scripts, attachments, XFA. */
const DROPPED_KEYS = new Set(['AA', 'OpenAction', 'JS', 'JavaScript', 'EmbeddedFiles', 'EF', 'XFA', 'RichMediaContent', 'RichMediaExecute']);
/** Action types that run, launch, submit, import, reach other files or play media. */
const ACTIVE_ACTIONS = new Set([
  'JavaScript',
  'Launch',
  'SubmitForm',
  'ImportData',
  'ResetForm',
  'GoToR',
  'GoToE',
  'Rendition',
  'RichMediaExecute',
  'Sound',
  'Movie',
  'Hide',
  'SetOCGState',
  'GoTo3DView',
  'Thread',
  'Trans',
]);
/** Annotations that are an attachment or a player: removed from their page whole. */
const ACTIVE_ANNOTATIONS = new Set(['FileAttachment', 'Screen', 'Movie', 'Sound', 'RichMedia', '3D']);
const PAGE_TURNS = new Set(['NextPage', 'PrevPage', 'FirstPage', 'LastPage']);
const WEB_LINK = /^\s*(?:https?:|mailto:)/i;

/**
 * A name as a viewer decodes it: pdf-lib decodes `#xx` escapes written with upper-case digits
 * only and keeps `/#4aS` as the five characters `#4aS`, which every viewer reads as `/JS`.
 */
const nameOf = (value) => (value instanceof PDFName ? value.decodeText().replace(/#([0-9a-fA-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))) : undefined);

function textOf(value) {
  if (value instanceof PDFString || value instanceof PDFHexString) return value.decodeText();
  return '';
}

/** The value of `key` in `dict`, whatever the spelling of the key's name. */
function entry(dict, key) {
  for (const [k, v] of dict.entries()) if (nameOf(k) === key) return v;
  return undefined;
}

/** Whether `value` names an action a viewer may follow: in-document navigation and web links. */
function isSafeAction(context, value) {
  const action = context.lookup(value);
  if (!(action instanceof PDFDict)) return false;
  const type = nameOf(context.lookup(entry(action, 'S')));
  if (type === 'GoTo') return true;
  if (type === 'Named') return PAGE_TURNS.has(nameOf(context.lookup(entry(action, 'N'))));
  if (type === 'URI') return WEB_LINK.test(textOf(context.lookup(entry(action, 'URI'))));
  return false;
}

/** Whether `value` is an action (a dictionary with a type) that is not safe. */
const isActiveAction = (context, value) => {
  const action = context.lookup(value);
  return action instanceof PDFDict && entry(action, 'S') !== undefined && !isSafeAction(context, action);
};

function isActiveAnnotation(context, value) {
  const annotation = context.lookup(value);
  return annotation instanceof PDFDict && ACTIVE_ANNOTATIONS.has(nameOf(context.lookup(entry(annotation, 'Subtype'))));
}

function stripDict(context, dict) {
  const type = nameOf(context.lookup(entry(dict, 'S')));
  const isAction = type !== undefined && (entry(dict, 'Type') === undefined || nameOf(context.lookup(entry(dict, 'Type'))) === 'Action');
  // An active action or annotation left anywhere is emptied, whoever still points at it.
  if ((isAction && ACTIVE_ACTIONS.has(type)) || isActiveAnnotation(context, dict)) {
    for (const key of dict.keys()) dict.delete(key);
    return;
  }
  for (const [key, value] of dict.entries()) {
    const name = nameOf(key);
    if (DROPPED_KEYS.has(name)) dict.delete(key);
    else if (name === 'A' && isActiveAction(context, value)) dict.delete(key);
    else if (name === 'Next' && isAction) {
      const next = context.lookup(value);
      if (next instanceof PDFArray) {
        for (let i = next.size() - 1; i >= 0; i--) if (!isSafeAction(context, next.get(i))) next.remove(i);
      } else if (!isSafeAction(context, value)) dict.delete(key);
    } else if (name === 'Annots') {
      const annots = context.lookup(value);
      if (annots instanceof PDFArray) for (let i = annots.size() - 1; i >= 0; i--) if (isActiveAnnotation(context, annots.get(i))) annots.remove(i);
    }
  }
}

/** Every dictionary of `object` (itself, a stream's, and those nested directly in it). */
function* dictsOf(object) {
  const stack = [object];
  while (stack.length > 0) {
    const o = stack.pop();
    if (o instanceof PDFStream) stack.push(o.dict);
    else if (o instanceof PDFDict) {
      yield o;
      for (const v of o.values()) if (!(v instanceof PDFRef)) stack.push(v);
    } else if (o instanceof PDFArray) {
      for (const v of o.asArray()) if (!(v instanceof PDFRef)) stack.push(v);
    }
  }
}

/** Drops every object the document no longer reaches from its trailer: what was cut loose above. */
function dropUnreachable(context) {
  const seen = new Set();
  const stack = [context.trailerInfo.Root, context.trailerInfo.Info].filter(Boolean);
  while (stack.length > 0) {
    const o = stack.pop();
    if (o instanceof PDFRef) {
      if (seen.has(o)) continue;
      seen.add(o);
      const target = context.lookup(o);
      if (target) stack.push(target);
    } else if (o instanceof PDFStream) stack.push(o.dict);
    else if (o instanceof PDFDict) stack.push(...o.values());
    else if (o instanceof PDFArray) stack.push(...o.asArray());
  }
  for (const [ref] of context.enumerateIndirectObjects()) if (!seen.has(ref)) context.delete(ref);
}

/**
 * Strips `doc` (a pdf-lib PDFDocument) of active content, in place: every object is looked at,
 * not only the pages' own entries, since a copied page carries whatever its annotations point to
 * (actions and their chains, appearance streams). Then drops every object the trailer no longer
 * reaches: what an emptied annotation or a removed action pointed to, with its streams.
 */
export function stripActiveContent(doc) {
  const { context } = doc;
  for (const [, object] of context.enumerateIndirectObjects()) {
    for (const dict of dictsOf(object)) stripDict(context, dict);
  }
  dropUnreachable(context);
}
