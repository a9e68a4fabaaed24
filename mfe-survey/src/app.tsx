import { Route, Routes } from 'react-router';
import { relativePath, ROUTE_BY_ID } from '@toolkit/domain';
import type { ParcelProps } from '@toolkit/parcel';
import { SlideScreen } from './features/answering/slide-screen';
import { SectionStart } from './features/sections/section-start';
import { SurveyStart } from './features/start/survey-start';
import { SurveyLayout } from './survey-layout';

const start = ROUTE_BY_ID.surveyStart.path;

export function App({ services }: Pick<ParcelProps, 'services'>) {
  return (
    <Routes>
      <Route path={start} element={<SurveyLayout services={services} />}>
        <Route index element={<SurveyStart />} />
        <Route path={relativePath(ROUTE_BY_ID.surveySection.path, start)} element={<SectionStart />} />
        <Route path={relativePath(ROUTE_BY_ID.surveySlide.path, start)} element={<SlideScreen />} />
      </Route>
    </Routes>
  );
}
