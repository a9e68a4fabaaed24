// declaration-get: the Declaration screen's declaration, credential and whether the caller may sign.
import { API, type ApiResponses } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import { declarationOverview } from './declaration';

export const getDeclaration = defineHandler(API.getDeclaration, {
  run: (_input, { caller, deps }): Promise<ApiResponses[typeof API.getDeclaration]> =>
    declarationOverview(deps, caller),
});
