// One writer per document: the server's code (the callables above all) writes documents through
// repositories/, each kind of document read and written by its own module, never by calling the
// DocumentStore's write methods (set, update, create, add, delete; a transaction's too) itself. This
// reads every server source file (tests aside) and fails for a direct write outside repositories/,
// store/, testing/ and the modules named below.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

const SRC = join(__dirname, '..');

/** DocumentStore's and StoreTransaction's writes (store/port.ts). */
const WRITE_METHODS = new Set(['set', 'update', 'create', 'add', 'delete']);

/** Folders whose code is the store itself, the repositories, or test support. */
const OWN_FOLDERS = ['store/', 'repositories/', 'testing/'];

/**
 * Modules that write documents only they use (docs/architecture.md, Server layers), or that exist to
 * rewrite stored documents: each stays the writer of what it names.
 */
const OWNING_MODULES: Record<string, string> = {
  'abuse/limits.ts': 'the abuse counters and their alarms (rateLimits)',
  'backfill/': 'the backfill steps, bringing stored documents up to what newer code writes, and their runner',
  'billing/sandbox.ts': "the billing sandbox's customers, sessions and subscriptions",
  'billing/stripe.ts': "the mirror of Stripe's customers",
  'billing/stripe-webhook.ts': 'the Stripe events already processed',
  'mail/auth-links.ts':
    "the local sign-in link relay's delivered-code markers (its mail goes through queueMail)",
  'mail/relay.ts': "the local mail relay's delivery state on each mail document",
  'seed.ts': "the local stack's seed organisation and members, written once at start",
};

const EXCEPTIONS = OWNING_MODULES;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const typeText = (node: ts.Node | undefined, file: ts.SourceFile) => node?.getText(file) ?? '';
const isStoreType = (text: string) => /\b(DocumentStore|StoreTransaction)\b/.test(text);

/**
 * The calls of a store write method in a file: on `store`/`x.store`, on a name typed as the store or
 * a transaction, on the parameter of a `.transaction(...)` callback, or on a name bound to any of them.
 */
export function directWrites(text: string, fileName = 'file.ts'): string[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const storeNames = new Set<string>(['store']);
  const collect = (node: ts.Node): void => {
    if (ts.isParameter(node) && ts.isIdentifier(node.name) && isStoreType(typeText(node.type, file))) {
      storeNames.add(node.name.text);
    }
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'transaction'
    ) {
      for (const argument of node.arguments) {
        if (ts.isArrowFunction(argument) || ts.isFunctionExpression(argument)) {
          const [first] = argument.parameters;
          if (first && ts.isIdentifier(first.name)) storeNames.add(first.name.text);
        }
      }
    }
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
      const init = node.initializer && storeLike(node.initializer);
      if (init || isStoreType(typeText(node.type, file))) storeNames.add(node.name.text);
    }
    ts.forEachChild(node, collect);
  };
  const storeLike = (expression: ts.Expression): boolean => {
    if (ts.isIdentifier(expression)) return storeNames.has(expression.text);
    if (ts.isPropertyAccessExpression(expression)) return expression.name.text === 'store';
    if (ts.isParenthesizedExpression(expression) || ts.isNonNullExpression(expression)) {
      return storeLike(expression.expression);
    }
    return false;
  };
  // Twice: a name bound to one found later in the file (a helper above its use) is found too.
  collect(file);
  collect(file);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      WRITE_METHODS.has(node.expression.name.text) &&
      storeLike(node.expression.expression)
    ) {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
      found.push(`${fileName}:${line + 1}: ${node.expression.getText(file)}(…)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const relativePath = (path: string) => relative(SRC, path).split(sep).join('/');
const owned = (path: string) =>
  OWN_FOLDERS.some((folder) => path.startsWith(folder)) ||
  Object.keys(EXCEPTIONS).some(
    (module) => path === module || (module.endsWith('/') && path.startsWith(module)),
  );

describe('one writer per document', () => {
  const files = sourceFiles(SRC).map((path) => ({
    path: relativePath(path),
    text: readFileSync(path, 'utf8'),
  }));

  it('finds the writes it looks for', () => {
    const sample = [
      'async function f(deps, tx2: Pick<StoreTransaction, "update">) {',
      '  await deps.store.set("a", {});',
      '  await deps.store.transaction(async (t) => { t.delete("a"); });',
      '  tx2.update("a", {});',
      '  const s = deps.store; await s.add("c", {});',
      '  new Map().set("a", 1); FieldValue.delete();',
      '}',
    ].join('\n');
    expect(directWrites(sample).map((found) => found.replace(/^file\.ts:\d+: /, ''))).toEqual([
      'deps.store.set(…)',
      't.delete(…)',
      'tx2.update(…)',
      's.add(…)',
    ]);
  });

  it('finds no direct write outside repositories/ and the modules named here', () => {
    const writes = files
      .filter(({ path }) => !owned(path))
      .flatMap(({ path, text }) => directWrites(text, path));
    expect(writes).toEqual([]);
  });

  it('names only modules that exist and write', () => {
    const idle = Object.keys(EXCEPTIONS).filter(
      (module) =>
        !files.some(
          ({ path, text }) =>
            (path === module || (module.endsWith('/') && path.startsWith(module))) &&
            directWrites(text, path).length > 0,
        ),
    );
    expect(idle).toEqual([]);
  });
});
