import { useLayoutEffect, useRef, useState, type InputHTMLAttributes, type RefObject, type TextareaHTMLAttributes } from 'react';
import type * as Y from 'yjs';
import { diffText, moveCaret, spliceDelta, type TextDelta } from '@portal/shared/collab';
import type { CollabSession } from './collab-session';
import { readText, spliceText, textTargetKey, textType, type TextTarget } from './list-ops';

type Shared = 'value' | 'defaultValue' | 'onChange' | 'onInput';
type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, Shared> & { multiline?: false };
type AreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Shared> & { multiline: true };

export type CollabTextProps = (InputProps | AreaProps) & {
  session: CollabSession;
  target: TextTarget;
};

/**
 * A text box bound to a shared text of the draft. Each keystroke is sent as the splice it made
 * (never the whole text), so what colleagues type into the same field at the same time, or typed
 * offline, is kept beside it. Their changes are written into the box as they arrive, with the
 * caret moved along, so it does not jump while they type.
 *
 * The box is kept equal to the shared text at all times, synchronously: a keystroke is then
 * always a change of what the shared text holds, and its splice applies there unchanged.
 */
export function CollabText(props: CollabTextProps) {
  const { session, target, multiline, ...rest } = props;
  const ref = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null);
  const key = textTargetKey(target);
  // The target changes identity on every render; the key says when it is another field.
  const targetRef = useRef(target);
  targetRef.current = target;
  const [initial] = useState(() => readText(session.doc, target));

  useLayoutEffect(() => {
    const el = ref.current;
    if (el === null) return;
    const { doc } = session;
    const current = () => targetRef.current;

    /** Shows `next`, moving the caret and selection by what changed before them. */
    const show = (next: string, delta: TextDelta) => {
      const focused = el.ownerDocument.activeElement === el;
      const { selectionStart, selectionEnd, selectionDirection } = el;
      el.value = next;
      if (focused && selectionStart !== null && selectionEnd !== null) {
        el.setSelectionRange(moveCaret(selectionStart, delta), moveCaret(selectionEnd, delta), selectionDirection ?? undefined);
      }
    };

    let bound: Y.Text | undefined;
    // The text's own change description is exact; the box held the text as it was before it.
    const onText = (event: Y.YTextEvent) => {
      const next = event.target.toString();
      if (el.value !== next) show(next, event.delta as TextDelta);
    };
    const rebind = () => {
      const text = textType(doc, current());
      if (text === bound) return;
      bound?.unobserve(onText);
      bound = text;
      bound?.observe(onText);
    };
    // Runs after the texts' observers: catches a field that became another text (stored as a
    // plain string and converted, or its line re-created by a move) or was removed.
    const afterTransaction = () => {
      rebind();
      const next = readText(doc, current());
      if (el.value === next) return;
      const splice = diffText(el.value, next);
      show(next, splice === null ? [] : spliceDelta(splice));
    };
    rebind();
    afterTransaction();
    doc.on('afterTransaction', afterTransaction);
    return () => {
      doc.off('afterTransaction', afterTransaction);
      bound?.unobserve(onText);
    };
  }, [session, key]);

  const onChange = (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => {
    const el = event.currentTarget;
    const splice = diffText(readText(session.doc, targetRef.current), el.value, el.selectionEnd);
    if (splice !== null) session.edit((doc) => spliceText(doc, targetRef.current, splice));
  };

  if (multiline) {
    const areaProps = rest as Omit<AreaProps, 'multiline'>;
    return <textarea {...areaProps} ref={ref as RefObject<HTMLTextAreaElement>} defaultValue={initial} onChange={onChange} />;
  }
  const inputProps = rest as Omit<InputProps, 'multiline'>;
  return <input {...inputProps} ref={ref as RefObject<HTMLInputElement>} defaultValue={initial} onChange={onChange} />;
}
