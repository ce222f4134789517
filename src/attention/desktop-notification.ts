/**
 * Desktop notifications (the `Notification` API), asked for only from the operator's click on
 * the bell. What one carries is the customer's name and the message's text or kind: never the
 * token, a URL or a picture from the API.
 */

/** The browser's answer so far, or `unsupported` where there is no `Notification` to make. */
export type DesktopPermission = NotificationPermission | 'unsupported';

export interface DesktopNotice {
  title: string;
  body: string;
  /** One per chat: a newer notice of the same chat replaces the one shown. */
  tag: string;
  lang: string;
}

export function desktopPermission(): DesktopPermission {
  return typeof Notification === 'function' ? Notification.permission : 'unsupported';
}

/** Asks the browser (it prompts only while the answer is `default`); call it from a click. */
export async function requestDesktopPermission(): Promise<DesktopPermission> {
  if (typeof Notification !== 'function') return 'unsupported';
  try {
    return await Notification.requestPermission();
  } catch {
    return Notification.permission;
  }
}

/**
 * Shows a notice while permission is granted; a click on it focuses the window, closes it and
 * runs `onClick`. Null when none could be shown (Chrome for Android, for one, makes them only
 * from a service worker and throws here).
 */
export function showDesktopNotice(notice: DesktopNotice, onClick: () => void): Notification | null {
  if (desktopPermission() !== 'granted') return null;
  try {
    const notification = new Notification(notice.title, { body: notice.body, tag: notice.tag, lang: notice.lang });
    notification.addEventListener('click', () => {
      window.focus();
      notification.close();
      onClick();
    });
    return notification;
  } catch {
    return null;
  }
}
