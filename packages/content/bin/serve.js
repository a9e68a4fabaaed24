#!/usr/bin/env node
'use strict';

// Runs the content service on its own:
//   node packages/content/bin/serve.js [--port 4000] [--host 127.0.0.1] [--key local-server-content-key]
//     [--public-key local-content-key] [--content DIR]
// Environment: CONTENT_PORT, CONTENT_HOST, CONTENT_KEY (the servers'), CONTENT_PUBLIC_KEY (the
// browsers'), CONTENT_DIR, CONTENT_PUBLIC_URL, CONTENT_CORS_ORIGINS (comma-separated, or *).

const { startContentServer } = require('../src');

/** @param {string} name */
function arg(name) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const cors = process.env.CONTENT_CORS_ORIGINS;
  const running = await startContentServer({
    port: Number(arg('port') ?? process.env.CONTENT_PORT ?? 4000),
    host: arg('host') ?? process.env.CONTENT_HOST ?? '127.0.0.1',
    key: arg('key') ?? process.env.CONTENT_KEY ?? 'local-server-content-key',
    publicKey: arg('public-key') ?? process.env.CONTENT_PUBLIC_KEY ?? 'local-content-key',
    contentDir: arg('content') ?? process.env.CONTENT_DIR,
    publicUrl: process.env.CONTENT_PUBLIC_URL,
    corsOrigins:
      cors === '*'
        ? '*'
        : (cors ?? '')
            .split(',')
            .map((o) => o.trim())
            .filter(Boolean),
  });
  console.log(`content service: ${running.graphqlUrl} (assets at ${running.url}/assets/)`);
  const stop = () => {
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
