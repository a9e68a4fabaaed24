// Shared by the bin scripts: where the monorepo is, and a clean shutdown on Ctrl-C.
import { fileURLToPath } from 'node:url';
import devStack from '../src/index.js';
import holdingPage from '../src/holding-page.js';

const { contractPorts, readLocalRuntimeConfig } = devStack;
const { startHoldingPage } = holdingPage;

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
 * npm start's and start:firebase's shape: unless --no-build, `build` runs while the shell's port
 * answers a holding page that lists `items` and their progress; the page closes just before `start`
 * binds the port. A failure while the page held the port stays on it (and in the terminal) until
 * Ctrl-C, which then exits 1, so whoever opened the address reads why instead of finding nothing.
 * Ctrl-C at any point stops what started. Answers the started stack.
 * @template {{ stop: () => Promise<void> }} S
 * @param {{
 *   items: string[],
 *   build: (progress: import('../src/holding-page.js').HoldingPage['progress']) => Promise<void>,
 *   start: (host: string) => Promise<S>,
 * }} steps
 * @returns {Promise<S | undefined>} undefined after a failure shown on the page
 */
export async function startBehindHoldingPage({ items, build, start }) {
  // Where the stack listens; the holding page takes the shell's port on the same address first.
  const host = '127.0.0.1';
  /** @type {S | undefined} */
  let stack;
  /** @type {import('../src/holding-page.js').HoldingPage | undefined} */
  let holding;
  // Registered first: a Ctrl-C during the build or start-up still exits cleanly (an emulator that
  // is still starting gets its SIGINT from the process exit hook in @toolkit/local-services).
  onShutdown(async () => {
    await holding?.close();
    await stack?.stop();
  });
  try {
    if (!process.argv.includes('--no-build')) {
      holding = await startHoldingPage({
        port: contractPorts(readLocalRuntimeConfig(root)).shell,
        host,
        items,
      });
      await build(holding.progress);
      await holding.close();
      holding = undefined;
    }
    stack = await start(host);
    return stack;
  } catch (error) {
    if (!holding) {
      await stack?.stop();
      fail(error);
    }
    const message = messageOf(error);
    console.error(`\n${message}`);
    holding.fail(message);
    process.exitCode = 1;
    console.error(`\nhttp://localhost:${holding.port}/ shows this until Ctrl-C.`);
    return undefined;
  }
}
