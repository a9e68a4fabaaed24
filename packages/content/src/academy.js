'use strict';

// The academy (content/catalogue/academy.json): articles and videos for businesses, each on an ESG
// topic. Every article slug an action names must exist, so a link from an action never dead-ends.

const fs = require('node:fs');
const path = require('node:path');
const { ESG_TOPICS, SeedError, validatorFor } = require('./seed');

const ARTICLE_FIELDS = ['slug', 'title', 'summary', 'topic', 'readingMinutes', 'publishedAt', 'body'];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * @typedef {{ slug: string, title: string, summary: string, topic: string, readingMinutes: number,
 *   publishedAt: string, body: import('./seed').RichText, searchText: string }} Article
 */

/** The words of an article a search looks in: its title, summary and text without markup. */
function searchTextOf(/** @type {{ title: string, summary: string, html: string }} */ article) {
  const text = article.html.replace(/<[^>]*>/g, ' ').replace(/&[a-z#0-9]+;/gi, ' ');
  return `${article.title} ${article.summary} ${text}`.replace(/\s+/g, ' ').toLowerCase();
}

/**
 * @param {string} contentDir
 * @param {import('./actions').Action[]} actions whose article slugs must all exist
 * @returns {Article[]} newest first
 */
function loadArticles(contentDir, actions) {
  const file = path.join(path.resolve(contentDir), 'catalogue', 'academy.json');
  if (!fs.existsSync(file)) {
    if (actions.some((action) => action.academyArticles.length > 0))
      throw new SeedError(file, '', 'the action catalogue links academy articles, but there is no academy');
    return [];
  }
  let raw;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (cause) {
    throw new SeedError(file, '', `not valid JSON (${/** @type {Error} */ (cause).message})`);
  }
  const v = validatorFor(file, contentDir);
  const seen = new Set();
  const articles = v.array(raw, '').map((entry, i) => {
    const where = `[${i}]`;
    const o = v.object(entry, where, ARTICLE_FIELDS);
    const slug = v.id(o.slug, `${where}.slug`);
    if (seen.has(slug)) v.fail(`${where}.slug`, `article slug "${slug}" is used twice`);
    seen.add(slug);
    const topic = v.string(o.topic, `${where}.topic`);
    if (!ESG_TOPICS.includes(topic))
      v.fail(`${where}.topic`, `"${topic}" is not one of ${ESG_TOPICS.join(', ')}`);
    const publishedAt = v.string(o.publishedAt, `${where}.publishedAt`);
    if (!DATE.test(publishedAt) || Number.isNaN(Date.parse(publishedAt)))
      v.fail(`${where}.publishedAt`, `"${publishedAt}" is not a date like 2026-02-16`);
    const body = v.optRichText(o.body, `${where}.body`) ?? v.fail(`${where}.body`, 'is required');
    const title = v.string(o.title, `${where}.title`);
    const summary = v.string(o.summary, `${where}.summary`);
    return {
      slug,
      title,
      summary,
      topic,
      readingMinutes:
        v.optPositiveInt(o.readingMinutes, `${where}.readingMinutes`) ??
        v.fail(`${where}.readingMinutes`, 'is required'),
      publishedAt,
      body,
      searchText: searchTextOf({ title, summary, html: body.html }),
    };
  });
  for (const action of actions) {
    for (const slug of action.academyArticles) {
      if (!seen.has(slug))
        throw new SeedError(
          file,
          '',
          `action "${action.id}" links the article "${slug}", which the academy does not have`,
        );
    }
  }
  return articles.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
}

module.exports = { loadArticles };
