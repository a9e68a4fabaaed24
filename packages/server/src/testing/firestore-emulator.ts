// The Google Cloud CLI's Firestore emulator for test files: the launcher of @toolkit/local-services
// (the one start:firebase uses too), and what a suite that needs it does where the CLI is missing.
import { firestoreEmulatorMissing, startFirestoreEmulator } from '@toolkit/local-services';

export {
  FIRESTORE_EMULATOR_COMMAND,
  firestoreEmulatorMissing,
  startFirestoreEmulator,
} from '@toolkit/local-services';

export type FirestoreEmulator = Awaited<ReturnType<typeof startFirestoreEmulator>>;

/** CI sets CI (GitHub Actions and most others: CI=true). */
const inCi = (env: NodeJS.ProcessEnv) => Boolean(env.CI) && !['false', '0'].includes(env.CI!.toLowerCase());

/**
 * Why a suite needing the emulator is skipped here, or null when it runs. In CI the CLI is part of
 * the machine, so its absence throws: a suite that skipped there would pass while proving nothing.
 */
export function firestoreEmulatorSkipReason(
  env: NodeJS.ProcessEnv = process.env,
  missing: () => string | null = firestoreEmulatorMissing,
): string | null {
  const reason = missing();
  if (reason !== null && inCi(env)) {
    throw new Error(`CI=${env.CI}: this suite must run on the Firestore emulator, but ${reason}`);
  }
  return reason;
}
