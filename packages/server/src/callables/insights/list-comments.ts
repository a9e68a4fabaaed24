// insights-listComments: the answers to one open question of a publisher's survey, newest first,
// searched by word prefix, a page at a time; excluded results' comments are left out.
import { API, type ApiResponses } from '@toolkit/domain';
import { notFound } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { commentQuestions, listComments } from '../../repositories/comments';
import { loadPublishedSurvey } from './access';

const COMMENTS_PAGE_DEFAULT = 20;

export const NO_SUCH_OPEN_QUESTION = 'This survey has no open question with that id.';

export const listSurveyComments = defineHandler(API.listComments, {
  async run(
    { surveyId, questionId, search, cursor, limit },
    { caller, deps },
  ): Promise<ApiResponses[typeof API.listComments]> {
    const definition = await loadPublishedSurvey(deps, caller, surveyId);
    if (!commentQuestions(definition).some((question) => question.id === questionId)) {
      throw notFound(NO_SUCH_OPEN_QUESTION);
    }
    return listComments(
      deps.store,
      { tenantId: definition.tenantId, surveyId, questionId },
      { search, cursor, limit: limit ?? COMMENTS_PAGE_DEFAULT },
    );
  },
});
