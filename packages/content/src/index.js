'use strict';

// @toolkit/content — the local stand-in for the headless CMS. See README.md.

const {
  createContentServer,
  startContentServer,
  SERVER_ONLY_FIELDS,
  QUERY_LIMITS,
  MAX_QUERY_BODY_BYTES,
} = require('./server');
const { loadSeedContent, parseSurvey, SeedError, DEFAULT_CONTENT_DIR } = require('./seed');
const { createSchema, clampLimit, SURVEY_LIMITS, typeDefs } = require('./schema');

module.exports = {
  createContentServer,
  startContentServer,
  SERVER_ONLY_FIELDS,
  QUERY_LIMITS,
  MAX_QUERY_BODY_BYTES,
  loadSeedContent,
  parseSurvey,
  SeedError,
  DEFAULT_CONTENT_DIR,
  createSchema,
  clampLimit,
  SURVEY_LIMITS,
  typeDefs,
};
