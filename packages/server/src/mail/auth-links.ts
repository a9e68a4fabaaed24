// The Auth emulator only lists the sign-in and password-reset links it would have e-mailed.
// Locally this turns each new one into a `mail` document, so the relay delivers it to the inbox
// like any other mail and records its delivery. A link that would continue to a page outside the
// app is never sent: the emulator accepts any continue URL (Firebase accepts only the authorised
// domains), and the page a sign-in link continues to receives its one-time code.
import type { DocData, DocumentStore } from '../store/port';
import { escapeHtml, mailDocument, queueMail } from '../repositories/mail';

/** One document per delivered code (the code is the id), so a restart does not send it again. */
export const DELIVERED_CODES = 'local-auth-links';

interface OobCode {
  email: string;
  oobCode: string;
  oobLink: string;
  requestType: string;
}

const MAILS: Record<string, { subject: string; intro: string; button: string; outro: string }> = {
  EMAIL_SIGNIN: {
    subject: 'Sign in to the Sustainability Toolkit',
    intro: 'Use the button below to sign in to the Sustainability Toolkit.',
    button: 'Sign in',
    outro: 'If you did not ask to sign in, you can ignore this e-mail.',
  },
  PASSWORD_RESET: {
    subject: 'Reset your password',
    intro: 'Use the button below to choose a new password for the Sustainability Toolkit.',
    button: 'Reset your password',
    outro:
      'If you did not ask to reset your password, you can ignore this e-mail; your password stays the same.',
  },
};

/**
 * The link the mail carries. A reset link opens the app's own reset page (the emulator's action
 * page cannot take a new password); production points Firebase's action URL at the same page.
 */
function actionLink(code: OobCode, appUrl: string | undefined, linkUrl: string | undefined): string {
  if (code.requestType !== 'PASSWORD_RESET' || !appUrl) {
    if (!linkUrl || !URL.canParse(code.oobLink)) return code.oobLink;
    const link = new URL(code.oobLink);
    const browsers = new URL(linkUrl);
    link.protocol = browsers.protocol;
    link.host = browsers.host;
    return link.toString();
  }
  const url = new URL('/reset-password', appUrl);
  url.searchParams.set('mode', 'resetPassword');
  url.searchParams.set('oobCode', code.oobCode);
  return url.toString();
}

export function authLinkMail(code: OobCode, appUrl?: string, linkUrl?: string): DocData | null {
  const mail = MAILS[code.requestType];
  if (!mail) return null;
  const link = escapeHtml(actionLink(code, appUrl, linkUrl));
  const html = `<!doctype html>
<html lang="en"><body style="margin:0;padding:24px 12px;background:#f4f6f5;font-family:Helvetica,Arial,sans-serif;color:#1e2a26">
<div style="max-width:580px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(mail.subject)}</h1>
<p style="font-size:16px;line-height:1.5">${escapeHtml(mail.intro)}</p>
<p style="margin:24px 0"><a href="${link}" style="display:inline-block;padding:12px 20px;background:#1f5f4a;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(mail.button)}</a></p>
<p style="font-size:14px;line-height:1.5">If the button does not work, open this link:<br><a href="${link}" style="color:#1f5f4a;word-break:break-all">${link}</a></p>
<p style="font-size:14px;line-height:1.5;color:#4a5a55">${escapeHtml(mail.outro)}</p>
</div></body></html>`;
  return mailDocument({ to: [code.email], subject: mail.subject, html });
}

/**
 * The continue URL of an emulator link when it leads outside `origins` (one that cannot be read
 * counts as outside); null when the link has none or it stays on one of them.
 */
export function foreignContinueUrl(oobLink: string, origins: readonly string[]): string | null {
  const continueUrl = URL.canParse(oobLink) ? new URL(oobLink).searchParams.get('continueUrl') : oobLink;
  if (continueUrl === null) return null;
  if (!URL.canParse(continueUrl)) return continueUrl;
  return origins.includes(new URL(continueUrl).origin) ? null : continueUrl;
}

export interface AuthLinkDeliveryOptions {
  store: DocumentStore;
  /** e.g. http://127.0.0.1:9099 */
  emulatorUrl: string;
  projectId: string;
  /** Where reset links send the user (the app's /reset-password page). */
  appUrl?: string;
  /**
   * Where browsers reach the emulator, when not at emulatorUrl (e.g. behind a proxy): the sign-in
   * links the mails carry point there instead of at the address the emulator names.
   */
  linkUrl?: string;
  /**
   * The origins a link may continue to (e.g. http://localhost:3000 and http://127.0.0.1:3000);
   * by default appUrl's. A link continuing anywhere else is recorded as refused, never sent.
   */
  appOrigins?: readonly string[];
  pollIntervalMs?: number;
  log?: (line: string) => void;
}

export interface AuthLinkDelivery {
  /** One look at the emulator; resolves with the number of mails queued. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export function startAuthLinkDelivery({
  store,
  emulatorUrl,
  projectId,
  appUrl,
  linkUrl,
  appOrigins = appUrl ? [new URL(appUrl).origin] : [],
  pollIntervalMs = 1_000,
  log = (line) => console.log(line),
}: AuthLinkDeliveryOptions): AuthLinkDelivery {
  const base = `${emulatorUrl}/emulator/v1/projects/${projectId}`;

  async function getJson<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
    return (await response.json()) as T;
  }

  /** Project-level codes, plus those of each Identity Platform tenant (listed on their own path). */
  async function listCodes(): Promise<OobCode[]> {
    const { tenants = [] } = await getJson<{ tenants?: { tenantId: string }[] }>(
      `${emulatorUrl}/identitytoolkit.googleapis.com/v2/projects/${projectId}/tenants`,
      // The emulator's admin credential; it stands in for the Admin SDK's service account.
      { Authorization: 'Bearer owner' },
    );
    const lists = await Promise.all(
      [`${base}/oobCodes`, ...tenants.map((tenant) => `${base}/tenants/${tenant.tenantId}/oobCodes`)].map(
        (url) => getJson<{ oobCodes?: OobCode[] }>(url),
      ),
    );
    return lists.flatMap((list) => list.oobCodes ?? []);
  }

  /** Codes this process knows are marked: the emulator lists every code on every poll. */
  const marked = new Set<string>();

  /** Marks the code delivered and queues its mail in one transaction: never lost, never twice. */
  async function queue(code: OobCode): Promise<boolean> {
    if (marked.has(code.oobCode)) return false;
    const mail = authLinkMail(code, appUrl, linkUrl);
    if (!mail) return false;
    const foreign = foreignContinueUrl(code.oobLink, appOrigins);
    const marker = `${DELIVERED_CODES}/${code.oobCode}`;
    const queued = await store.transaction(async (tx) => {
      if ((await tx.get(marker)).data) return false;
      if (foreign !== null) {
        tx.create(marker, { email: code.email, requestType: code.requestType, refusedContinueUrl: foreign });
        return false;
      }
      const mailId = store.newId();
      tx.create(marker, { email: code.email, requestType: code.requestType, mailId });
      queueMail(tx, mailId, mail);
      return true;
    });
    if (foreign !== null)
      log(`[auth links] not sent to ${code.email}: the link continues to ${foreign}, outside the app.`);
    marked.add(code.oobCode);
    return queued;
  }

  async function pass(): Promise<number> {
    let queued = 0;
    for (const code of await listCodes()) if (await queue(code)) queued += 1;
    return queued;
  }

  let stopped = false;
  let running: Promise<number> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let lastError = '';

  function runOnce(): Promise<number> {
    running ??= pass()
      .then(
        (queued) => {
          lastError = '';
          return queued;
        },
        (error: unknown) => {
          // Said once, not every second, while the emulator is down.
          const message = error instanceof Error ? error.message : String(error);
          if (message !== lastError) log(`[auth links] could not read the Auth emulator's links: ${message}`);
          lastError = message;
          return 0;
        },
      )
      .finally(() => {
        running = undefined;
        if (!stopped) schedule();
      });
    return running;
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(() => void runOnce(), pollIntervalMs);
    timer.unref();
  }

  schedule();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
