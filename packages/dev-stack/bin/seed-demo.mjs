// npm run seed:demo: adds completed results from 22 organisations to the stack `npm start` runs,
// through its own API, so the Insights screens and the peer benchmark have something to show.
import devStack from '../src/index.js';
import { fail, root } from './cli.mjs';

const { contractPorts, readLocalRuntimeConfig, seedDemoResults } = devStack;
const config = readLocalRuntimeConfig(root);

try {
  if (!config.authEmulatorUrl) throw new Error('The local runtime configuration names no Auth emulator.');
  const health = await fetch(config.functionsBaseUrl.replace(/\/demo-toolkit\/.*$/, '/healthz')).catch(
    () => null,
  );
  if (!health?.ok)
    throw new Error(`No stack answers at ${config.functionsBaseUrl}: run npm start first, then this.`);
  console.log('Adding demo results…');
  const outcome = await seedDemoResults({
    apiUrl: config.functionsBaseUrl,
    appUrl: `http://localhost:${contractPorts(config).shell}/`,
    authUrl: config.authEmulatorUrl,
    apiKey: config.firebase.apiKey,
    projectId: config.firebase.projectId,
    contentUrl: config.contentUrl,
    contentKey: config.contentKey,
  });
  if (outcome.seeded) {
    console.log(`Added ${outcome.results} completed results from ${outcome.organisations} organisations.`);
    console.log(
      'Sign in as demo-business-1@example.com (or …-2 to …-16) to see a business with a benchmark,',
    );
    console.log('or as owner@demo-publisher.example to see what the publisher received.');
  }
} catch (error) {
  fail(error);
}
