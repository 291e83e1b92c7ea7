import { useState, type FormEvent } from 'react';
import { MessageCircle } from 'lucide-react';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { Input, Label, Textarea } from '../ui/Field';
import { SUPPORT_EMAIL } from '../../lib/site';

/** The support chat opener: a short form that hands the message to the visitor's mail client. */
export function SupportChat() {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = `${message}\n\nReply to: ${email}`;
    window.location.href = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Causemint support')}&body=${encodeURIComponent(body)}`;
    setOpen(false);
  };

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <MessageCircle className="h-4 w-4" aria-hidden /> Chat with support
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Chat with support" description={`Send us a message and we'll reply by email (${SUPPORT_EMAIL}).`}>
        <form onSubmit={submit} className="space-y-3">
          <div>
            <Label htmlFor="support-email">Your email</Label>
            <Input id="support-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} placeholder="you@example.com" />
          </div>
          <div>
            <Label htmlFor="support-message">Message</Label>
            <Textarea id="support-message" required value={message} onChange={(e) => setMessage(e.target.value)} placeholder="How can we help?" />
          </div>
          <Button type="submit" className="w-full">Send message</Button>
        </form>
      </Dialog>
    </>
  );
}
