import { Link, Route, Routes, useParams } from 'react-router';
import { paths, ROUTE_BY_ID } from '@toolkit/domain';
import { ScreenPlaceholder } from '@toolkit/ui';

function SurveyStart() {
  const { tenantId = '', surveyId = '' } = useParams();
  return (
    <ScreenPlaceholder name="Survey start" description={`Survey ${surveyId} of ${tenantId}`}>
      <Link to={paths.surveySection(tenantId, surveyId, 1)}>Begin</Link>
    </ScreenPlaceholder>
  );
}

function SectionStart() {
  const { tenantId = '', surveyId = '', sectionId = '' } = useParams();
  return (
    <ScreenPlaceholder name="Section start" description={`Section ${sectionId}`}>
      <Link to={paths.surveySlide(tenantId, surveyId, Number(sectionId), 1)}>First question</Link>
    </ScreenPlaceholder>
  );
}

function Slide() {
  const { sectionId = '', slideId = '' } = useParams();
  return (
    <ScreenPlaceholder name="Question slide" description={`Section ${sectionId}, question ${slideId}`} />
  );
}

export function App() {
  return (
    <Routes>
      <Route path={ROUTE_BY_ID.surveyStart.path} element={<SurveyStart />} />
      <Route path={ROUTE_BY_ID.surveySection.path} element={<SectionStart />} />
      <Route path={ROUTE_BY_ID.surveySlide.path} element={<Slide />} />
    </Routes>
  );
}
