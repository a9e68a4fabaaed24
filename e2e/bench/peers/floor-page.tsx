// The floor: a bare React page showing one slide (its heading, help and control, the answer held in
// React state), fetched as JSON (slide.json, written by bench/peers/build.ts) as any survey page
// fetches its definition: the least a React survey page can download and run before its first
// question can be answered.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

export interface FloorSlide {
  id: string;
  title: string;
  helperText: string;
  /** A text field, or one option to choose among `options`. */
  kind: 'text' | 'options';
  options: string[];
}

let answer: string | undefined;
Object.assign(window, { __benchAnswer: () => answer });

function FirstSlide({ slide }: { slide: FloorSlide }) {
  const [value, setValue] = useState('');
  const choose = (next: string) => {
    answer = next;
    setValue(next);
  };
  return (
    <main>
      <h1>{slide.title}</h1>
      {slide.helperText && <p>{slide.helperText}</p>}
      {slide.kind === 'text' ? (
        <input aria-label={slide.title} value={value} onChange={(event) => choose(event.target.value)} />
      ) : (
        <fieldset>
          {slide.options.map((option) => (
            <label key={option}>
              <input type="radio" checked={value === option} onChange={() => choose(option)} />
              {option}
            </label>
          ))}
        </fieldset>
      )}
      <button type="button">Next</button>
    </main>
  );
}

void fetch('slide.json')
  .then((response) => response.json())
  .then((slide: FloorSlide) =>
    createRoot(document.getElementById('root')!).render(<FirstSlide slide={slide} />),
  );
