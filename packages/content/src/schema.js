'use strict';

// The executable GraphQL schema over the validated seed content.

const fs = require('node:fs');
const path = require('node:path');
const { createSchema: makeExecutableSchema } = require('graphql-yoga');
const QUESTION_TYPE_OF_GRAPHQL = require('@toolkit/domain/question-types.json');

/** Survey shape limits, enforced whatever a query's `limit` asks for. */
const SURVEY_LIMITS = Object.freeze({ sections: 10, questionsPerSection: 20, questionsPerGroup: 20 });

const typeDefs = fs.readFileSync(path.join(__dirname, 'schema.graphql'), 'utf8');

/** @typedef {import('./seed').Survey} Survey */
/** @typedef {{ origin: string }} ContentContext */

/**
 * The number of items to return: the requested limit, never more than the maximum, never negative.
 * @param {number|null|undefined} requested
 * @param {number} max
 */
function clampLimit(requested, max) {
  if (requested === null || requested === undefined) return max;
  return Math.max(0, Math.min(Math.trunc(requested), max));
}

/**
 * Local asset paths become absolute URLs on this server, so a browser on another origin can load them.
 * @param {string} url
 * @param {ContentContext} ctx
 */
function absolute(url, ctx) {
  return url.startsWith('/assets/') ? `${ctx.origin}${url}` : url;
}

/**
 * @param {Survey[]} surveys
 * @param {import('./actions').Action[]} [actions] the action catalogue
 * @param {import('./toolkits').Toolkit[]} [toolkits]
 * @param {import('./academy').Article[]} [articles] newest first
 */
function createSchema(surveys, actions = [], toolkits = [], articles = []) {
  const byId = new Map(surveys.map((s) => [s.id, s]));

  const resolvers = {
    Query: {
      actions: () => actions,
      articles: (
        /** @type {unknown} */ _root,
        /** @type {{ topic?: string|null, search?: string|null }} */ args,
      ) => {
        const words = (args.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
        return articles.filter(
          (article) =>
            (!args.topic || article.topic === args.topic) &&
            words.every((word) => article.searchText.includes(word)),
        );
      },
      article: (/** @type {unknown} */ _root, /** @type {{ slug: string }} */ args) =>
        articles.find((article) => article.slug === args.slug) ?? null,
      toolkit: (/** @type {unknown} */ _root, /** @type {{ name: string }} */ args) =>
        toolkits.find((toolkit) => toolkit.name === args.name) ?? null,
      survey: (/** @type {unknown} */ _root, /** @type {{ id: string }} */ args) => byId.get(args.id) ?? null,
      surveys: (/** @type {unknown} */ _root, /** @type {{ tenantId?: string|null }} */ args) =>
        args.tenantId ? surveys.filter((s) => s.tenantId === args.tenantId) : surveys,
      surveyBySlug: (
        /** @type {unknown} */ _root,
        /** @type {{ slug: string, tenantId?: string|null }} */ args,
      ) =>
        surveys.find((s) => s.slug === args.slug && (!args.tenantId || s.tenantId === args.tenantId)) ?? null,
    },
    Article: {
      actions: (/** @type {import('./academy').Article} */ article) =>
        actions.filter((action) => action.academyArticles.includes(article.slug)),
    },
    Survey: {
      sections: (/** @type {Survey} */ survey, /** @type {{ limit?: number|null }} */ args) =>
        survey.sections.slice(0, clampLimit(args.limit, SURVEY_LIMITS.sections)),
    },
    Section: {
      questions: (
        /** @type {import('./seed').Section} */ section,
        /** @type {{ limit?: number|null }} */ args,
      ) => section.questions.slice(0, clampLimit(args.limit, SURVEY_LIMITS.questionsPerSection)),
    },
    QuestionGroup: {
      questions: (
        /** @type {import('./seed').QuestionGroup} */ group,
        /** @type {{ limit?: number|null }} */ args,
      ) => group.questions.slice(0, clampLimit(args.limit, SURVEY_LIMITS.questionsPerGroup)),
    },
    QuestionItem: {
      __resolveType: (/** @type {{ kind: string }} */ item) =>
        item.kind === 'group' ? 'QuestionGroup' : 'Question',
    },
    // Internal values are the product's type names: the seed files hold those, and the table is
    // the one the apps read (packages/domain/src/content/question-types.json).
    QuestionType: QUESTION_TYPE_OF_GRAPHQL,
    Asset: {
      url: (
        /** @type {{ url: string }} */ asset,
        /** @type {unknown} */ _args,
        /** @type {ContentContext} */ ctx,
      ) => absolute(asset.url, ctx),
    },
    Video: {
      url: (
        /** @type {{ url: string }} */ video,
        /** @type {unknown} */ _args,
        /** @type {ContentContext} */ ctx,
      ) => absolute(video.url, ctx),
      embedUrl: (
        /** @type {{ embedUrl: string }} */ video,
        /** @type {unknown} */ _args,
        /** @type {ContentContext} */ ctx,
      ) => absolute(video.embedUrl, ctx),
    },
  };

  return makeExecutableSchema({ typeDefs, resolvers });
}

module.exports = { createSchema, clampLimit, SURVEY_LIMITS, typeDefs };
