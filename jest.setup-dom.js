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
