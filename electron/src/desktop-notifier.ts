/** The part of Electron's `Notification` used here. */
export interface NotificationLike {
  on(event: 'click', listener: () => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  on(event: 'failed', listener: () => void): unknown;
  show(): void;
}

export interface DesktopNotifierDeps {
  /** `Notification.isSupported()`: false on a Linux desktop without a notification server. */
  isSupported(): boolean;
  create(options: { title: string; body: string }): NotificationLike;
  /** The app's window; null when none is open. */
  window(): { isFocused(): boolean } | null;
  /** Brings the window forward (restores and focuses it, or opens one). */
  showWindow(): void;
}

export interface DesktopNotifier {
  /** Shows a notification unless the person is looking at the app; answers whether it did. */
  notify(title: string, body: string): boolean;
}

export function createDesktopNotifier(deps: DesktopNotifierDeps): DesktopNotifier {
  // A notification nothing refers to may be garbage-collected while still on screen, and its
  // click then goes nowhere; these are held until the person dealt with them.
  const showing = new Set<NotificationLike>();
  return {
    notify(title, body) {
      if (deps.window()?.isFocused() === true || !deps.isSupported()) return false;
      const notification = deps.create({ title, body });
      showing.add(notification);
      const release = () => showing.delete(notification);
      notification.on('click', () => {
        release();
        deps.showWindow();
      });
      notification.on('close', release);
      notification.on('failed', release);
      notification.show();
      return true;
    },
  };
}
