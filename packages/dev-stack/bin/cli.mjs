// Shared by the bin scripts: where the monorepo is, and a clean shutdown on Ctrl-C.
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Runs `cleanup` once on SIGINT/SIGTERM, then exits 0 (or the process.exitCode a failure set); a
 * second signal exits at once.
 * @param {() => Promise<void>} cleanup
 */
export function onShutdown(cleanup) {
  let shuttingDown = false;
  /** @param {NodeJS.Signals} signal */
  const handler = (signal) => {
    if (shuttingDown) {
      console.log(
        `\n${signal} again: exiting without waiting (users signed up in the last two seconds may be lost).`,
      );
      process.exit(130);
    }
    shuttingDown = true;
    console.log('\nstopping… (the Auth emulator saves its users first)');
    cleanup().then(
      () => {
        console.log('stopped.');
        process.exit();
      },
      (error) => {
        console.error(error instanceof Error ? error.message : error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}

/**
 * Every local address of a running stack, one per line, and whom to sign in as.
 * @param {{ urls: import('../src/stack.js').StackUrls, publishers: readonly { name: string, ownerEmail: string, toolkit: string }[] }} stack
 * @param {Record<string, string>} [notes] a remark after a remote's URL, by remote name
 */
export function printStackUrls(stack, notes = {}) {
  printTable([
    ['App', stack.urls.app],
    ...Object.entries(stack.urls.remotes).map(
      ([name, url]) =>
        /** @type {[string, string]} */ ([`Remote ${name}`, notes[name] ? `${url}  ${notes[name]}` : url]),
    ),
    ['Runtime config', stack.urls.runtimeConfig],
    ['Auth emulator', stack.urls.auth],
    ['Content GraphQL', stack.urls.content],
    ['API (callables)', stack.urls.api],
    ['Mail inbox (MailDev)', stack.urls.mail],
    ['SMTP (MailDev)', stack.urls.smtp],
  ]);
  if (stack.publishers.length === 0) return;
  console.log(
    "  Sign in as a publisher: enter the address on the app's start page; the link arrives in the inbox.",
  );
  printTable(
    stack.publishers.map(({ name, ownerEmail, toolkit }) => [
      ownerEmail,
      `owner of ${name} (portal ${stack.urls.app}flow/${toolkit})`,
    ]),
  );
  console.log('  npm run seed:demo adds completed results from 22 organisations for fuller screens.');
}

/**
 * @param {Array<[string, string]>} rows
 */
function printTable(rows) {
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log('');
  for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`);
  console.log('');
}

/** @param {unknown} error */
const messageOf = (error) => (error instanceof Error ? error.message : String(error));

/**
 * @param {unknown} error
 * @returns {never}
 */
export function fail(error) {
  console.error(`\n${messageOf(error)}`);
  process.exit(1);
}

/**
 * A start that failed while the holding page held the shell's port: the page shows the message the
 * terminal prints and keeps answering, so whoever opened the address reads why instead of finding
 * nothing there, until Ctrl-C, which then exits 1.
 * @param {import('../src/holding-page.js').HoldingPage} holding
 * @param {unknown} error
 */
export function reportOnHoldingPage(holding, error) {
  const message = messageOf(error);
  console.error(`\n${message}`);
  holding.fail(message);
  process.exitCode = 1;
  console.error(`\nhttp://localhost:${holding.port}/ shows this until Ctrl-C.`);
}
