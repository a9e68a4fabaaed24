// The local inbox (MailDev's JSON API): every e-mail the product sends lands here.
import { E2E_INBOX_URL } from './stack';

export interface InboxMail {
  id: string;
  subject: string;
  html: string;
  to: { address: string }[];
  bcc?: { address: string }[];
  time: string;
}

async function listMail(): Promise<InboxMail[]> {
  const response = await fetch(`${E2E_INBOX_URL}/email`);
  if (!response.ok) throw new Error(`MailDev answered ${response.status}`);
  return (await response.json()) as InboxMail[];
}

const addressed = (mail: InboxMail, address: string) =>
  [...mail.to, ...(mail.bcc ?? [])].some((to) => to.address.toLowerCase() === address.toLowerCase());

/** Waits for the newest mail to `address` whose subject matches, polling the inbox. */
export async function waitForMail(
  address: string,
  subject: RegExp,
  { timeoutMs = 20_000, after = 0 }: { timeoutMs?: number; after?: number } = {},
): Promise<InboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await listMail())
      .filter((mail) => addressed(mail, address) && subject.test(mail.subject))
      .filter((mail) => Date.parse(mail.time) >= after)
      .pop();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No mail to ${address} matching ${subject} arrived in time`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function mailsTo(address: string, subject: RegExp): Promise<InboxMail[]> {
  return (await listMail()).filter((mail) => addressed(mail, address) && subject.test(mail.subject));
}

/** The first link in the mail whose address contains `contains`, with HTML entities undone. */
export function linkIn(mail: InboxMail, contains: string): string {
  for (const [, href] of mail.html.matchAll(/href="([^"]+)"/g)) {
    const url = (href ?? '').replace(/&amp;/g, '&');
    if (url.includes(contains)) return url;
  }
  throw new Error(`The mail "${mail.subject}" has no link containing ${contains}`);
}
