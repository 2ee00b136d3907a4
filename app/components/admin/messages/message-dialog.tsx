import { LOCALES } from "#content/locales.ts";
import { Mail, MailOpen, Reply, Trash2 } from "lucide-react";
import { SITE_NAME } from "#content/constants.ts";
import { MESSAGE_SOURCES } from "#content/contact-fields.ts";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter } from "#app/components/ui/dialog.tsx";
import { formatWhen } from "../format.ts";
import { DeliveryList } from "./delivery-status.tsx";
import type { InboxMessage } from "#content/inbox.ts";

/** One whole message: who sent it, when, where it was delivered, and its text. */
export function MessageDialog({
  message,
  busy,
  onClose,
  onMarkUnread,
  onDelete,
}: {
  message: InboxMessage | null;
  busy: boolean;
  onClose: () => void;
  onMarkUnread: (message: InboxMessage) => void;
  onDelete: (message: InboxMessage) => void;
}) {
  return (
    <Dialog open={message !== null} onOpenChange={(open) => !open && onClose()}>
      {message && (
        <DialogContent
          title={`Message from ${message.name}`}
          description={`Received ${formatWhen(message.createdAt)}`}
          className="sm:max-w-2xl"
        >
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 rounded-xl bg-slate-50 p-4 text-sm ring-1 ring-slate-200">
            <dt className="font-medium text-slate-600">Name</dt>
            <dd className="min-w-0 break-words text-slate-900">{message.name}</dd>
            <dt className="font-medium text-slate-600">Email</dt>
            <dd className="min-w-0 break-all">
              <a className="text-brand-700 underline-offset-2 hover:underline" href={`mailto:${message.email}`}>
                {message.email}
              </a>
            </dd>
            <dt className="font-medium text-slate-600">Company</dt>
            <dd className="min-w-0 break-words text-slate-900">
              {message.company || <span className="text-slate-500">Not given</span>}
            </dd>
            <dt className="font-medium text-slate-600">Sent through</dt>
            <dd className="min-w-0 text-slate-900">{MESSAGE_SOURCES[message.source].label}</dd>
            <dt className="font-medium text-slate-600">Language</dt>
            <dd className="min-w-0 text-slate-900" lang={LOCALES[message.locale].htmlLang}>
              {LOCALES[message.locale].nativeName}
            </dd>
          </dl>
          <div className="max-h-[40dvh] overflow-y-auto whitespace-pre-wrap break-words rounded-xl border border-slate-200 p-4 text-[15px] leading-relaxed text-slate-900">
            {message.message}
          </div>
          <section aria-label="Delivery status" className="grid gap-2">
            <h3 className="text-sm font-semibold text-slate-900">Delivery</h3>
            <DeliveryList deliveries={message.deliveries} />
          </section>
          <DialogFooter className="sm:justify-between">
            <Button
              variant="ghost"
              className="text-red-700 hover:bg-red-50 hover:text-red-800"
              disabled={busy}
              onClick={() => onDelete(message)}
            >
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <Button variant="outline" disabled={busy} onClick={() => onMarkUnread(message)}>
                {message.readAt ? <Mail aria-hidden="true" /> : <MailOpen aria-hidden="true" />}
                Mark as unread
              </Button>
              <a
                className={buttonVariants()}
                href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: your message to ${SITE_NAME}`)}`}
              >
                <Reply aria-hidden="true" />
                Reply by email
              </a>
            </div>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
