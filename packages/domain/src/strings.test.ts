import { httpUrlOf } from './strings';

describe('httpUrlOf', () => {
  it.each(['https://example.com/path?q=1', 'HTTP://localhost:9099', 'http://127.0.0.1:5001/demo'])(
    'takes %s',
    (value) => {
      expect(httpUrlOf(value)?.href).toBe(new URL(value).href);
    },
  );

  it.each([
    ['no // after the scheme', 'http:example.com'],
    ['one slash after the scheme', 'https:/path'],
    ['another scheme', 'ftp://example.com/fns'],
    ['no scheme', 'localhost:9099'],
    ['no host', 'https://'],
    ['words', 'not a url'],
  ])('refuses a value with %s', (_, value) => {
    expect(httpUrlOf(value)).toBeNull();
  });
});
