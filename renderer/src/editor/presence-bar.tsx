import type { Presence } from './collab-session';
import { initialsOf } from './presence-color';

/** Who else has this draft open, and where they are. */
export function PresenceBar({ others, connected }: { others: Presence[]; connected: boolean }) {
  return (
    <section className="presence-bar" aria-label="Also editing">
      {!connected ? (
        <p className="muted small">Who else is editing shows again once you are connected.</p>
      ) : others.length === 0 ? (
        <p className="muted small">Nobody else is editing this draft right now.</p>
      ) : (
        <ul className="presence-list">
          {others.map((p) => (
            <li key={p.clientId} className="presence-item">
              <span className="avatar" style={{ background: p.user.color }} aria-hidden="true">
                {initialsOf(p.user.name)}
              </span>
              <span>
                <strong>{p.user.name}</strong>
                <span className="muted"> {p.focus === null ? 'is viewing' : `is on ${p.focus.label}`}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The small name tags shown on the line someone is on. */
export function PresenceTags({ people }: { people: Presence[] }) {
  if (people.length === 0) return null;
  return (
    <span className="presence-tags">
      {people.map((p) => (
        <span key={p.clientId} className="presence-tag" style={{ background: p.user.color }}>
          {p.user.name}
        </span>
      ))}
    </span>
  );
}
