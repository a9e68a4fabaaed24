require('@testing-library/jest-dom');
// jsdom lacks TextEncoder/TextDecoder, which react-router needs as soon as it loads.
const { TextDecoder, TextEncoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
