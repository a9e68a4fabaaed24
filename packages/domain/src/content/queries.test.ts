// The content contract holds: every query is valid against the content service's schema, the
// committed result types are what GraphQL Code Generator makes of them now, and the one mapping
// of question types covers the schema's enum exactly.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, parse, validate, type GraphQLEnumType } from 'graphql';
import { isQuestionType } from '../survey';
import { SCHEMA_FILE } from './codegen-config';
import {
  ACTIONS_QUERY,
  SERVER_SURVEY_QUERY,
  SURVEY_DEFINITION_QUERY,
  SURVEY_LIST_QUERY,
  TOOLKIT_QUERY,
  WORKBENCH_FILTERS_QUERY,
} from './queries';
import { graphqlQuestionType, QUESTION_TYPE_OF_GRAPHQL, questionTypeOf } from './question-types';

const schema = buildSchema(readFileSync(SCHEMA_FILE, 'utf8'));
const CONFIG_FILE = path.join(__dirname, 'codegen-config.ts');

test.each([
  ['SurveyDefinition', SURVEY_DEFINITION_QUERY],
  ['ServerSurvey', SERVER_SURVEY_QUERY],
  ['SurveyList', SURVEY_LIST_QUERY],
  ['ActionCatalogue', ACTIONS_QUERY],
  ['Toolkit', TOOLKIT_QUERY],
  ['WorkbenchFilters', WORKBENCH_FILTERS_QUERY],
])('%s asks only for what the schema has', (_name, query) => {
  expect(validate(schema, parse(query)).map((error) => error.message)).toEqual([]);
});

it('asks the browser’s definition within the section and question limits', () => {
  expect(SURVEY_DEFINITION_QUERY).toContain('sections(limit: 10)');
  expect(SURVEY_DEFINITION_QUERY.match(/questions\(limit: 20\)/g)).toHaveLength(2);
});

it('has committed result types that match the schema and queries (run `npm run codegen` if not)', () => {
  // The generator's own dry run: it exits non-zero when the file it would write differs.
  const cli = path.join(path.dirname(require.resolve('@graphql-codegen/cli')), 'bin.js');
  const run = spawnSync(process.execPath, [cli, '--config', CONFIG_FILE, '--check'], { encoding: 'utf8' });
  expect({ status: run.status, output: run.status === 0 ? '' : run.stdout + run.stderr }).toEqual({
    status: 0,
    output: '',
  });
}, 60_000);

describe('the question type mapping', () => {
  it('maps every name of the schema’s QuestionType enum to a product type, and nothing else', () => {
    const names = (schema.getType('QuestionType') as GraphQLEnumType).getValues().map((value) => value.name);
    expect(Object.keys(QUESTION_TYPE_OF_GRAPHQL).sort()).toEqual([...names].sort());
    for (const type of Object.values(QUESTION_TYPE_OF_GRAPHQL)) expect(isQuestionType(type)).toBe(true);
  });

  test.each([
    ['MULTIPLE_CHOICE', 'multipleChoice'],
    ['SLIDER', 'slider'],
    ['UNKNOWN', null],
    ['toString', null],
  ])('%s → %s', (name, type) => {
    expect(questionTypeOf(name)).toBe(type);
  });

  it('goes back from a product type to its schema name', () => {
    expect(graphqlQuestionType('multipleChoice')).toBe('MULTIPLE_CHOICE');
  });
});
