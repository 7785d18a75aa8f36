// Copying pages out of packets into a cut (pdf-cut-worker.mjs) so that the cut holds those pages
// and nothing else of the packet. Plain JavaScript (no TypeScript) for the worker thread's sake.
//
// pdf-lib's copyPages follows every reference of a copied page: an annotation's /P naming another
// page, a link's destination, a widget's /Parent field (whose /Kids are every page's widgets), a
// reference to the catalogue (and so the whole page tree). Each drags another page, with its
// content streams, images and fonts, into the cut: another of the applicant's documents hidden in
// the file we serve. Here the copy never follows a reference out of the cut:
// - a reference to a page of the cut becomes a reference to that page in the cut (pdf-lib's copy
//   made a second, orphan copy of the page instead, so a link to page 2 led nowhere);
// - a reference to a page outside the cut, to the page tree, the catalogue, the outline, the
//   structure tree, an article thread or a document part is dropped, and so is what then means
//   nothing: a destination to such a page, a GoTo action without its destination, a link without
//   its action;
// - an annotation of a page of the cut says it is on that page (/P); one reached some other way
//   (a reply to, a popup of) that says it is on a page outside the cut is left out;
// - back and cross references that only mean something in the whole packet are not carried:
//   /Parent (page tree, form field tree, popup's markup), /StructParent(s), structure
//   destinations, a page's beads, piece info, separation info and document part.
import { PDFArray, PDFCatalog, PDFDict, PDFName, PDFPage, PDFPageLeaf, PDFPageTree, PDFRef, PDFStream } from 'pdf-lib';

/** The entries of a page a cut carries (inheritable ones looked up through the packet's page tree). */
const PAGE_KEYS = ['Resources', 'MediaBox', 'CropBox', 'BleedBox', 'TrimBox', 'ArtBox', 'BoxColorInfo', 'Contents', 'Rotate', 'Group', 'Thumb', 'Annots', 'Metadata', 'UserUnit', 'Tabs', 'LastModified', 'Dur', 'Trans', 'VP', 'OutputIntents'];
const INHERITED = new Set(['Resources', 'MediaBox', 'CropBox', 'Rotate']);
/** Keys that point back up or across the packet: never carried, wherever they are. */
const UNCARRIED_KEYS = new Set(['Parent', 'StructParent', 'StructParents', 'SD']);
/** Document-level objects: nothing in a cut may reach them (a page is one unless it is cut). */
const DOCUMENT_TYPES = new Set(['Catalog', 'Pages', 'Page', 'Outlines', 'StructTreeRoot', 'StructElem', 'MCR', 'OBJR', 'Thread', 'Bead', 'DPartRoot', 'DPart']);
const FITS = new Set(['XYZ', 'Fit', 'FitH', 'FitV', 'FitR', 'FitB', 'FitBH', 'FitBV']);
const DROP = Symbol('dropped');

const nameOf = (value) => (value instanceof PDFName ? value.decodeText().replace(/#([0-9a-fA-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))) : undefined);

function entry(dict, key) {
  for (const [k, v] of dict.entries()) if (nameOf(k) === key) return v;
  return undefined;
}

/** One source's copy: its references as mapped into the cut, its pages of the cut, their annotations. */
class SourceCopy {
  constructor(source, out) {
    this.src = source.context;
    this.dest = out.context;
    /** Source ref → the cut's ref, or DROP. */
    this.refs = new Map();
    /** Source ref of an annotation listed on a page of the cut → the cut's ref of that page. */
    this.owners = new Map();
    /** Source refs of the pages of the cut. */
    this.cut = new Set();
    this.pages = source.getPages();
  }

  /** Reserves the cut's ref of a source page (the first time it is asked for) and claims its annotations. */
  reserve(index) {
    const page = this.pages[index];
    if (!page) throw new Error(`no page ${index + 1}`);
    const known = this.refs.get(page.ref);
    if (known) return known;
    const ref = this.dest.nextRef();
    this.refs.set(page.ref, ref);
    this.cut.add(page.ref);
    const annots = this.src.lookup(page.node.get(PDFName.of('Annots')));
    if (annots instanceof PDFArray) for (const a of annots.asArray()) if (a instanceof PDFRef && !this.owners.has(a)) this.owners.set(a, ref);
    return ref;
  }

  /** The page at `index`, as a new page object of the cut (at `ref`); `owner` is the ref its annotations name. */
  copyPage(index, ref, owner) {
    const node = this.pages[index].node;
    const leaf = PDFPageLeaf.fromMapWithContext(new Map(), this.dest);
    leaf.set(PDFName.of('Type'), PDFName.of('Page'));
    for (const key of PAGE_KEYS) {
      const name = PDFName.of(key);
      const value = INHERITED.has(key) ? node.getInheritableAttribute(name) : node.get(name);
      if (value === undefined) continue;
      const copied = key === 'Annots' ? this.copyAnnots(value, owner) : this.copy(value);
      if (copied !== DROP) leaf.set(name, copied);
    }
    this.dest.assign(ref, leaf);
    return leaf;
  }

  copyAnnots(value, owner) {
    const annots = this.src.lookup(value);
    if (!(annots instanceof PDFArray)) return DROP;
    const out = this.dest.obj([]);
    for (const a of annots.asArray()) {
      // An annotation written into the array itself rather than referenced: its page is this one.
      const copied = a instanceof PDFDict ? this.copyDict(a, owner) : this.copy(a);
      if (copied !== DROP) out.push(copied);
    }
    return out;
  }

  copy(value) {
    if (value instanceof PDFRef) return this.copyRef(value);
    if (value instanceof PDFStream) return this.copyStream(value);
    if (value instanceof PDFDict) return this.copyDict(value);
    if (value instanceof PDFArray) return this.copyArray(value);
    return value.clone();
  }

  copyRef(ref) {
    const known = this.refs.get(ref);
    if (known) return known;
    const target = this.src.lookup(ref);
    if (target === undefined || isDocumentLevel(target) || this.isForeignAnnotation(ref, target)) {
      this.refs.set(ref, DROP);
      return DROP;
    }
    const mapped = this.dest.nextRef();
    // Mapped before its contents are copied, so a cycle back to it ends here.
    this.refs.set(ref, mapped);
    const copied = target instanceof PDFDict ? this.copyDict(target, this.owners.get(ref)) : this.copy(target);
    if (copied === DROP) {
      // Whatever reached it during its own copy (a cycle) keeps a reference to nothing: null.
      this.refs.set(ref, DROP);
      return DROP;
    }
    this.dest.assign(mapped, copied);
    return mapped;
  }

  /** An annotation no page of the cut lists that says it is on a page outside the cut. */
  isForeignAnnotation(ref, target) {
    if (!(target instanceof PDFDict) || this.owners.has(ref)) return false;
    const page = entry(target, 'P');
    return page instanceof PDFRef && !this.cut.has(page) && isDocumentLevel(this.src.lookup(page));
  }

  copyStream(stream) {
    const copied = stream.clone(this.dest);
    for (const key of copied.dict.keys()) copied.dict.delete(key);
    const dict = this.copyEntries(stream.dict, copied.dict);
    return dict === DROP ? DROP : copied;
  }

  /** A dictionary of the cut; `owner`, for an annotation of a page of the cut, the ref of that page. */
  copyDict(dict, owner) {
    if (isDocumentLevel(dict)) return DROP;
    return this.copyEntries(dict, this.dest.obj({}), owner);
  }

  copyEntries(dict, into, owner) {
    const lost = new Set();
    for (const [key, value] of dict.entries()) {
      const name = nameOf(key);
      if (UNCARRIED_KEYS.has(name)) continue;
      if (name === 'P' && owner) {
        into.set(key, owner);
        continue;
      }
      const copied = this.copy(value);
      if (copied === DROP) lost.add(name);
      else into.set(key, copied);
    }
    if (lost.size === 0) return into;
    // What lost its target means nothing any more: an annotation of a page outside the cut, a GoTo
    // without its destination, a link that leads nowhere now.
    if (lost.has('P') && entry(dict, 'Subtype') !== undefined) return DROP;
    if (lost.has('D') && nameOf(this.src.lookup(entry(dict, 'S'))) === 'GoTo') return DROP;
    if ((lost.has('A') || lost.has('Dest')) && nameOf(this.src.lookup(entry(dict, 'Subtype'))) === 'Link' && entry(into, 'A') === undefined && entry(into, 'Dest') === undefined) return DROP;
    return into;
  }

  copyArray(array) {
    const items = array.asArray();
    const out = this.dest.obj([]);
    for (let i = 0; i < items.length; i++) {
      const copied = this.copy(items[i]);
      if (copied !== DROP) out.push(copied);
      // A destination ([page /XYZ …]) to a page outside the cut is dropped whole.
      else if (i === 0 && FITS.has(nameOf(this.src.lookup(items[1])))) return DROP;
    }
    return out;
  }
}

/** The catalogue, a page-tree node, a page, the outline, the structure tree and the like. */
function isDocumentLevel(object) {
  if (object instanceof PDFCatalog || object instanceof PDFPageTree || object instanceof PDFPageLeaf) return true;
  if (!(object instanceof PDFDict) || object instanceof PDFStream) return false;
  return DOCUMENT_TYPES.has(nameOf(entry(object, 'Type')));
}

/**
 * Adds the pages of `spans` (`[{ source, pages }]`, a pdf-lib PDFDocument and 1-based page
 * numbers) to `out`, in order, carrying only what those pages reach. A page of a source named
 * twice is copied twice; references to it lead to its first copy.
 */
export function copyCut(out, spans) {
  const copies = new Map();
  const planned = [];
  const placed = new Set();
  // Every page's ref is reserved first, so a link from one page of the cut to a later one holds.
  for (const { source, pages } of spans) {
    let copy = copies.get(source);
    if (!copy) copies.set(source, (copy = new SourceCopy(source, out)));
    for (const p of pages) {
      const owner = copy.reserve(p - 1);
      planned.push({ copy, index: p - 1, owner, ref: placed.has(owner) ? out.context.nextRef() : owner });
      placed.add(owner);
    }
  }
  for (const { copy, index, owner, ref } of planned) {
    const leaf = copy.copyPage(index, ref, owner);
    out.addPage(PDFPage.of(leaf, ref, out));
  }
}
