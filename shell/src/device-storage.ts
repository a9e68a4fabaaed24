/** The device's local storage, or null where the browser refuses it (some private modes). */
export function deviceStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
