'use strict';

// The action catalogue (content/catalogue/actions.json): steps a business can take, each tied to
// the answers it addresses, validated against the seed surveys' questions so that a trigger never
// names a question or option that does not exist.

const fs = require('node:fs');
const path = require('node:path');
const { ESG_TOPICS, SeedError, validatorFor } = require('./seed');
const LEVELS = ['LOW', 'MEDIUM', 'HIGH'];
const ACTION_FIELDS = [
  'id',
  'title',
  'summary',
  'body',
  'topic',
  'effort',
  'impact',
  'academyArticles',
  'addresses',
];

/**
 * @typedef {{ questionId: string, atMost: number|null, anyOf: string[]|null, noneOf: string[]|null }} ActionTrigger
 * @typedef {{ id: string, title: string, summary: string, body: import('./seed').RichText|null, topic: string,
 *   effort: string, impact: string, academyArticles: string[], addresses: ActionTrigger[] }} Action
 */

/**
 * @param {string} contentDir
 * @param {import('./seed').Survey[]} surveys
 * @returns {Action[]}
 */
function loadActions(contentDir, surveys) {
  const file = path.join(path.resolve(contentDir), 'catalogue', 'actions.json');
  if (!fs.existsSync(file)) return [];
  let raw;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (cause) {
    throw new SeedError(file, '', `not valid JSON (${/** @type {Error} */ (cause).message})`);
  }
  const v = validatorFor(file, contentDir);
  /** @type {Map<string, { options: string[] }>} Option ids by question id ([] for a slider or text). */
  const questions = new Map();
  const walk = (/** @type {(import('./seed').Question | import('./seed').QuestionGroup)[]} */ items) => {
    for (const item of items) {
      if (item.kind === 'group') walk(item.questions);
      else questions.set(item.id, { options: (item.options ?? []).map((option) => option.id) });
    }
  };
  for (const survey of surveys) for (const section of survey.sections) walk(section.questions);

  const oneOf = (
    /** @type {unknown} */ value,
    /** @type {string} */ where,
    /** @type {string[]} */ allowed,
  ) => {
    const s = v.string(value, where);
    if (!allowed.includes(s)) v.fail(where, `"${s}" is not one of ${allowed.join(', ')}`);
    return s;
  };
  const seen = new Set();
  return v.array(raw, '').map((entry, i) => {
    const where = `[${i}]`;
    const o = v.object(entry, where, ACTION_FIELDS);
    const id = v.id(o.id, `${where}.id`);
    if (seen.has(id)) v.fail(`${where}.id`, `action id "${id}" is used twice`);
    seen.add(id);
    const addresses = v.array(o.addresses, `${where}.addresses`).map((trigger, j) => {
      const w = `${where}.addresses[${j}]`;
      const t = v.object(trigger, w, ['questionId', 'atMost', 'anyOf', 'noneOf']);
      const questionId = v.id(t.questionId, `${w}.questionId`);
      const question =
        questions.get(questionId) ??
        v.fail(`${w}.questionId`, `no seed survey has a question "${questionId}"`);
      const options = (/** @type {unknown} */ list, /** @type {string} */ at) =>
        list === undefined
          ? null
          : v.array(list, at).map((option, k) => {
              const optionId = v.id(option, `${at}[${k}]`);
              if (!question.options.includes(optionId))
                v.fail(`${at}[${k}]`, `question "${questionId}" has no option "${optionId}"`);
              return optionId;
            });
      const result = {
        questionId,
        atMost: t.atMost === undefined ? null : v.number(t.atMost, `${w}.atMost`),
        anyOf: options(t.anyOf, `${w}.anyOf`),
        noneOf: options(t.noneOf, `${w}.noneOf`),
      };
      if ([result.atMost, result.anyOf, result.noneOf].filter((c) => c !== null).length !== 1)
        v.fail(w, 'give exactly one condition: atMost, anyOf or noneOf');
      return result;
    });
    if (addresses.length === 0) v.fail(`${where}.addresses`, 'an action addresses at least one answer');
    return {
      id,
      title: v.string(o.title, `${where}.title`),
      summary: v.string(o.summary, `${where}.summary`),
      body: v.optRichText(o.body, `${where}.body`),
      topic: oneOf(o.topic, `${where}.topic`, ESG_TOPICS),
      effort: oneOf(o.effort, `${where}.effort`, LEVELS),
      impact: oneOf(o.impact, `${where}.impact`, LEVELS),
      academyArticles: v
        .array(o.academyArticles ?? [], `${where}.academyArticles`)
        .map((slug, k) => v.string(slug, `${where}.academyArticles[${k}]`)),
      addresses,
    };
  });
}

module.exports = { loadActions };
