import { Route, Routes } from 'react-router';
import { relativePath, ROUTE_BY_ID } from '@toolkit/domain';
import type { ParcelProps } from '@toolkit/parcel';
import { SectionStart } from './screens/SectionStart';
import { SlideScreen } from './screens/SlideScreen';
import { SurveyLayout } from './screens/SurveyLayout';
import { SurveyStart } from './screens/SurveyStart';

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
