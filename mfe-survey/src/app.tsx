import type { ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useParams } from 'react-router';
import { paths, relativePath, ROUTE_BY_ID } from '@toolkit/domain';
import type { ParcelProps } from '@toolkit/parcel';
import { findSection, locateSlide } from '@toolkit/platform';
import { Notice } from '@toolkit/ui';
import { SlideScreen } from './features/answering/slide-screen';
import { SectionStart } from './features/sections/section-start';
import { SurveyStart } from './features/start/survey-start';
import { useSurvey } from './shared/survey-context';
import { SurveyLayout } from './survey-layout';

const start = ROUTE_BY_ID.surveyStart.path;

type NotFound = 'section' | 'slide';

/**
 * An unknown section or slide number leads to the survey's start (docs/behaviour.md, Routes), which
 * says what was not found; the query string (invite and result ids) goes along.
 */
function KnownPosition({ children }: { children: ReactNode }) {
  const { tenantId = '', surveyId = '', sectionId, slideId } = useParams();
  const { search } = useLocation();
  const { survey } = useSurvey();
  const section = findSection(survey, Number(sectionId));
  const slide =
    slideId === undefined || locateSlide(survey, { sectionId: Number(sectionId), slide: Number(slideId) });
  const notFound: NotFound | null = !section ? 'section' : !slide ? 'slide' : null;
  if (!notFound) return children;
  return <Navigate replace to={`${paths.survey(tenantId, surveyId)}${search}`} state={{ notFound }} />;
}

function StartWithNotice() {
  const { state, key } = useLocation();
  const notFound = (state as { notFound?: unknown } | null)?.notFound;
  return (
    <>
      {(notFound === 'section' || notFound === 'slide') && (
        <Notice key={key}>We couldn't find that {notFound}, so you are at the start of the survey.</Notice>
      )}
      <SurveyStart />
    </>
  );
}

export function App({ services }: Pick<ParcelProps, 'services'>) {
  return (
    <Routes>
      <Route path={start} element={<SurveyLayout services={services} />}>
        <Route index element={<StartWithNotice />} />
        <Route
          path={relativePath(ROUTE_BY_ID.surveySection.path, start)}
          element={
            <KnownPosition>
              <SectionStart />
            </KnownPosition>
          }
        />
        <Route
          path={relativePath(ROUTE_BY_ID.surveySlide.path, start)}
          element={
            <KnownPosition>
              <SlideScreen />
            </KnownPosition>
          }
        />
      </Route>
    </Routes>
  );
}
