// `npm run seed:demo`: a realistic spread of completed results on a running stack, so a newcomer
// sees full Insights screens and a peer benchmark. Every result goes through the product's own
// path: an account (or an anonymous session) from the Auth emulator, then the survey callables.
const http = require('node:http');
const net = require('node:net');
const { register } = require('tsx/cjs/api');
const { authEmulatorClient, signUpProven } = require('./proven-account');

/** Businesses with accounts who complete the account-holders' Quickscan; the first names the set. */
const BUSINESSES = [
  'Harbourside Bakery',
  'Greenway Plumbing',
  'Tidal Surf School',
  'Ridgeline Builders',
  'Copper Kettle Cafe',
  'Northshore Physio',
  'Bright Spark Electrical',
  'Wattle & Co Florists',
  'Summit Accounting',
  'Blue Gum Childcare',
  'Saltwater Seafoods',
  'Kauri Print House',
  'Riverbend Vets',
  'Lantern Light Design',
  'Meadow Fresh Grocers',
  'Ironbark Joinery',
];

/** Respondents without an account who answer the public Quickscan, naming their organisation. */
const PUBLIC_RESPONDENTS = [
  'Seaview Motel',
  'Orchard Lane Cider',
  'Pohutukawa Tours',
  'Granite Peak Gym',
  'Little Fern Bookshop',
  'Driftwood Dental',
];

/**
 * Each organisation's sector, size band and region (the Quickscan's peer facets, domain
 * peer-groups.ts): most are in Victoria, so the demo has one peer group of 10 or more
 * organisations to show and smaller ones that show only their count.
 * @type {Record<string, { 'industry-sector': string, 'employee-count': string, 'business-region': string }>}
 */
const PEER_FACETS = Object.fromEntries(
  /** @type {[string, string, string, string][]} */ ([
    ['Harbourside Bakery', 'hospitality', '5-19', 'vic'],
    ['Greenway Plumbing', 'construction', '1-4', 'vic'],
    ['Tidal Surf School', 'hospitality', '1-4', 'vic'],
    ['Ridgeline Builders', 'construction', '20-49', 'vic'],
    ['Copper Kettle Cafe', 'hospitality', '5-19', 'vic'],
    ['Northshore Physio', 'health-care', '5-19', 'nsw'],
    ['Bright Spark Electrical', 'construction', '1-4', 'vic'],
    ['Wattle & Co Florists', 'retail', '1-4', 'vic'],
    ['Summit Accounting', 'professional-services', '20-49', 'nsw'],
    ['Blue Gum Childcare', 'health-care', '20-49', 'vic'],
    ['Saltwater Seafoods', 'retail', '5-19', 'tas'],
    ['Kauri Print House', 'creative', '5-19', 'vic'],
    ['Riverbend Vets', 'health-care', '5-19', 'vic'],
    ['Lantern Light Design', 'creative', '1-4', 'qld'],
    ['Meadow Fresh Grocers', 'retail', '20-49', 'vic'],
    ['Ironbark Joinery', 'manufacturing', '5-19', 'vic'],
    ['Seaview Motel', 'hospitality', '5-19', 'nsw'],
    ['Orchard Lane Cider', 'agriculture', '1-4', 'tas'],
    ['Pohutukawa Tours', 'hospitality', '1-4', 'qld'],
    ['Granite Peak Gym', 'health-care', '5-19', 'wa'],
    ['Little Fern Bookshop', 'retail', '1-4', 'sa'],
    ['Driftwood Dental', 'health-care', '20-49', 'act'],
  ]).map(([name, sector, size, region]) => [
    name,
    { 'industry-sector': sector, 'employee-count': size, 'business-region': region },
  ]),
);

/** The question that names the organisation (packages/content seed). */
const COMPANY_NAME_QUESTION = 'company-name';
/** @param {number} index */
const emailOf = (index) => `demo-business-${index + 1}@example.com`;

/**
 * A number from 0 to 1 that is the same for the same seed (results differ, runs do not).
 * @param {number} seed
 */
function noise(seed) {
  const x = Math.sin(seed * 12.9898) * 43758.5453;
  return x - Math.floor(x);
}

/** @typedef {import('@toolkit/domain').ScoredQuestionFragment} Question */

/**
 * The answer an organisation of `maturity` (0 = just starting, 1 = leading) gives: options further
 * down a question's list and higher slider values as maturity grows, with some noise per question.
 * @param {Omit<Question, 'type'> & { type: string | null }} question
 * @param {number} maturity
 * @param {number} seed
 */
function answerFor(question, maturity, seed) {
  const level = Math.min(1, Math.max(0, maturity + (noise(seed) - 0.5) * 0.5));
  const options = question.options ?? [];
  switch (question.type) {
    case 'slider': {
      const min = question.scoreMin ?? 0;
      const max = question.scoreMax ?? 10;
      return Math.round(min + level * (max - min));
    }
    case 'dropdown':
    case 'multipleChoice': {
      if (options.length === 0) return null;
      if (question.multiple) {
        const count = Math.max(1, Math.round(level * options.length));
        return options.slice(0, count).map((option) => option.id);
      }
      return options[Math.min(options.length - 1, Math.round(level * (options.length - 1)))]?.id ?? null;
    }
    default:
      return null;
  }
}

/**
 * Whether this machine connects from loopback addresses besides 127.0.0.1: Linux answers on all of
 * 127.0.0.0/8, macOS (unless told otherwise) on 127.0.0.1 alone.
 * @returns {Promise<boolean>}
 */
function loopbackRangeAnswers() {
  const server = net.createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(0, '127.0.0.2', () => server.close(() => resolve(true)));
  });
}

/**
 * POSTs `body` as JSON to `url`, connecting from `localAddress` when one is given.
 * @param {string} url
 * @param {unknown} body
 * @param {Record<string, string>} headers
 * @param {string} [localAddress]
 * @returns {Promise<{ status: number, answer: any }>}
 */
function postJson(url, body, headers, localAddress) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        ...(localAddress ? { localAddress, family: 4 } : {}),
      },
      (response) => {
        /** @type {Buffer[]} */
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          try {
            resolve({
              status: response.statusCode ?? 0,
              answer: JSON.parse(Buffer.concat(chunks).toString('utf8')),
            });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

/**
 * @param {{ apiUrl: string, appUrl: string, authUrl: string, apiKey: string, projectId: string,
 *   contentUrl: string, contentKey: string, log?: (line: string) => void }} options `projectId`: the
 *   Auth emulator's; `appUrl`: where the sign-in links lead (the stack mails only links into the app)
 * @returns {Promise<{ seeded: boolean, results: number, organisations: number }>}
 */
async function seedDemoResults({
  apiUrl,
  appUrl,
  authUrl,
  apiKey,
  projectId,
  contentUrl,
  contentKey,
  log = console.log,
}) {
  const { API, SERVER_SURVEY_QUERY, questionTypeOf } = loadDomain();
  const auth = authEmulatorClient({ authUrl, apiKey, projectId, continueUrl: appUrl });
  // Seeded with the browsers' key, as the app asks: it may not read the notification addresses,
  // which seeding does not need.
  const scoredSurveyQuery = SERVER_SURVEY_QUERY.replace(/^\s*notificationEmail\w+$/gm, '');

  /**
   * @param {string} name
   * @param {unknown} data
   * @param {string} idToken
   * @param {string} [from] the loopback address the respondent connects from
   * @returns {Promise<any>}
   */
  async function call(name, data, idToken, from) {
    const { status, answer } = await postJson(
      `${apiUrl}/${name}`,
      { data },
      { Authorization: `Bearer ${idToken}` },
      from,
    );
    if (status !== 200 || answer.result === undefined) {
      throw new Error(`${name}: ${answer.error?.message ?? status}`);
    }
    return answer.result;
  }

  /** @typedef {{ tenantId: string, questions: (Omit<Question, 'type'> & { type: string | null })[] }} Definition */
  /**
   * @param {string} surveyId
   * @returns {Promise<Definition>}
   */
  async function survey(surveyId) {
    const response = await fetch(contentUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${contentKey}` },
      body: JSON.stringify({ query: scoredSurveyQuery, variables: { id: surveyId } }),
    });
    /** @type {{ data?: import('@toolkit/domain').ServerSurveyQuery }} */
    const answer = await response.json();
    if (!answer.data?.survey) throw new Error(`The content service has no survey "${surveyId}".`);
    const questions = answer.data.survey.sections.flatMap((section) =>
      section.questions.flatMap((item) => (item.__typename === 'QuestionGroup' ? item.questions : [item])),
    );
    return {
      tenantId: answer.data.survey.tenantId,
      questions: questions.map((question) => ({ ...question, type: questionTypeOf(question.type) })),
    };
  }

  /**
   * Starts, answers and completes one result as `idToken`, connecting from a loopback address of its
   * own where the machine has them: real organisations answer from networks of their own, and the
   * completion limit counts 50 an hour per address the API host sees, which from 127.0.0.1 the 22
   * results would share with everything else done on this machine.
   * @param {Definition} definition
   * @param {string} surveyId
   * @param {string} idToken
   * @param {number} maturity
   * @param {number} seed
   * @param {string} companyName
   * @param {number} respondent which of the demo respondents this is, from 0
   */
  async function respond(definition, surveyId, idToken, maturity, seed, companyName, respondent) {
    const from = spread ? `127.0.0.${respondent + 2}` : undefined;
    const { resultId } = await call(
      API.startResult,
      {
        tenantId: definition.tenantId,
        surveyId,
        prefill: { answers: { [COMPANY_NAME_QUESTION]: companyName } },
      },
      idToken,
      from,
    );
    /** @type {Record<string, string>} */
    const facets = PEER_FACETS[companyName] ?? {};
    let seq = 0;
    for (const [index, question] of definition.questions.entries()) {
      const answer = facets[question.id] ?? answerFor(question, maturity, seed * 100 + index);
      if (answer === null) continue;
      await call(
        API.saveAnswer,
        { tenantId: definition.tenantId, surveyId, resultId, questionId: question.id, answer, seq: ++seq },
        idToken,
        from,
      );
    }
    await call(API.completeResult, { tenantId: definition.tenantId, surveyId, resultId }, idToken, from);
  }

  // Seeded before: the first demo account exists. Seeding twice would count every result twice.
  if (await auth.isRegistered(emailOf(0))) {
    log(`Demo results are there already (${emailOf(0)} exists); nothing added. npm run reset starts afresh.`);
    return { seeded: false, results: 0, organisations: 0 };
  }

  const spread = await loopbackRangeAnswers();
  if (!spread) log('This machine connects from 127.0.0.1 alone: the results count as one network’s.');
  const businessQuickscan = await survey('business-quickscan');
  const quickscan = await survey('quickscan');
  let results = 0;
  for (const [index, name] of BUSINESSES.entries()) {
    const email = emailOf(index);
    const { idToken } = await signUpProven(auth, email, (first) =>
      call(API.completeSignup, { toolkit: 'quickscan', organisationName: name }, first),
    );
    const maturity = (index + 0.5) / BUSINESSES.length;
    await respond(businessQuickscan, 'business-quickscan', idToken, maturity, index + 1, name, results);
    results += 1;
    log(`  ${name} (${email}) completed the business Quickscan`);
  }
  for (const [index, name] of PUBLIC_RESPONDENTS.entries()) {
    const { idToken } = await auth.identity('signUp', {});
    const maturity = (index + 0.5) / PUBLIC_RESPONDENTS.length;
    await respond(quickscan, 'quickscan', idToken, maturity, 1000 + index, name, results);
    results += 1;
    log(`  ${name} (anonymous) completed the public Quickscan`);
  }
  return { seeded: true, results, organisations: BUSINESSES.length + PUBLIC_RESPONDENTS.length };
}

/** @type {(() => void) | undefined} */
let unregister;

/**
 * The callable names, the content query and the question-type table, from @toolkit/domain (its
 * TypeScript compiled by tsx's require hook, as for the local backend).
 * @returns {typeof import('@toolkit/domain')}
 */
function loadDomain() {
  unregister ??= register();
  return require('@toolkit/domain');
}

module.exports = { seedDemoResults, BUSINESSES, PUBLIC_RESPONDENTS, PEER_FACETS, answerFor, emailOf };
