// /profile/messages: the operator's messages, newest first; HTML is sanitised before it is shown
// and opening an unread message marks it read.
import { useState } from 'react';
import DOMPurify from 'dompurify';
import { useTranslation } from '../../../lib/use-translation';
import type { Message } from '@jono/contract';
import { Loader } from '../../../components/ui/loader';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { ScreenHeader } from '../../account/components/screen-header';
import { useMarkMessageRead, useMessages } from '../api/messages';
import { isUnread } from '../utils/messages';

/** The host of a link that leaves this site, or null (a relative link, a mailto: or tel:). */
function externalHost(href: string | null): string | null {
  if (!href) return null;
  try {
    const url = new URL(href, window.location.href);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.host === window.location.host ? null : url.host;
  } catch {
    return null;
  }
}

/** Message HTML without scripts, event handlers or other active content; links open safely. */
export function sanitiseMessageHtml(html: string): string {
  const clean = DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'object', 'embed'],
  });
  const template = document.createElement('template');
  template.innerHTML = clean;
  template.content.querySelectorAll('a').forEach((a) => {
    a.setAttribute('target', '_blank');
    a.setAttribute('rel', 'noopener noreferrer');
    // A link to another site says where it goes, whatever its text claims (issue 27).
    const host = externalHost(a.getAttribute('href'));
    if (host) {
      const shown = document.createElement('span');
      shown.className = 'message-link-host';
      shown.textContent = ` (${host})`;
      a.after(shown);
    }
  });
  return template.innerHTML;
}

function MessageItem({ message }: { message: Message }) {
  const { t } = useTranslation('profile');
  const [open, setOpen] = useState(false);
  const markRead = useMarkMessageRead();
  const unread = isUnread(message);
  const contentId = `message-${message.id}`;
  return (
    <li className={`message${unread ? ' message--unread' : ''}`}>
      <button
        type="button"
        className="message__toggle"
        aria-expanded={open}
        aria-controls={contentId}
        onClick={() => {
          setOpen(!open);
          if (!open && !message.read) markRead.mutate(message.id);
        }}
      >
        <span className="message__title">{message.title}</span>
        <span className="message__date">{formatDate(message.date, 'FI')}</span>
        {unread ? <span className="message__new">{t('messages.new')}</span> : null}
      </button>
      {open ? (
        <div
          id={contentId}
          className="message__content"
          dangerouslySetInnerHTML={{ __html: sanitiseMessageHtml(message.content) }}
        />
      ) : null}
    </li>
  );
}

export function MessagesScreen() {
  const { t } = useTranslation('profile');
  const messages = useMessages();
  const items = [...(messages.data?.items ?? [])].sort((a, b) => b.date.localeCompare(a.date));
  return (
    <main className="screen account-screen">
      <ScreenHeader title={t('messages.title')} fallback={paths.profile.href()} />
      {messages.isPending ? <Loader /> : null}
      {messages.isError ? (
        <p className="form__error" role="alert">
          {t('loadError')}
        </p>
      ) : null}
      {messages.data && items.length === 0 ? (
        <p className="empty-state">{t('messages.empty')}</p>
      ) : null}
      <ul className="message-list">
        {items.map((message) => (
          <MessageItem key={message.id} message={message} />
        ))}
      </ul>
    </main>
  );
}
