import { describe, expect, it } from 'vitest';
import type { Caller } from '../src/identity/caller.js';
import { CLOSE_REVOKED, CLOSE_RIGHT_REMOVED, LiveConnections, type LiveConnection } from '../src/identity/live-connections.js';

const caller = (over: Partial<Caller> = {}): Caller => ({
  kind: 'user',
  orgId: 'org-1',
  role: 'Manager',
  userId: 'user-1',
  apiKeyId: null,
  sessionId: 'session-1',
  name: 'Mo Manager',
  authenticatedAs: 'user:mo@example.test',
  user: null,
  ...over,
});

function connection(opened: Caller, now: () => Caller | undefined | Error, needs: LiveConnection['needs'] = 'library.read') {
  const closes: { code: number; reason: string }[] = [];
  const c: LiveConnection = {
    caller: opened,
    needs,
    recheck: async () => {
      const v = now();
      if (v instanceof Error) throw v;
      return v;
    },
    close: (code, reason) => closes.push({ code, reason }),
  };
  return { c, closes };
}

describe('live connections', () => {
  it('closes what a revocation concerns and nothing else', async () => {
    const live = new LiveConnections();
    const mine = connection(caller(), () => undefined);
    const colleague = connection(caller({ userId: 'user-2', sessionId: 'session-2' }), () => undefined);
    const key = connection(caller({ kind: 'apiKey', userId: null, sessionId: null, apiKeyId: 'key-1', role: 'Originator' }), () => undefined);
    for (const x of [mine, colleague, key]) live.track(x.c);
    await live.revoked({ session: 'session-1' });
    expect(mine.closes).toEqual([{ code: CLOSE_REVOKED, reason: expect.stringMatching(/access has ended/) }]);
    expect(colleague.closes).toEqual([]);
    expect(key.closes).toEqual([]);
    await live.revoked({ key: 'key-1' });
    expect(key.closes.map((x) => x.code)).toEqual([CLOSE_REVOKED]);
    await live.revoked({ org: 'org-1' });
    expect(colleague.closes.map((x) => x.code)).toEqual([CLOSE_REVOKED]);
    expect(live.size).toBe(0);
  });

  it('closes with 4403 a connection whose right a role change removed, and keeps one the new role allows', async () => {
    const live = new LiveConnections();
    const demoted = () => caller({ role: 'Originator' });
    const managing = connection(caller(), demoted, 'users.manage');
    const reading = connection(caller(), demoted, 'library.read');
    live.track(managing.c);
    live.track(reading.c);
    await live.revoked({ user: 'user-1' });
    expect(managing.closes).toEqual([{ code: CLOSE_RIGHT_REMOVED, reason: 'Your role no longer has the right users.manage' }]);
    expect(reading.closes).toEqual([]);
    expect(reading.c.caller.role).toBe('Originator');
  });

  it('asks the connection for refusals of its own, and keeps a connection whose recheck failed', async () => {
    const live = new LiveConnections({ warn: () => {} });
    const editor = connection(caller(), () => caller({ role: 'Originator' }));
    editor.c.stillAllowed = (now) => (now.role === 'Manager' ? undefined : 'no longer an editor');
    const unsure = connection(caller({ userId: 'user-3' }), () => new Error('database down'));
    live.track(editor.c);
    const untrack = live.track(unsure.c);
    await live.recheckAll();
    expect(editor.closes).toEqual([{ code: CLOSE_RIGHT_REMOVED, reason: 'no longer an editor' }]);
    expect(unsure.closes).toEqual([]);
    untrack();
    expect(live.size).toBe(0);
  });
});
