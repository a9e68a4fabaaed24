// The request schemas of the callable API (zod), built once from the declarations (./callables):
// the server validates every request with them, and forms check a field with the schema of the
// request they send. Kept out of the package's main entry, which the browser loads: the browser only
// needs their types, and zod would add tens of kilobytes to a respondent's first load.
import { CALLABLES, type ApiName, type RequestSchema } from './callables';
import { requestKit } from './request-kit';

export * from './strings';
export * from './request-kit';
export { COMMENTS_PAGE_MAX, EXPORT_FORMATS, type ExportFormat } from './callables';

export const REQUESTS = Object.fromEntries(
  Object.values(CALLABLES).map((declaration) => [declaration.name, declaration.request(requestKit)]),
) as { readonly [N in ApiName]: RequestSchema<N> };
