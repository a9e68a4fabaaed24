// Two projects: pure/server code runs in node, React code in jsdom. Tests sit beside the code.
const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
  ],
};
// jose ships only ES modules; jest's module system loads CommonJS, so it is compiled like our code.
const common = {
  transform,
  transformIgnorePatterns: ['/node_modules/(?!jose/)'],
  moduleNameMapper: {
    '\\.(css|svg|png)$': '<rootDir>/jest.asset-stub.js',
    // A TypeScript module imported as ./x.js, as ES module resolution asks (the handler loaders).
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
};

// The heaviest server suites (each half a minute or more of one core on the whole run): their own
// project, so that npm test can run them beside the browser tests, which leave a core partly idle.
// Each starts its services on free ports, never the browser tests' fixed ones.
const HEAVY = [
  'packages/server/src/store/pglite.test.ts',
  'packages/server/src/reliability/fuzz.test.ts',
  'packages/server/src/reliability/soak.test.ts',
  'packages/server/src/reliability/injection.test.ts',
  'packages/dev-stack/src/crash-under-load.test.ts',
  'packages/server/src/isolation.test.ts',
  'packages/dev-stack/src/auth-emulator.test.ts',
  'packages/functions/src/local-backend.test.ts',
  'packages/functions/src/index.test.ts',
].map((file) => `<rootDir>/${file}`);
const HEAVY_PATTERNS = HEAVY.map((file) => `^${file.replace(/\./g, '\\.')}$`);

const node = {
  ...common,
  setupFiles: ['<rootDir>/jest.setup-node.js'],
  testEnvironment: 'node',
};

module.exports = {
  // One worker per core: every suite starts its services on free ports, so files run side by side.
  maxWorkers: '100%',
  // A test or hook still running after 20 s is stuck, not slow: on two cores under the whole suite
  // (or beside an e2e build) a screen's walk or a store's start passed jest's default 5 s. Jest reads
  // this from the top level only; inside a project it is ignored.
  testTimeout: 20_000,
  globalSetup: '<rootDir>/jest.global-setup.js',
  globalTeardown: '<rootDir>/jest.global-teardown.js',
  projects: [
    {
      ...node,
      displayName: 'node',
      testMatch: [
        '<rootDir>/packages/{domain,platform,federation,local-services,dev-stack,content,server,functions}/**/*.test.ts',
        // The benches' pure arithmetic (the browser parts run only in `npm run bench`).
        '<rootDir>/e2e/bench/**/*.test.ts',
      ],
      testPathIgnorePatterns: ['/node_modules/', ...HEAVY_PATTERNS],
    },
    { ...node, displayName: 'node-heavy', testMatch: HEAVY },
    {
      ...common,
      displayName: 'dom',
      testEnvironment: 'jsdom',
      setupFilesAfterEnv: ['<rootDir>/jest.setup-dom.js'],
      // Jest ignores package.json "browser" fields, so it would load styled-components' server build,
      // which never injects styles on the client: test what the browser runs.
      moduleNameMapper: {
        ...common.moduleNameMapper,
        '^styled-components$':
          '<rootDir>/node_modules/styled-components/dist/styled-components.browser.cjs.js',
      },
      testMatch: [
        '<rootDir>/packages/{ui,store-contract,parcel,journey-view,data}/**/*.test.{ts,tsx}',
        '<rootDir>/{shell,mfe-survey,mfe-dashboard,mfe-journey,mfe-billing}/src/**/*.test.{ts,tsx}',
      ],
    },
  ],
};
