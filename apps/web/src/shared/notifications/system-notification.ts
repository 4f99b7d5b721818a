const ASKED_KEY = 'notificationAsked';

/** Asks for the system notification permission once per browser (later calls do nothing). */
export function askNotificationPermissionOnce(): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'default') return;
  if (localStorage.getItem(ASKED_KEY)) return;
  localStorage.setItem(ASKED_KEY, 'true');
  void Notification.requestPermission().catch(() => undefined);
}

/**
 * A system notification when the browser allows it (null if not). Clicking it brings the console's
 * window forward, runs `onClick` and closes it. The same `tag` replaces an earlier notification.
 */
export function showSystemNotification(
  title: string,
  options: { body: string; tag?: string; onClick: () => void },
): Notification | null {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return null;
  const notification = new Notification(title, {
    body: options.body,
    ...(options.tag ? { tag: options.tag } : {}),
  });
  notification.onclick = () => {
    window.focus();
    options.onClick();
    notification.close();
  };
  return notification;
}
