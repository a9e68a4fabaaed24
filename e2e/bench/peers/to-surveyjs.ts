// Our survey definition (the seed content's JSON) as a SurveyJS survey, so that the peer page of the
// first-slide bench renders the same Quickscan: one page per section, one question per page in
// order (SurveyJS's questionPerPage mode, as our survey shows one slide at a time).
interface Option {
  id: string;
  label: string;
}

interface Item {
  id: string;
  type: 'content' | 'comment' | 'dropdown' | 'multipleChoice' | 'slider' | 'group';
  title: string;
  information?: string;
  helperText?: string;
  textLines?: number;
  multiple?: boolean;
  options?: Option[];
  labels?: string[];
  questions?: Item[];
}

export interface OurSurvey {
  title: string;
  sections: { id: number; title: string; questions: Item[] }[];
}

const choices = (options: Option[] = []) =>
  options.map((option) => ({ value: option.id, text: option.label }));

function element(item: Item): Record<string, unknown> {
  const common = {
    name: item.id,
    title: item.title,
    ...(item.helperText ? { description: item.helperText } : {}),
  };
  switch (item.type) {
    case 'content':
      // Our content slide's heading is its title; an html element has none of its own.
      return { type: 'html', name: item.id, html: `<h1>${item.title}</h1>${item.information ?? ''}` };
    case 'comment':
      return (item.textLines ?? 1) > 1
        ? { ...common, type: 'comment', rows: item.textLines }
        : { ...common, type: 'text' };
    case 'dropdown':
      return { ...common, type: item.multiple ? 'tagbox' : 'dropdown', choices: choices(item.options) };
    case 'multipleChoice':
      return { ...common, type: 'radiogroup', choices: choices(item.options) };
    case 'slider':
      return {
        ...common,
        type: 'rating',
        rateValues: (item.labels ?? []).map((text, value) => ({ value, text })),
      };
    case 'group':
      return {
        type: 'panel',
        name: item.id,
        title: item.title,
        elements: (item.questions ?? []).map(element),
      };
  }
}

export function toSurveyJs(survey: OurSurvey): Record<string, unknown> {
  return {
    title: survey.title,
    questionsOnPageMode: 'questionPerPage',
    pages: survey.sections.map((section) => ({
      name: `section-${section.id}`,
      title: section.title,
      elements: section.questions.map(element),
    })),
  };
}
