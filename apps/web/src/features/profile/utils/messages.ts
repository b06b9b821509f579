// Which messages count as unread: from the last month and not marked read (section 9).
import { UNREAD_MESSAGE_WINDOW_DAYS, type Message } from '@jono/contract';

const DAY_MS = 24 * 60 * 60 * 1000;

export function isUnread(message: Pick<Message, 'date' | 'read'>, now = Date.now()): boolean {
  if (message.read) return false;
  const age = now - new Date(message.date).getTime();
  return Number.isFinite(age) && age <= UNREAD_MESSAGE_WINDOW_DAYS * DAY_MS;
}

export const unreadCount = (
  messages: readonly Pick<Message, 'date' | 'read'>[],
  now = Date.now(),
) => messages.filter((m) => isUnread(m, now)).length;
