// What graphql-request takes from 'graphql' in the browser, in place of the package (8 KB
// compressed: its parser and printer). Every content query is a string sent as it is, and the
// content client asks for no operation name (excludeOperationName), so graphql-request parses
// nothing and prints nothing: these names are only there for the paths it does not take.
// shared.test.ts checks that they cover what graphql-request imports and behave as described.

/** The one node kind graphql-request asks about: is a definition an operation? */
export const Kind = Object.freeze({ OPERATION_DEFINITION: 'OperationDefinition' });

/**
 * Asked only for an operation's name, which the content client does not send. graphql-request
 * catches the failure and sends the query without a name, as it does for a document it cannot parse.
 * @param {string} _source
 * @returns {never}
 */
export function parse(_source) {
  throw new Error('GraphQL documents are not parsed in the browser: the query is sent as written');
}

/**
 * A parsed document (e.g. from a `gql` tag) as the text it was parsed from.
 * @param {{ loc?: { source?: { body?: string } } }} document
 * @returns {string}
 */
export function print(document) {
  const body = document.loc?.source?.body;
  if (typeof body !== 'string') {
    throw new Error('A GraphQL document without its source text cannot be sent: pass the query as a string');
  }
  return body;
}
