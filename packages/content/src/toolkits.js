'use strict';

// Toolkits (content/catalogue/toolkits.json): what a publisher offers the businesses that sign up
// through its portal — the survey they complete and the one they invite their team to — checked
// against the seed surveys, which must exist and belong to the toolkit's publisher.

const fs = require('node:fs');
const path = require('node:path');
const { SeedError, validatorFor } = require('./seed');

/**
 * @typedef {import('./seed').Survey} Survey
 * @typedef {{ name: string, title: string, publisher: string, tenantId: string, assessment: Survey, teamSurvey: Survey|null, publicSurvey: Survey|null }} Toolkit
 */

/**
 * @param {string} contentDir
 * @param {Survey[]} surveys
 * @returns {Toolkit[]}
 */
function loadToolkits(contentDir, surveys) {
  const file = path.join(path.resolve(contentDir), 'catalogue', 'toolkits.json');
  if (!fs.existsSync(file)) return [];
  let raw;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (cause) {
    throw new SeedError(file, '', `not valid JSON (${/** @type {Error} */ (cause).message})`);
  }
  const v = validatorFor(file, contentDir);
  const byId = new Map(surveys.map((survey) => [survey.id, survey]));
  const names = new Set();
  return v.array(raw, '').map((entry, i) => {
    const where = `[${i}]`;
    const o = v.object(entry, where, [
      'name',
      'title',
      'publisher',
      'tenantId',
      'assessment',
      'teamSurvey',
      'publicSurvey',
    ]);
    const name = v.id(o.name, `${where}.name`);
    if (names.has(name)) v.fail(`${where}.name`, `toolkit name "${name}" is used twice`);
    names.add(name);
    const tenantId = v.id(o.tenantId, `${where}.tenantId`);
    const survey = (/** @type {unknown} */ value, /** @type {string} */ at) => {
      const id = v.id(value, at);
      const found = byId.get(id) ?? v.fail(at, `no seed survey has the id "${id}"`);
      if (found.tenantId !== tenantId)
        v.fail(at, `survey "${id}" belongs to ${found.tenantId}, not ${tenantId}`);
      return found;
    };
    const optional = (/** @type {unknown} */ value, /** @type {string} */ at) =>
      value === undefined || value === null ? null : survey(value, at);
    return {
      name,
      title: v.string(o.title, `${where}.title`),
      tenantId,
      assessment: survey(o.assessment, `${where}.assessment`),
      teamSurvey: optional(o.teamSurvey, `${where}.teamSurvey`),
      publicSurvey: optional(o.publicSurvey, `${where}.publicSurvey`),
      // Checked after the surveys, so a survey's mistake is the one reported.
      publisher: v.string(o.publisher, `${where}.publisher`),
    };
  });
}

module.exports = { loadToolkits };
