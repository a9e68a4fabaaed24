require('@testing-library/jest-dom');
// jsdom lacks TextEncoder/TextDecoder, which react-router needs as soon as it loads.
const { TextDecoder, TextEncoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
// jsdom lacks Web Crypto and structuredClone, which browsers have and the credential check (jose)
// uses: lend Node's.
if (!globalThis.crypto?.subtle) {
  Object.defineProperty(globalThis, 'crypto', {
    value: require('node:crypto').webcrypto,
    configurable: true,
  });
}
if (typeof globalThis.structuredClone !== 'function') {
  const v8 = require('node:v8');
  globalThis.structuredClone = (value) => v8.deserialize(v8.serialize(value));
}
// A screen's first render in a test file loads its lazy parts through jest's transform, which
// under the whole suite on two cores can pass Testing Library's default 1 s for findBy/waitFor.
// Only a failing wait is slower for it; a passing one returns as soon as it holds.
require('@testing-library/react').configure({ asyncUtilTimeout: 5_000 });
