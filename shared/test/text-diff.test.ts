import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { applySplice, diffText, LIST_TEXT_FIELDS, listContent, migrateListText, moveCaret, readListContent, spliceDelta, writeListContent } from '../src/collab/index.js';

describe('diffText: the splice a keystroke made', () => {
  it('finds nothing when the text is unchanged', () => {
    expect(diffText('note', 'note')).toBeNull();
    expect(diffText('', '', 0)).toBeNull();
  });

  it('finds a character typed at the end, in the middle and at the start', () => {
    expect(diffText('Passpor', 'Passport', 8)).toEqual({ index: 7, remove: 0, insert: 't' });
    expect(diffText('Pasport', 'Passport', 4)).toEqual({ index: 3, remove: 0, insert: 's' });
    expect(diffText('assport', 'Passport', 1)).toEqual({ index: 0, remove: 0, insert: 'P' });
  });

  it('uses the caret to tell which of equal characters was typed', () => {
    // "aa" with the caret after the first a, then "a" typed: the new a is the second, not the third.
    expect(diffText('aa', 'aaa', 2)).toEqual({ index: 1, remove: 0, insert: 'a' });
    // Without a caret the longest common start is kept.
    expect(diffText('aa', 'aaa')).toEqual({ index: 2, remove: 0, insert: 'a' });
  });

  it('finds backspace and delete by the caret', () => {
    expect(diffText('note', 'noe', 2)).toEqual({ index: 2, remove: 1, insert: '' });
    // "aaa" with the caret at 2, backspace: the caret is at 1 and the second a went.
    expect(diffText('aaa', 'aa', 1)).toEqual({ index: 1, remove: 1, insert: '' });
    // Delete (forward) at 1 of "abc".
    expect(diffText('abc', 'ac', 1)).toEqual({ index: 1, remove: 1, insert: '' });
  });

  it('finds a paste over a selection, and a replaced text', () => {
    expect(diffText('Every page', 'Every single page', 13)).toEqual({ index: 6, remove: 0, insert: 'single ' });
    // "page" selected and "sheet" pasted over it.
    expect(diffText('Every page too', 'Every sheet too', 11)).toEqual({ index: 6, remove: 4, insert: 'sheet' });
    const before = 'Every page, including blank ones';
    const after = 'Colour copy of every page';
    expect(applySplice(before, diffText(before, after, after.length)!)).toBe(after);
  });

  it('never cuts a character of two code units in half', () => {
    // 😀 and 😃 share their first code unit.
    const splice = diffText('a😀', 'a😃', 3)!;
    expect(splice).toEqual({ index: 1, remove: 2, insert: '😃' });
    const back = diffText('😀b', '😃b')!;
    expect(back.insert).toBe('😃');
  });

  it('gives a splice that always yields the new text, whatever the caret says', () => {
    const texts = ['', 'a', 'aa', 'aaa', 'abab', 'ba', 'note', 'not', 'nothing', '😀😀', 'x😀y'];
    for (const before of texts) {
      for (const after of texts) {
        for (let caret = 0; caret <= after.length; caret++) {
          const splice = diffText(before, after, caret);
          expect(splice === null ? before : applySplice(before, splice)).toBe(after);
        }
        const plain = diffText(before, after);
        expect(plain === null ? before : applySplice(before, plain)).toBe(after);
      }
    }
  });
});

describe('moveCaret: where the caret stands after a colleague’s change', () => {
  it('moves on with text inserted before it and stays with text inserted after it', () => {
    expect(moveCaret(5, [{ insert: 'My ' }])).toBe(8);
    expect(moveCaret(5, [{ retain: 2 }, { insert: 'xy' }])).toBe(7);
    expect(moveCaret(5, [{ retain: 7 }, { insert: 'xy' }])).toBe(5);
  });

  it('stays before text inserted right at it, so the person keeps typing where they were', () => {
    expect(moveCaret(5, [{ retain: 5 }, { insert: 'NOTE' }])).toBe(5);
  });

  it('moves back with text deleted before it, and to the start of a deletion it was in', () => {
    expect(moveCaret(5, [{ delete: 2 }])).toBe(3);
    expect(moveCaret(5, [{ retain: 3 }, { delete: 4 }])).toBe(3);
    expect(moveCaret(5, [{ retain: 6 }, { delete: 4 }])).toBe(5);
  });

  it('follows a splice turned into a delta', () => {
    expect(moveCaret(10, spliceDelta({ index: 2, remove: 3, insert: 'abcdef' }))).toBe(13);
    expect(spliceDelta({ index: 0, remove: 0, insert: 'x' })).toEqual([{ insert: 'x' }]);
  });
});

describe('free text of a draft list as Y.Text', () => {
  const content = { description: 'Mortgage', sections: [{ id: 's', name: 'Identity', note: '', lines: [{ id: 'l', docType: 'passport', note: 'NOTE' }], subsections: [] }] };
  const noteOf = (doc: Y.Doc) => ((readListContent(doc).sections[0] as { lines: { note: string }[] }).lines[0]!.note);
  const noteText = (doc: Y.Doc) => ((listContent(doc).get('sections') as Y.Array<Y.Map<unknown>>).get(0).get('lines') as Y.Array<Y.Map<unknown>>).get(0).get('note');

  it('keeps what two people typed into one note at once', () => {
    const a = new Y.Doc();
    writeListContent(a, content);
    const b = new Y.Doc();
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    (noteText(a) as Y.Text).insert(0, 'MOSCOW-');
    (noteText(b) as Y.Text).insert(4, '-RU');
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    expect(noteOf(a)).toBe('MOSCOW-NOTE-RU');
    expect(noteOf(b)).toBe('MOSCOW-NOTE-RU');
  });

  it('writes a saved state into a text by splicing it, keeping a colleague’s concurrent typing', () => {
    const a = new Y.Doc();
    writeListContent(a, content);
    const b = new Y.Doc();
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    const note = noteText(a);
    writeListContent(a, { ...content, sections: [{ ...content.sections[0]!, lines: [{ id: 'l', docType: 'passport', note: 'NOTE!' }] }] });
    expect(noteText(a)).toBe(note);
    (noteText(b) as Y.Text).insert(0, 'A ');
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
    expect(noteOf(a)).toBe('A NOTE!');
  });

  it('turns plain strings of stored documents into texts, keeping what they read, and only free text', () => {
    const doc = new Y.Doc();
    doc.transact(() => {
      const sections = new Y.Array<Y.Map<unknown>>();
      const section = new Y.Map<unknown>();
      const lines = new Y.Array<Y.Map<unknown>>();
      const line = new Y.Map<unknown>();
      line.set('id', 'l');
      line.set('docType', 'passport');
      line.set('note', 'old note');
      lines.push([line]);
      section.set('id', 's');
      section.set('name', 'Identity');
      section.set('lines', lines);
      sections.push([section]);
      listContent(doc).set('description', 'old');
      listContent(doc).set('sections', sections);
    });
    const before = readListContent(doc);
    expect(migrateListText(doc)).toBe(true);
    expect(readListContent(doc)).toEqual(before);
    expect(noteText(doc)).toBeInstanceOf(Y.Text);
    expect(listContent(doc).get('description')).toBeInstanceOf(Y.Text);
    const line = ((listContent(doc).get('sections') as Y.Array<Y.Map<unknown>>).get(0).get('lines') as Y.Array<Y.Map<unknown>>).get(0);
    expect(line.get('docType')).toBe('passport');
    expect(line.get('id')).toBe('l');
    expect(migrateListText(doc)).toBe(false);
    expect(LIST_TEXT_FIELDS.has('docType')).toBe(false);
  });
});
