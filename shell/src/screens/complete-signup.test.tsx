import { toolkitOf } from './complete-signup';

describe('toolkitOf', () => {
  it('reads the toolkit from the continue URL the portal put in the link', () => {
    expect(toolkitOf('http://localhost:3000/complete-signup?toolkit=energy&oobCode=x&mode=signIn')).toBe(
      'energy',
    );
  });

  it('reads it from a nested continueUrl when the provider wraps the link', () => {
    const continueUrl = encodeURIComponent('http://localhost:3000/complete-signup?toolkit=waste');
    expect(toolkitOf(`http://localhost:3000/complete-signup?mode=signIn&continueUrl=${continueUrl}`)).toBe(
      'waste',
    );
  });

  it('falls back to the Quickscan toolkit for the plain portal', () => {
    expect(toolkitOf('http://localhost:3000/complete-signup?mode=signIn&oobCode=x')).toBe('quickscan');
  });
});
