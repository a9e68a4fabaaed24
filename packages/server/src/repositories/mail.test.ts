import { notificationSubject } from '../mail/notification';
import {
  alertConfirmationMail,
  inviteMail,
  mailDocument,
  newTeamMemberMail,
  singleLine,
  subjectOf,
  SUBJECT_TEXT_MAX,
  teamInviteMail,
} from './mail';

const subjectOfDocument = (document: Record<string, unknown>) =>
  (document.message as { subject: string }).subject;

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

  it('keep an invite’s organisation name on the subject line, after the product’s own words', () => {
    const document = inviteMail({
      email: 'invitee@example.com',
      link: 'http://localhost:3000/journey/i1',
      surveyTitle: 'Quickscan',
      organisationName: 'Acme\r\nBcc: x@evil',
      inviterName: 'Olive',
    });
    expect(subjectOfDocument(document)).toBe('Invitation to take the Quickscan for Acme Bcc: x@evil');
  });
});

describe('subjects with free text', () => {
  // A name an organisation could give itself to pass its mail off as someone else's.
  const bait = 'Your account is locked. Reply with your password';
  const own = (subject: string) => expect(subject.startsWith(bait)).toBe(false);

  it('start with the product’s words in every mail an organisation’s or respondent’s text reaches', () => {
    const invite = inviteMail({
      email: 'invitee@example.com',
      link: 'http://localhost:3000/journey/i1',
      surveyTitle: 'Quickscan',
      organisationName: bait,
      inviterName: bait,
    });
    const team = newTeamMemberMail({
      to: ['office@example.com'],
      email: 'new@example.com',
      role: 'viewer',
      organisationName: bait,
      inviterName: bait,
    });
    for (const subject of [
      subjectOfDocument(invite),
      subjectOfDocument(team),
      notificationSubject({ organisation: bait }),
    ]) {
      own(subject);
      expect(subject).toContain(bait);
    }
    expect(subjectOfDocument(invite)).toBe(`Invitation to take the Quickscan for ${bait}`);
    expect(subjectOfDocument(team)).toBe(`New team member in ${bait}: new@example.com`);
  });

  it('ask a stranger to confirm alerts, or to join a team, in the product’s words before the organisation’s name', () => {
    const organisationName = 'URGENT: reset your password';
    const confirmation = alertConfirmationMail({
      email: 'stranger@example.com',
      link: 'http://localhost:3000/alerts/confirm/t1',
      organisationName,
      requestedBy: 'owner@acme.example',
      kinds: ['New results'],
    });
    const team = teamInviteMail({
      email: 'stranger@example.com',
      link: 'http://localhost:3000/journey/i1',
      organisationName,
      inviterName: organisationName,
      role: 'viewer',
    });
    expect(subjectOfDocument(confirmation)).toBe(
      `Please confirm notifications from the Sustainability Toolkit for ${organisationName}`,
    );
    expect(subjectOfDocument(team)).toBe(`Invitation to join the team of ${organisationName}`);
  });

  it('leave out an empty text with its joining words', () => {
    expect(subjectOf('Invitation to take the Quickscan', ' \r\n ', ' for ')).toBe(
      'Invitation to take the Quickscan',
    );
    const team = newTeamMemberMail({
      to: ['office@example.com'],
      email: 'new@example.com',
      role: 'viewer',
      organisationName: '',
      inviterName: '',
    });
    expect(subjectOfDocument(team)).toBe('New team member: new@example.com');
  });

  it('shorten a long text, so the product’s words and what follows stay in view', () => {
    const long = 'A'.repeat(500);
    const subject = subjectOf('New team member', long, ' in ');
    expect(subject).toBe(`New team member in ${'A'.repeat(SUBJECT_TEXT_MAX - 1)}…`);
  });
});
