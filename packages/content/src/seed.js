'use strict';

// Loads the seed content (one JSON file per survey) and validates it at start-up, so that a
// malformed file stops the server with the file name and the problem instead of failing later in
// a query. Beyond the shape limits (schema.js) content is accepted: the CMS may hold more than
// a query returns; the resolvers cut it down.

const fs = require('node:fs');
const path = require('node:path');

const DEFAULT_CONTENT_DIR = path.resolve(__dirname, '..', 'content');

/** @typedef {{ url: string, title?: string|null, width?: number|null, height?: number|null, description?: string|null }} Asset */
/** @typedef {{ title: string, url: string, embedUrl: string }} Video */
/** @typedef {{ html: string, videos: Video[], assets: Asset[] }} RichText */
/** @typedef {{ id: string, label: string, score: number }} Option */
/** @typedef {'NONE'|'SCALED'|'OPTION'|'OPTION_SUM_CAPPED'} ScoringMethod */
/**
 * @typedef {object} Question
 * @property {'question'} kind
 * @property {string} id
 * @property {string} title
 * @property {string|null} helperText
 * @property {'slider'|'comment'|'content'|'dropdown'|'multipleChoice'} type
 * @property {{ method: ScoringMethod, maxScore: number }} scoring
 * @property {string[]|null} labels
 * @property {number|null} scoreMin
 * @property {number|null} scoreMax
 * @property {number|null} scoreStepSize
 * @property {number|null} textLines
 * @property {string|null} information
 * @property {Option[]|null} options
 * @property {boolean|null} multiple
 * @property {boolean} evidenceRequired
 */
/** @typedef {{ kind: 'group', id: string, title: string, helperText: string|null, questions: Question[] }} QuestionGroup */
/**
 * @typedef {object} Section
 * @property {number} id
 * @property {string} title
 * @property {string|null} description
 * @property {string|null} primaryColor
 * @property {Asset|null} sectionIcon
 * @property {string|null} topic
 * @property {number} weight
 * @property {Array<Question|QuestionGroup>} questions
 */
/**
 * @typedef {object} SurveyCore
 * @property {string} id
 * @property {string} title
 * @property {string} tenantId
 * @property {string} slug
 * @property {Section[]} sections
 * @property {{ scale: number, bands: Array<{ min: number, label: string, description: string|null }> }} scoring
 * @property {boolean} requireAccount
 * @property {boolean} requireAccountRequireCode
 * @property {string[]} notificationEmailRecipients
 * @property {string[]} notificationEmailBcc
 */
/**
 * The remaining definition fields (colours, logos, rich text, URLs, declaration) are carried as given.
 * @typedef {SurveyCore & Record<string, unknown>} Survey
 */

class SeedError extends Error {
  /**
   * @param {string} file the seed file (as given to the loader)
   * @param {string} where a dotted path inside the file, '' for the whole file
   * @param {string} problem
   */
  constructor(file, where, problem) {
    super(`Invalid seed content in ${file}${where ? ` at ${where}` : ''}: ${problem}`);
    this.name = 'SeedError';
    this.file = file;
    this.where = where;
    this.problem = problem;
  }
}

const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ID = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The product's question types, the values of the schema's one mapping table. */
const QUESTION_TYPES = Object.values(require('@toolkit/domain/question-types.json'));

/** The schema's EsgTopic names, as actions and sections use them. */
const ESG_TOPICS = ['CLIMATE', 'CIRCULARITY', 'PEOPLE', 'COMMUNITY', 'GOVERNANCE'];

/**
 * @param {ReturnType<typeof validatorFor>} v
 * @param {unknown} value
 * @param {string} where
 * @returns {string|null}
 */
function optTopic(v, value, where) {
  if (value === undefined || value === null) return null;
  const topic = v.string(value, where);
  if (!ESG_TOPICS.includes(topic)) v.fail(where, `"${topic}" is not one of ${ESG_TOPICS.join(', ')}`);
  return topic;
}

/**
 * A validator bound to one file: every check reports the file, the path and the problem.
 * @param {string} file
 * @param {string} contentDir
 */
function validatorFor(file, contentDir) {
  /** @param {string} where @param {string} problem @returns {never} */
  const fail = (where, problem) => {
    throw new SeedError(file, where, problem);
  };
  const describe = (/** @type {unknown} */ v) =>
    Array.isArray(v) ? 'an array' : v === null ? 'null' : typeof v;

  /** @param {unknown} v @param {string} where @param {string[]} allowed @returns {Record<string, unknown>} */
  const object = (v, where, allowed) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v))
      fail(where, `expected an object, got ${describe(v)}`);
    const obj = /** @type {Record<string, unknown>} */ (v);
    for (const key of Object.keys(obj)) {
      if (!allowed.includes(key))
        fail(where ? `${where}.${key}` : key, `unknown field (allowed: ${allowed.join(', ')})`);
    }
    return obj;
  };
  /** @param {unknown} v @param {string} where @returns {string} */
  const string = (v, where) => {
    if (typeof v !== 'string' || v.trim() === '')
      fail(where, `expected a non-empty string, got ${describe(v)}`);
    return /** @type {string} */ (v);
  };
  /** @param {unknown} v @param {string} where @returns {string|null} */
  const optString = (v, where) => (v === undefined || v === null ? null : string(v, where));
  /** @param {unknown} v @param {string} where @returns {number} */
  const number = (v, where) => {
    if (typeof v !== 'number' || !Number.isFinite(v)) fail(where, `expected a number, got ${describe(v)}`);
    return /** @type {number} */ (v);
  };
  /** @param {unknown} v @param {string} where @returns {number} */
  const nonNegative = (v, where) => {
    const n = number(v, where);
    if (n < 0) fail(where, `expected a number ≥ 0, got ${n}`);
    return n;
  };
  /** @param {unknown} v @param {string} where @returns {number|null} */
  const optPositiveInt = (v, where) => {
    if (v === undefined || v === null) return null;
    if (!Number.isInteger(v) || /** @type {number} */ (v) <= 0)
      fail(where, `expected a positive integer, got ${String(v)}`);
    return /** @type {number} */ (v);
  };
  /** @param {unknown} v @param {string} where @returns {boolean} */
  const optBoolean = (v, where) => {
    if (v === undefined) return false;
    if (typeof v !== 'boolean') fail(where, `expected true or false, got ${describe(v)}`);
    return /** @type {boolean} */ (v);
  };
  /** @param {unknown} v @param {string} where @returns {unknown[]} */
  const array = (v, where) => {
    if (!Array.isArray(v)) fail(where, `expected an array, got ${describe(v)}`);
    return /** @type {unknown[]} */ (v);
  };
  /** @param {unknown} v @param {string} where @returns {string} */
  const id = (v, where) => {
    const s = string(v, where);
    if (!ID.test(s)) fail(where, `"${s}" is not a valid id (letters, digits, "-" and "_")`);
    return s;
  };
  /** @param {unknown} v @param {string} where @returns {string|null} */
  const optColour = (v, where) => {
    if (v === undefined || v === null) return null;
    const s = string(v, where);
    if (!HEX_COLOUR.test(s)) fail(where, `"${s}" is not a hex colour like #1f5f4a`);
    return s;
  };
  /** @param {unknown} v @param {string} where @returns {string} */
  const colour = (v, where) => {
    if (v === undefined || v === null) fail(where, 'is required');
    return /** @type {string} */ (optColour(v, where));
  };
  /** A URL: absolute http(s), or a local /assets/... path whose file must exist. */
  const url = (/** @type {unknown} */ v, /** @type {string} */ where) => {
    const s = string(v, where);
    if (s.startsWith('/assets/')) {
      const local = path.join(contentDir, decodeURIComponent(s.split(/[?#]/)[0] ?? ''));
      if (!local.startsWith(path.join(contentDir, 'assets') + path.sep) || !fs.existsSync(local)) {
        fail(where, `local asset ${s} does not exist under ${path.join(contentDir, 'assets')}`);
      }
      return s;
    }
    if (!/^https?:\/\/[^\s]+$/.test(s))
      fail(where, `"${s}" is neither an http(s) URL nor a /assets/... path`);
    return s;
  };
  /** @param {unknown} v @param {string} where @returns {string|null} */
  const optUrl = (v, where) => (v === undefined || v === null ? null : url(v, where));
  /** @param {unknown} v @param {string} where @returns {Asset|null} */
  const optAsset = (v, where) => {
    if (v === undefined || v === null) return null;
    const o = object(v, where, ['url', 'title', 'width', 'height', 'description']);
    return {
      url: url(o.url, `${where}.url`),
      title: optString(o.title, `${where}.title`),
      width: optPositiveInt(o.width, `${where}.width`),
      height: optPositiveInt(o.height, `${where}.height`),
      description: optString(o.description, `${where}.description`),
    };
  };
  /** @param {unknown} v @param {string} where @returns {RichText|null} */
  const optRichText = (v, where) => {
    if (v === undefined || v === null) return null;
    const o = object(v, where, ['html', 'videos', 'assets']);
    return {
      html: string(o.html, `${where}.html`),
      videos: array(o.videos ?? [], `${where}.videos`).map((video, i) => {
        const w = `${where}.videos[${i}]`;
        const vo = object(video, w, ['title', 'url', 'embedUrl']);
        return {
          title: string(vo.title, `${w}.title`),
          url: url(vo.url, `${w}.url`),
          embedUrl: url(vo.embedUrl, `${w}.embedUrl`),
        };
      }),
      assets: array(o.assets ?? [], `${where}.assets`).map(
        (asset, i) => /** @type {Asset} */ (optAsset(asset ?? {}, `${where}.assets[${i}]`)),
      ),
    };
  };
  /** @param {unknown} v @param {string} where @returns {string[]} */
  const emails = (v, where) =>
    array(v ?? [], where).map((e, i) => {
      const s = string(e, `${where}[${i}]`);
      if (!EMAIL.test(s)) fail(`${where}[${i}]`, `"${s}" is not an e-mail address`);
      return s;
    });

  return {
    fail,
    object,
    string,
    optString,
    number,
    nonNegative,
    optPositiveInt,
    optBoolean,
    array,
    id,
    colour,
    optColour,
    optUrl,
    optAsset,
    optRichText,
    emails,
  };
}

const QUESTION_FIELDS = [
  'id',
  'type',
  'title',
  'helperText',
  'scored',
  'maxScore',
  'labels',
  'scoreMin',
  'scoreMax',
  'scoreStepSize',
  'textLines',
  'information',
  'options',
  'multiple',
  'evidenceRequired',
];

/**
 * @param {ReturnType<typeof validatorFor>} v
 * @param {unknown} raw
 * @param {string} where
 * @param {Set<string>} seenIds question and group ids of the whole survey
 * @returns {Question}
 */
function parseQuestion(v, raw, where, seenIds) {
  const o = v.object(raw, where, QUESTION_FIELDS);
  const id = v.id(o.id, `${where}.id`);
  if (seenIds.has(id))
    v.fail(`${where}.id`, `duplicate question id "${id}" (ids are unique within a survey)`);
  seenIds.add(id);
  const type = v.string(o.type, `${where}.type`);
  if (!QUESTION_TYPES.includes(type)) {
    v.fail(
      `${where}.type`,
      `unknown question type "${type}" (expected ${QUESTION_TYPES.join(', ')} or group)`,
    );
  }
  /** Fields that only some types may carry. */
  const only = (/** @type {string[]} */ fields, /** @type {string[]} */ types) => {
    for (const f of fields) {
      if (o[f] !== undefined && !types.includes(type))
        v.fail(`${where}.${f}`, `not allowed on a ${type} question`);
    }
  };
  only(['labels', 'scoreMin', 'scoreMax', 'scoreStepSize'], ['slider']);
  only(['textLines'], ['comment']);
  only(['information'], ['content']);
  only(['options'], ['dropdown', 'multipleChoice']);
  only(['multiple'], ['dropdown']);
  // Evidence supports an answer: a content slide has none.
  only(['evidenceRequired'], ['slider', 'comment', 'dropdown', 'multipleChoice']);
  only(['scored', 'maxScore'], ['slider', 'dropdown', 'multipleChoice']);

  /** @type {Question} */
  const q = {
    kind: 'question',
    id,
    title: v.string(o.title, `${where}.title`),
    helperText: v.optString(o.helperText, `${where}.helperText`),
    type: /** @type {Question['type']} */ (type),
    scoring: { method: 'NONE', maxScore: 0 },
    labels: null,
    scoreMin: null,
    scoreMax: null,
    scoreStepSize: null,
    textLines: null,
    information: null,
    options: null,
    multiple: null,
    evidenceRequired: v.optBoolean(o.evidenceRequired, `${where}.evidenceRequired`),
  };
  const scored = o.scored === undefined ? true : v.optBoolean(o.scored, `${where}.scored`);
  if (!scored && o.maxScore !== undefined)
    v.fail(`${where}.maxScore`, 'an unscored question has no maxScore');

  if (type === 'slider') {
    const min = v.number(o.scoreMin, `${where}.scoreMin`);
    const max = v.number(o.scoreMax, `${where}.scoreMax`);
    const step = v.number(o.scoreStepSize, `${where}.scoreStepSize`);
    if (max <= min) v.fail(`${where}.scoreMax`, `must be greater than scoreMin (${min})`);
    if (step <= 0) v.fail(`${where}.scoreStepSize`, 'must be greater than 0');
    const steps = (max - min) / step;
    if (Math.abs(steps - Math.round(steps)) > 1e-9) {
      v.fail(`${where}.scoreStepSize`, `${step} does not divide the range ${min}..${max}`);
    }
    const labels = v
      .array(o.labels ?? [], `${where}.labels`)
      .map((l, i) => v.string(l, `${where}.labels[${i}]`));
    if (labels.length === 1)
      v.fail(`${where}.labels`, 'give at least two labels (they are spread from scoreMin to scoreMax)');
    Object.assign(q, { labels, scoreMin: min, scoreMax: max, scoreStepSize: step });
    if (scored) q.scoring = { method: 'SCALED', maxScore: v.nonNegative(o.maxScore, `${where}.maxScore`) };
  } else if (type === 'comment') {
    q.textLines = v.optPositiveInt(o.textLines, `${where}.textLines`) ?? 1;
  } else if (type === 'content') {
    q.information = v.string(o.information, `${where}.information`);
  } else {
    const multiple = type === 'dropdown' ? v.optBoolean(o.multiple, `${where}.multiple`) : false;
    const optionIds = new Set();
    const options = v.array(o.options, `${where}.options`).map((raw, i) => {
      const w = `${where}.options[${i}]`;
      const opt = v.object(raw, w, ['id', 'label', 'score']);
      const optionId = v.id(opt.id, `${w}.id`);
      if (optionIds.has(optionId)) v.fail(`${w}.id`, `duplicate option id "${optionId}"`);
      optionIds.add(optionId);
      const score = opt.score === undefined && !scored ? 0 : v.nonNegative(opt.score, `${w}.score`);
      if (!scored && score !== 0) v.fail(`${w}.score`, 'an unscored question gives no points');
      return { id: optionId, label: v.string(opt.label, `${w}.label`), score };
    });
    if (options.length < 2) v.fail(`${where}.options`, 'give at least two options');
    q.options = options;
    if (type === 'dropdown') q.multiple = multiple;
    if (scored) {
      const best = Math.max(...options.map((opt) => opt.score));
      if (multiple) {
        const maxScore = v.nonNegative(o.maxScore, `${where}.maxScore`);
        q.scoring = { method: 'OPTION_SUM_CAPPED', maxScore };
      } else {
        if (o.maxScore !== undefined && o.maxScore !== best) {
          v.fail(
            `${where}.maxScore`,
            `a single-choice question scores its best option (${best}); leave maxScore out`,
          );
        }
        q.scoring = { method: 'OPTION', maxScore: best };
      }
    }
  }
  return q;
}

/**
 * @param {ReturnType<typeof validatorFor>} v
 * @param {unknown} raw
 * @param {string} where
 * @param {Set<string>} seenIds
 * @returns {Question|QuestionGroup}
 */
function parseItem(v, raw, where, seenIds) {
  const type =
    typeof raw === 'object' && raw !== null ? /** @type {Record<string, unknown>} */ (raw).type : undefined;
  if (type !== 'group') return parseQuestion(v, raw, where, seenIds);
  const o = v.object(raw, where, ['id', 'type', 'title', 'helperText', 'questions']);
  const id = v.id(o.id, `${where}.id`);
  if (seenIds.has(id))
    v.fail(`${where}.id`, `duplicate question id "${id}" (ids are unique within a survey)`);
  seenIds.add(id);
  const questions = v.array(o.questions, `${where}.questions`).map((q, i) => {
    const w = `${where}.questions[${i}]`;
    if (typeof q === 'object' && q !== null && /** @type {Record<string, unknown>} */ (q).type === 'group') {
      v.fail(`${w}.type`, 'groups cannot be nested');
    }
    return parseQuestion(v, q, w, seenIds);
  });
  if (questions.length === 0) v.fail(`${where}.questions`, 'a group needs at least one question');
  return {
    kind: 'group',
    id,
    title: v.string(o.title, `${where}.title`),
    helperText: v.optString(o.helperText, `${where}.helperText`),
    questions,
  };
}

const SURVEY_FIELDS = [
  'id',
  'title',
  'tenantId',
  'slug',
  'primaryColor',
  'secondaryColor',
  'tertiaryColor',
  'quaternaryColor',
  'globalFont',
  'textColor',
  'primaryLogo',
  'secondaryLogo',
  'mobileSecondaryLogo',
  'notificationEmailRecipients',
  'notificationEmailBcc',
  'dashboardUrl',
  'embedUrl',
  'certificateGroupId',
  'declarationText',
  'declarationOutro',
  'partnerDashboardScreenshot',
  'intro',
  'intro2',
  'outro',
  'requireAccount',
  'requireAccountRequireCode',
  'completionUrl',
  'scoring',
  'sections',
];

/**
 * Validates one parsed seed document and returns the survey in the resolvers' model.
 * @param {unknown} raw
 * @param {string} file shown in errors
 * @param {string} contentDir where /assets/... paths are checked
 * @returns {Survey}
 */
function parseSurvey(raw, file, contentDir) {
  const v = validatorFor(file, contentDir);
  const o = v.object(raw, '', SURVEY_FIELDS);
  const slug = v.string(o.slug, 'slug');
  if (!SLUG.test(slug)) v.fail('slug', `"${slug}" is not a slug (lowercase words joined by "-")`);

  const scoringRaw = v.object(o.scoring ?? { scale: 100, bands: [] }, 'scoring', ['scale', 'bands']);
  const scale = v.optPositiveInt(scoringRaw.scale, 'scoring.scale') ?? 100;
  const bands = v.array(scoringRaw.bands ?? [], 'scoring.bands').map((b, i) => {
    const w = `scoring.bands[${i}]`;
    const bo = v.object(b, w, ['min', 'label', 'description']);
    const min = v.nonNegative(bo.min, `${w}.min`);
    if (min > scale) v.fail(`${w}.min`, `must be within 0..${scale}`);
    return {
      min,
      label: v.string(bo.label, `${w}.label`),
      description: v.optString(bo.description, `${w}.description`),
    };
  });
  bands.forEach((b, i) => {
    const prev = bands[i - 1];
    if (prev && b.min <= prev.min)
      v.fail(`scoring.bands[${i}].min`, 'bands must be in increasing order of min');
  });

  const sectionIds = new Set();
  const questionIds = new Set();
  const sections = v.array(o.sections, 'sections').map((raw, i) => {
    const w = `sections[${i}]`;
    const so = v.object(raw, w, [
      'id',
      'title',
      'description',
      'primaryColor',
      'sectionIcon',
      'topic',
      'weight',
      'questions',
    ]);
    if (!Number.isInteger(so.id) || /** @type {number} */ (so.id) < 1)
      v.fail(`${w}.id`, 'expected a positive integer');
    const sectionId = /** @type {number} */ (so.id);
    if (sectionIds.has(sectionId)) v.fail(`${w}.id`, `duplicate section id ${sectionId}`);
    sectionIds.add(sectionId);
    const questions = v
      .array(so.questions, `${w}.questions`)
      .map((q, j) => parseItem(v, q, `${w}.questions[${j}]`, questionIds));
    const weight = so.weight === undefined ? 1 : v.nonNegative(so.weight, `${w}.weight`);
    const scorable = questions.some((item) =>
      (item.kind === 'group' ? item.questions : [item]).some((q) => q.scoring.maxScore > 0),
    );
    if (weight > 0 && !scorable)
      v.fail(`${w}.weight`, 'a section with no scored question must have weight 0');
    return {
      id: sectionId,
      title: v.string(so.title, `${w}.title`),
      description: v.optString(so.description, `${w}.description`),
      primaryColor: v.optColour(so.primaryColor, `${w}.primaryColor`),
      sectionIcon: v.optAsset(so.sectionIcon, `${w}.sectionIcon`),
      topic: optTopic(v, so.topic, `${w}.topic`),
      weight,
      questions,
    };
  });
  if (sections.length === 0) v.fail('sections', 'a survey needs at least one section');

  return {
    id: v.id(o.id, 'id'),
    title: v.string(o.title, 'title'),
    tenantId: v.id(o.tenantId, 'tenantId'),
    slug,
    primaryColor: v.colour(o.primaryColor, 'primaryColor'),
    secondaryColor: v.colour(o.secondaryColor, 'secondaryColor'),
    tertiaryColor: v.colour(o.tertiaryColor, 'tertiaryColor'),
    quaternaryColor: v.colour(o.quaternaryColor, 'quaternaryColor'),
    globalFont: v.optString(o.globalFont, 'globalFont'),
    textColor: v.colour(o.textColor, 'textColor'),
    primaryLogo: v.optAsset(o.primaryLogo, 'primaryLogo'),
    secondaryLogo: v.optAsset(o.secondaryLogo, 'secondaryLogo'),
    mobileSecondaryLogo: v.optAsset(o.mobileSecondaryLogo, 'mobileSecondaryLogo'),
    notificationEmailRecipients: v.emails(o.notificationEmailRecipients, 'notificationEmailRecipients'),
    notificationEmailBcc: v.emails(o.notificationEmailBcc, 'notificationEmailBcc'),
    dashboardUrl: v.optUrl(o.dashboardUrl, 'dashboardUrl'),
    embedUrl: v.optUrl(o.embedUrl, 'embedUrl'),
    certificateGroupId: v.optString(o.certificateGroupId, 'certificateGroupId'),
    declarationText: v.optString(o.declarationText, 'declarationText'),
    declarationOutro: v.optString(o.declarationOutro, 'declarationOutro'),
    partnerDashboardScreenshot: v.optAsset(o.partnerDashboardScreenshot, 'partnerDashboardScreenshot'),
    intro: v.optRichText(o.intro, 'intro'),
    intro2: v.optRichText(o.intro2, 'intro2'),
    outro: v.optRichText(o.outro, 'outro'),
    requireAccount: v.optBoolean(o.requireAccount, 'requireAccount'),
    requireAccountRequireCode: v.optBoolean(o.requireAccountRequireCode, 'requireAccountRequireCode'),
    completionUrl: v.optUrl(o.completionUrl, 'completionUrl'),
    scoring: { scale, bands },
    sections,
  };
}

/**
 * A seed file may be a variant of another: `"extends": "quickscan.json"` takes that file's fields
 * and overrides them with its own (one level), so a variant does not copy a whole survey.
 * @param {Record<string, unknown>} raw
 * @param {Map<string, Record<string, unknown>>} rawByName
 * @param {string} file
 * @returns {unknown}
 */
function withBase(raw, rawByName, file) {
  if (raw === null || typeof raw !== 'object' || !('extends' in raw)) return raw;
  const { extends: baseName, ...own } = raw;
  const base = typeof baseName === 'string' ? rawByName.get(baseName) : undefined;
  if (!base || 'extends' in base)
    throw new SeedError(
      file,
      'extends',
      `"${String(baseName)}" is not a seed file of this folder without extends`,
    );
  return { ...base, ...own };
}

/**
 * Reads every `*.json` file of `contentDir` (one survey each) and validates it.
 * @param {string} [contentDir]
 * @returns {Survey[]} sorted by tenant, then id
 * @throws {SeedError} naming the file and the problem
 */
function loadSeedContent(contentDir = DEFAULT_CONTENT_DIR) {
  const dir = path.resolve(contentDir);
  let names;
  try {
    names = fs.readdirSync(dir).filter((n) => n.endsWith('.json'));
  } catch (cause) {
    throw new SeedError(dir, '', `cannot read the content folder (${/** @type {Error} */ (cause).message})`);
  }
  if (names.length === 0) throw new SeedError(dir, '', 'no seed files (*.json) found');
  /** @type {Map<string, { survey: Survey, file: string }>} */
  const byId = new Map();
  /** @type {Map<string, string>} */
  const bySlug = new Map();
  /** @type {Map<string, Record<string, unknown>>} */
  const rawByName = new Map();
  for (const name of names.sort()) {
    const file = path.join(dir, name);
    try {
      rawByName.set(name, JSON.parse(fs.readFileSync(file, 'utf8')));
    } catch (cause) {
      throw new SeedError(file, '', `not valid JSON (${/** @type {Error} */ (cause).message})`);
    }
  }
  for (const [name, raw] of rawByName) {
    const file = path.join(dir, name);
    const survey = parseSurvey(withBase(raw, rawByName, file), file, dir);
    const clash = byId.get(survey.id);
    if (clash) throw new SeedError(file, 'id', `survey id "${survey.id}" is also used by ${clash.file}`);
    const slugKey = `${survey.tenantId}/${survey.slug}`;
    const slugClash = bySlug.get(slugKey);
    if (slugClash)
      throw new SeedError(
        file,
        'slug',
        `slug "${survey.slug}" is also used by ${slugClash} in tenant ${survey.tenantId}`,
      );
    byId.set(survey.id, { survey, file });
    bySlug.set(slugKey, file);
  }
  return [...byId.values()]
    .map((e) => e.survey)
    .sort((a, b) => a.tenantId.localeCompare(b.tenantId) || a.id.localeCompare(b.id));
}

module.exports = { loadSeedContent, parseSurvey, SeedError, DEFAULT_CONTENT_DIR, validatorFor, ESG_TOPICS };
