import { CheckCircle2, Clock, XCircle } from "lucide-react";
import { Badge } from "#app/components/ui/badge.tsx";
import { formatWhen } from "../format.ts";
import type { MessageDelivery } from "#content/inbox.ts";

const channelLabel: Record<MessageDelivery["channel"], string> = { email: "Email", forward: "Form-mail" };

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** One line an admin understands: what happened to this copy of the message, and why if it failed. */
export function deliveryDetail(delivery: MessageDelivery): string {
  if (delivery.status === "sent") return `Delivered ${formatWhen(delivery.sentAt)}.`;
  if (delivery.status === "failed")
    return `Gave up after ${delivery.attempts} attempts: ${sentence(delivery.lastError ?? "unknown error")}`;
  if (delivery.lastError) {
    const next = delivery.nextAttemptAt ? ` Next try ${formatWhen(delivery.nextAttemptAt)}.` : "";
    return `Attempt ${delivery.attempts} failed: ${sentence(delivery.lastError)}${next}`;
  }
  return "Waiting to be sent.";
}

/** A compact badge per channel; the reason of a failure is in its tooltip and accessible description. */
export function DeliveryBadge({ delivery }: { delivery: MessageDelivery }) {
  const { status } = delivery;
  const retrying = status === "pending" && delivery.lastError !== null;
  const Icon = status === "sent" ? CheckCircle2 : status === "failed" ? XCircle : Clock;
  return (
    <Badge
      variant={status === "sent" ? "success" : status === "failed" ? "destructive" : "warning"}
      title={deliveryDetail(delivery)}
      className="whitespace-nowrap"
    >
      <Icon className="size-3" aria-hidden="true" />
      {channelLabel[delivery.channel]}: {status}
      {retrying && " (retrying)"}
    </Badge>
  );
}

/** The full story of each channel, shown when a message is opened. */
export function DeliveryList({ deliveries }: { deliveries: MessageDelivery[] }) {
  if (deliveries.length === 0) {
    return (
      <p className="text-sm text-slate-600">
        Not sent anywhere: no e-mail or form-mail delivery is configured. It is kept here.
      </p>
    );
  }
  return (
    <ul className="grid gap-2" aria-label="Delivery">
      {deliveries.map((delivery) => (
        <li key={delivery.channel} className="flex flex-wrap items-start gap-x-3 gap-y-1 text-sm">
          <DeliveryBadge delivery={delivery} />
          <span className="min-w-0 flex-1 basis-48 text-slate-700">{deliveryDetail(delivery)}</span>
        </li>
      ))}
    </ul>
  );
}
