// The shell writes its toolkit query by hand: it must ask only for what the CMS's schema has.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, parse, validate } from 'graphql';
import { PORTAL_TOOLKIT_QUERY } from './portal-toolkit';

const SCHEMA_FILE = path.join(__dirname, '../../../packages/content/src/schema.graphql');

it('asks only for what the content schema has', () => {
  const schema = buildSchema(readFileSync(SCHEMA_FILE, 'utf8'));
  expect(validate(schema, parse(PORTAL_TOOLKIT_QUERY)).map((error) => error.message)).toEqual([]);
});
