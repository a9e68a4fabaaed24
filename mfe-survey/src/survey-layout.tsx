import { lazy, Suspense, useCallback, useEffect, useMemo } from 'react';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { paths } from '@toolkit/domain';
import type { AppServices } from '@toolkit/parcel';
import { selectHasSettledSession, selectUid, useAppSelector } from '@toolkit/store-contract';
import { ErrorPanel, Spinner } from '@toolkit/ui';
import { COMPANY_NAME_QUESTION_ID, hasQuestion, type Position } from '@toolkit/platform';
import { parseSurveyQuery } from './shared/result/query-params';
import { useResult } from './shared/result/use-result';
import { SaveStatus, ScreenCard } from './shared/screen-parts';
import { SurveyContext, type SurveyContextValue } from './shared/survey-context';
import { useDefinition } from './shared/use-definition';

const Outro = lazy(() => import('./features/outro/outro').then((m) => ({ default: m.Outro })));

function Loading({ label }: { label: string }) {
  return (
    <ScreenCard aria-busy="true">
      <Spinner label={label} />
    </ScreenCard>
  );
}

/** Loads the definition and the result once for all survey screens, which render inside it. */
export function SurveyLayout({ services }: { services: AppServices }) {
  const { tenantId = '', surveyId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const hasSession = useAppSelector(selectHasSettledSession);
  const uid = useAppSelector(selectUid);
  const definition = useDefinition(services.content, tenantId, surveyId);
  const survey = definition.kind === 'ready' ? definition.survey : null;
  const companyNameQuestion =
    survey && hasQuestion(survey, COMPANY_NAME_QUESTION_ID) ? COMPANY_NAME_QUESTION_ID : null;
  const query = useMemo(
    () => parseSurveyQuery(location.search, companyNameQuestion),
    [location.search, companyNameQuestion],
  );
  // A result starts once the shell's guard has settled the session (see useResult's `enabled`).
  const result = useResult({
    callable: services.callable,
    tenantId,
    surveyId,
    query,
    enabled: hasSession && survey !== null,
    uid,
    page: location.key,
  });

  const search = location.search;
  const goTo = useCallback(
    (position: Position | null) => {
      const path = !position
        ? paths.survey(tenantId, surveyId)
        : position.slide === 0
          ? paths.surveySection(tenantId, surveyId, position.sectionId)
          : paths.surveySlide(tenantId, surveyId, position.sectionId, position.slide);
      navigate(`${path}${search}`);
    },
    [navigate, search, tenantId, surveyId],
  );
  // useResult returns a new object on every render, so memoising this would change nothing.
  const context: SurveyContextValue | null = survey ? { survey, result, goTo } : null;

  // The first screen shows before the session exists: the shell loads the sign-in SDK only once
  // that screen has been painted, so it does not compete with it.
  const firstScreenShown = survey !== null;
  useEffect(() => {
    if (!firstScreenShown) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => services.requestSession());
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [firstScreenShown, services]);

  if (definition.kind === 'failed') {
    return (
      <ScreenCard>
        <ErrorPanel
          title="We couldn't load this survey"
          message={definition.message}
          onRetry={definition.retry}
        />
      </ScreenCard>
    );
  }
  if (definition.kind === 'notFound') {
    return (
      <ScreenCard>
        <ErrorPanel
          title="We couldn't find this survey"
          message="The link may be out of date. Please check it with whoever sent it to you."
        />
      </ScreenCard>
    );
  }
  if (result.state.kind === 'failed') {
    return (
      <ScreenCard>
        <ErrorPanel
          title="We couldn't start your survey"
          message={result.state.message}
          onRetry={result.state.retry}
        />
      </ScreenCard>
    );
  }
  // The screens show as soon as the definition is here; answers given before the result exists
  // wait in useResult for it.
  if (!context) return <Loading label="Loading the survey…" />;

  return (
    <SurveyContext.Provider value={context}>
      {result.completed ? (
        <Suspense fallback={<Loading label="Loading…" />}>
          <Outro services={services} />
        </Suspense>
      ) : (
        <>
          <Outlet />
          <SaveStatus status={result.saveStatus} unsent={result.unsent} />
        </>
      )}
    </SurveyContext.Provider>
  );
}
