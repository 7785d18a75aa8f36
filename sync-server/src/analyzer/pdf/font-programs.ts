/**
 * Reading text does not need a font's glyph program when the font maps its codes to Unicode
 * itself (a /ToUnicode CMap) and states its widths: yet pdf.js parses, repairs and converts every
 * embedded program it meets — a quarter of a text page's time, paid again for each document since
 * every document embeds its own subsets. So the programs of such fonts are hidden from pdf.js by
 * renaming the descriptor's key in place (`/FontFile2` → `/FontFilZ2`, the same length, so every
 * cross-reference offset still holds), and pdf.js reads the text by the CMap and the widths.
 *
 * Only what can be proved from the file's own bytes is hidden: a descriptor every referring font
 * of which carries a ToUnicode. A file with object streams (dictionaries compressed out of sight)
 * or anything unresolved is left as it is. Renderings of such a file draw text in a stand-in face,
 * which is only used to OCR pages that have almost no text layer.
 */

const OBJECT = /(\d+)\s+(\d+)\s+obj\b/g;

interface FontFacts {
  toUnicode: boolean;
  descriptor: number | null;
  descendants: number[];
}

/** The dictionary text of each top-level object (up to its stream or its end). */
function objects(text: string): Map<number, { dict: string; at: number }> {
  const out = new Map<number, { dict: string; at: number }>();
  for (const m of text.matchAll(OBJECT)) {
    const at = m.index + m[0].length;
    const endobj = text.indexOf('endobj', at);
    const stream = text.indexOf('stream', at);
    const end = Math.min(endobj < 0 ? text.length : endobj, stream < 0 ? text.length : stream, at + 64 * 1024);
    out.set(Number(m[1]), { dict: text.slice(at, end), at });
  }
  return out;
}

/** The bytes with the provably unneeded font programs hidden, or null when none can be. */
export function hideFontPrograms(bytes: Uint8Array): Uint8Array | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.indexOf('/FontFile2') < 0 || buf.indexOf('/ToUnicode') < 0) return null;
  const text = buf.toString('latin1');
  if (/\/Type\s*\/ObjStm\b/.test(text)) return null;
  const objs = objects(text);
  const fonts = new Map<number, FontFacts>();
  for (const [n, { dict }] of objs) {
    if (!/\/Type\s*\/Font\b/.test(dict)) continue;
    const descendants = /\/DescendantFonts\s*\[\s*((?:\d+\s+\d+\s+R\s*)+)\]/.exec(dict);
    fonts.set(n, {
      toUnicode: /\/ToUnicode\s+\d+\s+\d+\s+R/.test(dict),
      descriptor: Number(/\/FontDescriptor\s+(\d+)\s+\d+\s+R/.exec(dict)?.[1] ?? NaN) || null,
      descendants: descendants ? [...descendants[1]!.matchAll(/(\d+)\s+\d+\s+R/g)].map((d) => Number(d[1])) : [],
    });
  }
  // A descriptor may be hidden when every font that reaches it (directly, or as a Type0's
  // descendant) has a ToUnicode; one reached by a font without one is kept.
  const verdict = new Map<number, boolean>();
  const reach = (descriptor: number | null, ok: boolean) => {
    if (descriptor === null) return;
    verdict.set(descriptor, (verdict.get(descriptor) ?? true) && ok);
  };
  const descendantOf = new Set<number>();
  for (const f of fonts.values()) {
    for (const d of f.descendants) {
      descendantOf.add(d);
      const cid = fonts.get(d);
      // An unresolved descendant: its descriptor is unknown, so nothing is proved about it.
      if (!cid) return null;
      reach(cid.descriptor, f.toUnicode);
    }
  }
  for (const [n, f] of fonts) if (!descendantOf.has(n)) reach(f.descriptor, f.toUnicode);
  const out = Buffer.from(buf);
  let hidden = 0;
  for (const [descriptor, ok] of verdict) {
    const obj = objs.get(descriptor);
    if (!ok || !obj || !/\/Type\s*\/FontDescriptor\b/.test(obj.dict)) continue;
    // TrueType programs only: without its Type1 or CFF program pdf.js loses glyphs of a font whose
    // encoding lives in the program (script faces of signatures, measured on the corpus).
    const key = /\/FontFile2(?=[\s/<[(])/.exec(obj.dict);
    if (!key) continue;
    // '/FontFile2' → '/FontFilZ2': the same number of bytes.
    out.write('/FontFilZ', obj.at + key.index, 'latin1');
    hidden++;
  }
  return hidden > 0 ? new Uint8Array(out.buffer, out.byteOffset, out.byteLength) : null;
}
