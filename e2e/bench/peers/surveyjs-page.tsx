// The peer: the Quickscan rendered by SurveyJS (survey-core and survey-react-ui), as its docs show a
// React app doing it: the definition fetched as JSON (survey.json beside the page, written by
// bench/peers/build.ts), as our survey fetches its own. Its stylesheet is the fontless build, since
// this machine reaches no font host. `?question=<name>` opens that question, as our slide addresses do.
import { createRoot } from 'react-dom/client';
import { Model } from 'survey-core';
import { Survey } from 'survey-react-ui';
import 'survey-core/survey-core.fontless.min.css';

void fetch('survey.json')
  .then((response) => response.json())
  .then((json: Record<string, unknown>) => {
    const model = new Model(json);
    const opened = new URLSearchParams(window.location.search).get('question');
    const question = opened ? model.getQuestionByName(opened) : null;
    if (question) model.currentSingleQuestion = question;
    // What the bench reads to know the model holds the answer (it is no respondent's concern).
    Object.assign(window, { __benchAnswer: (name: string) => model.getValue(name) as unknown });
    createRoot(document.getElementById('root')!).render(<Survey model={model} />);
  });
