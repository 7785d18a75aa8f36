import { useEffect } from 'react';
import { BEFORE_NAVIGATE } from '../../shell/router';

/**
 * How an editor keeps what is typed, said the same way on every editor. A list draft is a shared
 * live document: every change is saved as it is typed (kept on this device while offline). The
 * other versioned kinds are one REST document each, saved whole by Save: a half-typed form is not
 * sent and nobody's save is overwritten keystroke by keystroke. Which of the two an editor uses is
 * part of what the indicator says.
 */
export type SaveState =
  | { model: 'live'; state: 'saved' | 'saving' | 'offline' | 'ended'; savedAt?: string | null; detail?: string }
  | { model: 'live'; state: 'invalid'; problems: number }
  | { model: 'on-save'; state: 'saved' | 'saving' | 'unsaved'; online: boolean };

export const LEAVE_WARNING = 'You have unsaved changes on this page. Leave without saving them?';

function wordsOf(s: SaveState): { headline: string; detail: string; tone: 'saved' | 'busy' | 'unsaved' | 'offline' | 'problem' } {
  if (s.model === 'live') {
    const how = 'Changes save as you type.';
    switch (s.state) {
      case 'saved':
        return { headline: 'Saved', detail: s.savedAt ? `${how} Last saved at ${new Date(s.savedAt).toLocaleTimeString()}.` : how, tone: 'saved' };
      case 'saving':
        return { headline: 'Saving…', detail: how, tone: 'busy' };
      case 'offline':
        return { headline: 'Offline — saved on this device', detail: s.detail ?? 'Changes are sent to the server when you reconnect.', tone: 'offline' };
      case 'invalid':
        return {
          headline: `Not saved — ${s.problems} problem${s.problems === 1 ? '' : 's'} to fix`,
          detail: 'Changes save as you type once the problems below are fixed; the last valid state stays saved.',
          tone: 'problem',
        };
      case 'ended':
        return { headline: 'Read-only', detail: s.detail ?? 'Editing has ended.', tone: 'problem' };
    }
  }
  const how = 'Changes are kept when you press Save.';
  switch (s.state) {
    case 'saved':
      return { headline: 'Saved', detail: s.online ? how : 'Offline: editing this draft needs the server.', tone: s.online ? 'saved' : 'offline' };
    case 'saving':
      return { headline: 'Saving…', detail: how, tone: 'busy' };
    case 'unsaved':
      return s.online
        ? { headline: 'Unsaved changes — Save', detail: 'Press Save to keep them; leaving the page drops them.', tone: 'unsaved' }
        : { headline: 'Offline — not saved', detail: 'Your changes stay on this page; save them when you are back online.', tone: 'offline' };
  }
}

/** The one save-state indicator of every editor, under the title. */
export function SaveStateIndicator({ state }: { state: SaveState }) {
  const { headline, detail, tone } = wordsOf(state);
  return (
    <p className={`save-state save-state-${tone}`} role="status" aria-label="Save state" data-model={state.model}>
      <strong>{headline}</strong> <span className="save-state-detail">{detail}</span>
    </p>
  );
}

/**
 * While `unsaved`, leaving the page asks first: closing or reloading the tab (the browser's own
 * prompt), and the app's links, back and forward (a confirmation; staying keeps the changes).
 */
export function useLeaveGuard(unsaved: boolean): void {
  useEffect(() => {
    if (!unsaved) return;
    const onUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the prompt only when a value is returned.
      e.returnValue = '';
    };
    const onNavigate = (e: Event) => {
      if (!window.confirm(LEAVE_WARNING)) e.preventDefault();
    };
    window.addEventListener('beforeunload', onUnload);
    window.addEventListener(BEFORE_NAVIGATE, onNavigate);
    return () => {
      window.removeEventListener('beforeunload', onUnload);
      window.removeEventListener(BEFORE_NAVIGATE, onNavigate);
    };
  }, [unsaved]);
}
