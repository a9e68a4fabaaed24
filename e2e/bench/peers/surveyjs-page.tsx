// The peer: the Quickscan rendered by SurveyJS (survey-core and survey-react-ui), as its docs show a
// React app doing it. The definition is built in (bench/peers/build.ts), so the peer makes no
// request for it; its stylesheet is the fontless build, since this machine reaches no font host.
import { createRoot } from 'react-dom/client';
import { Model } from 'survey-core';
import { Survey } from 'survey-react-ui';
import 'survey-core/survey-core.fontless.min.css';

declare const SURVEY_JSON: Record<string, unknown>;

const model = new Model(SURVEY_JSON);
createRoot(document.getElementById('root')!).render(<Survey model={model} />);
