import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import { graphqlRequestTakesSlimGraphql } from '../webpack-config';

const root = path.resolve(__dirname, '../../../..');

// graphql-request bundled as the apps bundle it (a production build with the same replacement), then
// run against a fetch that records what is sent.
const ENTRY = `
import { GraphQLClient } from 'graphql-request';
export function client(fetch, excludeOperationName) {
  return new GraphQLClient('https://content.test/graphql', { fetch, excludeOperationName });
}
`;

type Fetch = (url: string, init: { method: string; body: string }) => Promise<Response>;
interface Bundle {
  client(
    fetch: Fetch,
    excludeOperationName: boolean,
  ): {
    request<T>(options: { document: unknown; variables?: Record<string, unknown> }): Promise<T>;
  };
}

let dir: string;
let bundle: Bundle;
let bundledModules: string[];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'slim-graphql-'));
  fs.writeFileSync(path.join(dir, 'entry.mjs'), ENTRY);
  const compiler = webpack({
    mode: 'production',
    target: 'node',
    context: dir,
    entry: './entry.mjs',
    output: { path: path.join(dir, 'dist'), filename: 'bundle.js', library: { type: 'commonjs2' } },
    resolve: { modules: [path.join(root, 'node_modules')] },
    plugins: [graphqlRequestTakesSlimGraphql()],
  });
  const stats = await new Promise<webpack.Stats>((resolve, reject) =>
    compiler.run((error, result) => (error || !result ? reject(error) : resolve(result))),
  );
  await new Promise((resolve) => compiler.close(resolve));
  // A name graphql-request imports that the stand-in lacks is an error (an ES module's import).
  expect(stats.toJson({ all: false, errors: true, warnings: true })).toMatchObject({
    errors: [],
    warnings: [],
  });
  bundledModules = [...stats.compilation.modules].map((module) => module.identifier());
  bundle = createRequire(__filename)(path.join(dir, 'dist', 'bundle.js')) as Bundle;
}, 60_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function recordingFetch() {
  const sent: { method: string; body: Record<string, unknown> }[] = [];
  const fetch: Fetch = async (_url, init) => {
    sent.push({ method: init.method, body: JSON.parse(init.body) as Record<string, unknown> });
    return new Response(JSON.stringify({ data: { survey: { id: 'quickscan' } } }), {
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch, sent };
}

const QUERY = 'query Survey($id: ID!) { survey(id: $id) { id } }';

describe('graphql-request with the slim graphql stand-in', () => {
  it('bundles none of the graphql package', () => {
    expect(bundledModules.filter((id) => /[\\/]node_modules[\\/]graphql[\\/]/.test(id))).toEqual([]);
  });

  it('sends a string query as written, with its variables, and answers its data', async () => {
    const { fetch, sent } = recordingFetch();
    const data = await bundle
      .client(fetch, true)
      .request({ document: QUERY, variables: { id: 'quickscan' } });
    expect(data).toEqual({ survey: { id: 'quickscan' } });
    expect(sent).toEqual([{ method: 'POST', body: { query: QUERY, variables: { id: 'quickscan' } } }]);
  });

  it('sends a string query without an operation name where one would be asked for', async () => {
    const { fetch, sent } = recordingFetch();
    await bundle.client(fetch, false).request({ document: QUERY, variables: { id: 'quickscan' } });
    expect(sent).toEqual([{ method: 'POST', body: { query: QUERY, variables: { id: 'quickscan' } } }]);
  });

  it('sends a parsed document as the text it was parsed from', async () => {
    const { fetch, sent } = recordingFetch();
    const document = {
      kind: 'Document',
      definitions: [],
      loc: { start: 0, end: QUERY.length, source: { body: QUERY } },
    };
    await bundle.client(fetch, true).request({ document });
    expect(sent.map(({ body }) => body.query)).toEqual([QUERY]);
  });

  it('refuses a document without its text, sending nothing', async () => {
    const { fetch, sent } = recordingFetch();
    await expect(
      bundle.client(fetch, true).request({ document: { kind: 'Document', definitions: [] } }),
    ).rejects.toThrow('pass the query as a string');
    expect(sent).toEqual([]);
  });
});
