// Where the Google Cloud CLI is missing, the emulator suites skip on a developer's machine and fail in CI.
import { FIRESTORE_EMULATOR_COMMAND, firestoreEmulatorSkipReason } from './firestore-emulator';

const absent = () => `the Google Cloud CLI is not installed ("${FIRESTORE_EMULATOR_COMMAND}" needs it)`;

describe('firestoreEmulatorSkipReason', () => {
  it('skips outside CI, naming the command', () => {
    expect(firestoreEmulatorSkipReason({}, absent)).toContain('gcloud emulators firestore start');
    expect(firestoreEmulatorSkipReason({ CI: 'false' }, absent)).toContain(FIRESTORE_EMULATOR_COMMAND);
  });

  it('fails in CI, naming the command', () => {
    expect(() => firestoreEmulatorSkipReason({ CI: 'true' }, absent)).toThrow(
      /CI=true: this suite must run on the Firestore emulator, but .*gcloud emulators firestore start/,
    );
    expect(() => firestoreEmulatorSkipReason({ CI: '1' }, absent)).toThrow(FIRESTORE_EMULATOR_COMMAND);
  });

  it('runs the suite wherever the CLI is present, CI or not', () => {
    expect(firestoreEmulatorSkipReason({ CI: 'true' }, () => null)).toBeNull();
    expect(firestoreEmulatorSkipReason({}, () => null)).toBeNull();
  });
});
