import { useCallback, useEffect, useRef, useState } from 'react';
import type { AssistantTurn, Conversation } from '@portal/shared';
import { applyEvent, initialLive, messageOf, ok, type LiveTurn } from '@portal/shared/client';
import { useOnline } from '../data/use-online';
import { useApp } from '../shell/app-context';
import { CitedAnswer, CitationList, OfflineNotice, type CitationTargets } from '../briefs/cited-answer';
import { followTurn } from './turn-stream';

export const ASSISTANT_NEEDS_SERVER = 'The assistant answers from the server: connect to ask about this case or to read your conversation.';

/**
 * The case assistant: a question about the case, its answer written in as the server streams it,
 * every claim cited to a page and line (each opens in the viewer). The most recent conversation
 * of this person about the case is shown; *New conversation* starts another. Online only.
 */
export function AssistantPanel({ applicationId, targets }: { applicationId: string; targets: CitationTargets }) {
  const { api } = useApp();
  const online = useOnline();
  // undefined: not read yet; null: none yet (the first question starts one).
  const [conversation, setConversation] = useState<Conversation | null | undefined>(undefined);
  const [question, setQuestion] = useState('');
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // What each answering turn received so far, kept here so a turn drawn again resumes its stream.
  const received = useRef(new Map<string, LiveTurn>());

  const path = useCallback((id: string) => ({ params: { path: { applicationId, conversationId: id } } }), [applicationId]);

  // Read again after being offline: a turn may have ended meanwhile.
  useEffect(() => {
    if (!online) return;
    let live = true;
    (async () => {
      const rows = await ok(api.GET('/applications/{applicationId}/assistant/conversations', { params: { path: { applicationId } } }));
      const latest = rows[0];
      const whole = latest === undefined ? null : await ok(api.GET('/applications/{applicationId}/assistant/conversations/{conversationId}', path(latest.id)));
      if (live) setConversation((now) => (now && whole && now.id !== whole.id ? now : whole));
    })().catch((e: unknown) => live && setError(`Could not read your conversation: ${messageOf(e)}`));
    return () => {
      live = false;
    };
  }, [api, applicationId, online, path]);

  const ended = useCallback((turn: AssistantTurn) => {
    setConversation((c) => (c && c.id === turn.conversationId ? { ...c, turns: c.turns.map((t) => (t.id === turn.id ? turn : t)) } : c));
  }, []);

  const reread = useCallback(
    async (conversationId: string) => {
      const whole = await ok(api.GET('/applications/{applicationId}/assistant/conversations/{conversationId}', path(conversationId)));
      setConversation((c) => (c && c.id === whole.id ? whole : c));
    },
    [api, path],
  );

  const ask = useCallback(async () => {
    const text = question.trim();
    if (text === '') return;
    setError(null);
    setAsking(true);
    try {
      const c = conversation ?? (await ok(api.POST('/applications/{applicationId}/assistant/conversations', { params: { path: { applicationId } }, body: {} })));
      const turn = await ok(api.POST('/applications/{applicationId}/assistant/conversations/{conversationId}/turns', { ...path(c.id), body: { question: text } }));
      setConversation({ ...c, title: c.turns.length === 0 ? text : c.title, turns: [...c.turns, turn] });
      setQuestion('');
    } catch (e) {
      setError(`Could not ask: ${messageOf(e)}`);
    } finally {
      setAsking(false);
    }
  }, [api, applicationId, conversation, path, question]);

  const answering = conversation?.turns.some((t) => t.status === 'answering') ?? false;
  return (
    <div className="assistant-panel">
      {!online && <OfflineNotice text={ASSISTANT_NEEDS_SERVER} />}
      {conversation === undefined ? (
        online && <p className="muted small">Reading your conversation…</p>
      ) : conversation === null || conversation.turns.length === 0 ? (
        <p className="muted small">Ask anything about this case: the answer quotes the case’s pages, each quote cited to its page and line.</p>
      ) : (
        <ol className="assistant-turns" aria-label="Conversation">
          {conversation.turns.map((t) => (
            <Turn key={t.id} applicationId={applicationId} turn={t} targets={targets} received={received.current} onEnded={ended} onFinished={() => void reread(t.conversationId).catch(() => undefined)} />
          ))}
        </ol>
      )}
      {error !== null && (
        <p className="error small" role="alert">
          {error}
        </p>
      )}
      <form
        className="assistant-ask"
        aria-label="Ask the assistant"
        onSubmit={(e) => {
          e.preventDefault();
          void ask();
        }}
      >
        <label className="visually-hidden" htmlFor="assistant-question">
          Question
        </label>
        <textarea
          id="assistant-question"
          rows={2}
          disabled={!online}
          value={question}
          placeholder="Ask about this case, e.g. What is the net pay on the payslips?"
          onChange={(e) => setQuestion(e.target.value)}
          onKeyDown={(e) => {
            // Enter asks, Shift+Enter starts a new line.
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              void ask();
            }
          }}
        />
        <div className="actions">
          <button type="submit" className="primary" disabled={!online || asking || answering || question.trim() === ''}>
            {asking ? 'Asking…' : 'Ask'}
          </button>
          {conversation && conversation.turns.length > 0 && (
            <button type="button" disabled={answering} onClick={() => setConversation(null)}>
              New conversation
            </button>
          )}
        </div>
      </form>
    </div>
  );
}

/** A turn of the conversation, and what its live answer needs. */
interface TurnProps {
  applicationId: string;
  turn: AssistantTurn;
  targets: CitationTargets;
  received: Map<string, LiveTurn>;
  onEnded(turn: AssistantTurn): void;
  onFinished(): void;
}

function Turn({ applicationId, turn, targets, received, onEnded, onFinished }: TurnProps) {
  return (
    <li className={`assistant-turn turn-${turn.status}`} aria-label={`Question ${turn.n}`} data-status={turn.status}>
      <p className="assistant-question">
        <strong>{turn.question}</strong>
      </p>
      {turn.status === 'answering' ? (
        <LiveAnswer applicationId={applicationId} turn={turn} targets={targets} received={received} onEnded={onEnded} onFinished={onFinished} />
      ) : turn.status === 'failed' ? (
        <p className="error-text small" role="note">
          Failed: {turn.error ?? 'no reason was given.'}
        </p>
      ) : (
        <div className="assistant-answer" aria-label={`Answer ${turn.n}`}>
          <CitedAnswer answer={turn.answer ?? ''} citations={turn.citations} targets={targets} label={`Citations of answer ${turn.n}`} />
        </div>
      )}
    </li>
  );
}

/** A turn being answered: its stream followed, and picked up again where it stopped when the connection drops. */
function LiveAnswer({ applicationId, turn, targets, received, onEnded, onFinished }: TurnProps) {
  const { api } = useApp();
  const online = useOnline();
  const [live, setLiveState] = useState<LiveTurn>(() => received.get(turn.id) ?? initialLive());
  // Kept beside the panel's state: stopped (offline) or drawn again, the stream resumes after the last event received.
  const setLive = useCallback(
    (next: (l: LiveTurn) => LiveTurn) => {
      const value = next(received.get(turn.id) ?? initialLive());
      received.set(turn.id, value);
      setLiveState(value);
    },
    [received, turn.id],
  );
  const callbacks = useRef({ onEnded, onFinished });
  callbacks.current = { onEnded, onFinished };

  useEffect(() => {
    if (!online) {
      setLive((l) => ({ ...l, connection: 'reconnecting' }));
      return;
    }
    const stop = new AbortController();
    void followTurn({
      api,
      path: { applicationId, conversationId: turn.conversationId, turnId: turn.id },
      after: received.get(turn.id)?.lastId ?? 0,
      signal: stop.signal,
      onEvent: (e) => {
        setLive((l) => applyEvent(l, e));
        if (e.event === 'done') callbacks.current.onEnded(e.data as AssistantTurn);
        else if (e.event === 'failed' || e.event === 'revoked') callbacks.current.onEnded({ ...turn, status: 'failed', error: String((e.data as { error?: unknown }).error ?? '') });
      },
      onDropped: () => setLive((l) => ({ ...l, connection: 'reconnecting' })),
      onFinished: () => callbacks.current.onFinished(),
    });
    return () => stop.abort();
    // The turn's ids name the stream; the turn object is replaced when it ends, which unmounts this.
  }, [api, applicationId, turn.conversationId, turn.id, online, received, setLive]);

  return (
    <div className="assistant-answer live" aria-label={`Answer ${turn.n}`} aria-busy="true">
      {live.text === '' ? <p className="muted small">Reading the case…</p> : <p className="cited-answer">{live.text}</p>}
      {live.citations.length > 0 && <CitationList citations={live.citations} targets={targets} label={`Citations of answer ${turn.n}`} />}
      <p className="muted small" role="status">
        {live.connection === 'reconnecting' ? 'Connection lost: picking the answer up again where it stopped…' : 'Answering…'}
      </p>
    </div>
  );
}
