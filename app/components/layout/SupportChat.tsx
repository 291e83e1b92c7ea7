import { Mail, MessageCircle } from 'lucide-react';
import { SUPPORT_EMAIL } from '../../lib/site';
import { useClientConfig } from '../../api/config';
import { buttonClass } from '../ui/Button';

const MAIL_LINK = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Causemint support')}`;

/**
 * The footer's support opener, named for what it does: a live chat when SUPPORT_CHAT_URL
 * is configured (a new tab), otherwise an email to support (the visitor's mail client).
 */
export function SupportChat() {
  const config = useClientConfig();
  // Until the configuration answers, nothing: the link would change its name under the pointer.
  if (config.isPending) return null;
  const chatUrl = config.data?.supportChatUrl ?? null;
  if (chatUrl) {
    return (
      <a href={chatUrl} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary', 'sm')} data-testid="support-opener">
        <MessageCircle className="h-4 w-4" aria-hidden /> Chat with support
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <a href={MAIL_LINK} className={buttonClass('secondary', 'sm')} data-testid="support-opener" title={SUPPORT_EMAIL}>
      <Mail className="h-4 w-4" aria-hidden /> Email support
    </a>
  );
}
