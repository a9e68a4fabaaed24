import { clientAddress, FRONT_END_HOPS } from './client-address';

const CONNECTION = '10.1.2.3';
const requestWith = (forwardedFor?: string) => ({
  headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  socket: { remoteAddress: CONNECTION },
});

it.each([
  ['the client’s address as the front end wrote it', '198.51.100.7, 10.0.0.1', 2, '198.51.100.7'],
  ['never an entry the client sent itself', '203.0.113.66, 198.51.100.7, 10.0.0.1', 2, '198.51.100.7'],
  [
    'never the leftmost of several forged entries',
    '1.1.1.1, 2.2.2.2, 198.51.100.7, 10.0.0.1',
    2,
    '198.51.100.7',
  ],
  ['one hop: the rightmost entry', '203.0.113.66, 198.51.100.7', 1, '198.51.100.7'],
  [
    'three hops: the third from the right',
    '203.0.113.66, 198.51.100.7, 10.0.0.9, 10.0.0.1',
    3,
    '198.51.100.7',
  ],
  [
    'an IPv6 client',
    '203.0.113.66, 2001:db8:85a3::8a2e:370:7334, 10.0.0.1',
    2,
    '2001:db8:85a3::8a2e:370:7334',
  ],
  ['an IPv4-mapped IPv6 client', '::ffff:198.51.100.7, 10.0.0.1', 2, '::ffff:198.51.100.7'],
  ['spaces around the entries ignored', '  198.51.100.7 ,10.0.0.1', 2, '198.51.100.7'],
  ['the connection when no hop is trusted', '203.0.113.66, 198.51.100.7, 10.0.0.1', 0, CONNECTION],
  ['the connection when there are too few entries', '203.0.113.66', 2, CONNECTION],
  ['the connection when the header is empty', '', 2, CONNECTION],
  ['the connection when the entry is not an address', 'evil, 10.0.0.1', 2, CONNECTION],
  ['the connection when the entry carries a port', '198.51.100.7:443, 10.0.0.1', 2, CONNECTION],
  ['the connection when the entry is an empty list item', '198.51.100.7, , 10.0.0.1', 2, CONNECTION],
  ['the connection when the entry is a host name', 'localhost, 10.0.0.1', 2, CONNECTION],
])('%s', (_case, forwardedFor, hops, expected) => {
  expect(clientAddress(requestWith(forwardedFor), hops)).toBe(expected);
});

it('reads several X-Forwarded-For header lines as one list', () => {
  const lines = { headers: { 'x-forwarded-for': ['203.0.113.66', '198.51.100.7, 10.0.0.1'] }, socket: {} };
  expect(clientAddress(lines, FRONT_END_HOPS)).toBe('198.51.100.7');
});

it('is the connection’s address without an X-Forwarded-For header, and unknown without either', () => {
  expect(clientAddress(requestWith(), FRONT_END_HOPS)).toBe(CONNECTION);
  const noConnection = { headers: { 'x-forwarded-for': 'evil, 10.0.0.1' }, socket: {} };
  expect(clientAddress(noConnection, FRONT_END_HOPS)).toBeUndefined();
});
