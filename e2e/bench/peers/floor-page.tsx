// The floor: a bare React page showing the first slide's heading and text, the least any React
// survey page can download and run before its first question shows.
import { createRoot } from 'react-dom/client';

declare const FIRST_SLIDE: { title: string; information: string };

function FirstSlide() {
  return (
    <main>
      <h1>{FIRST_SLIDE.title}</h1>
      <p>{FIRST_SLIDE.information.replace(/<[^>]+>/g, '')}</p>
      <button type="button">Next</button>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<FirstSlide />);
