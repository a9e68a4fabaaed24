import { inviteMail, mailDocument, singleLine } from './mail';

describe('mail subjects', () => {
  it('are one line in every mail document, whatever the subject was made of', () => {
    const document = mailDocument({
      to: ['team@example.com'],
      subject: 'Acme\r\nBcc: x@evil',
      html: '<p></p>',
    });
    expect(document.message).toEqual({ subject: 'Acme Bcc: x@evil', html: '<p></p>' });
  });

  it.each([
    ['CR LF', 'a\r\nb'],
    ['a lone LF', 'a\nb'],
    ['a tab and NUL', 'a\t\u0000b'],
    ['NEL', 'a\u0085b'],
    ['the Unicode line and paragraph separators', 'a\u2028\u2029b'],
  ])('turn %s into one space', (_, value) => {
    expect(singleLine(value)).toBe('a b');
  });

  it('keep an invite’s organisation name on the subject line', () => {
    const document = inviteMail({
      email: 'invitee@example.com',
      link: 'http://localhost:3000/journey/i1',
      surveyTitle: 'Quickscan',
      organisationName: 'Acme\r\nBcc: x@evil',
      inviterName: 'Olive',
    });
    expect((document.message as { subject: string }).subject).toBe(
      'Acme Bcc: x@evil invites you to take the Quickscan',
    );
  });
});
