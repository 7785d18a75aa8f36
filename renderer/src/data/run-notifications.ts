import { useEffect } from 'react';
import { runNotifications, transitionsToNotify, seenRuns, type DesktopBridge, type SeenRuns } from '@portal/shared';
import type { LocalData } from './local-database';

/**
 * Tells the person, through the host's notifications, when a case's run lands in its report or
 * stops at the gate: the case list updates by itself, but a run takes minutes and people look
 * away. The host shows it only while the app is in the background (see `DesktopBridge.notify`).
 * What is on the device when watching begins is no news, nor is a state already seen; the rules
 * are `transitionsToNotify` in @portal/shared.
 */
export function useRunNotifications(local: LocalData, bridge: Pick<DesktopBridge, 'notify'>): void {
  useEffect(() => {
    const since = new Date().toISOString();
    let seen: SeenRuns | null = null;
    const subscription = local.collections.applications.find().$.subscribe((docs) => {
      const current = docs.map((doc) => doc.toJSON());
      const transitions = transitionsToNotify(seen, current, { since });
      seen = seenRuns(current);
      for (const { title, body } of runNotifications(transitions)) {
        // A notification that could not be shown is no reason to disturb the page.
        bridge.notify(title, body).catch((error: unknown) => console.warn('Could not show a notification:', error));
      }
    });
    return () => subscription.unsubscribe();
  }, [local, bridge]);
}
