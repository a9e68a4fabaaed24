// Where the respondent was, per result, so a reload or a later visit continues there.
import type { Position } from '@toolkit/platform';

const positionKey = (resultId: string) => `toolkit:survey-position:v1:${resultId}`;

export function loadPosition(storage: Storage | null, resultId: string): Position | null {
  try {
    const parsed = JSON.parse(storage?.getItem(positionKey(resultId)) ?? 'null') as Partial<Position> | null;
    if (Number.isInteger(parsed?.sectionId) && Number.isInteger(parsed?.slide)) return parsed as Position;
  } catch {
    // An unreadable position just means starting at the beginning.
  }
  return null;
}

export function savePosition(storage: Storage | null, resultId: string, position: Position | null): void {
  try {
    if (position) storage?.setItem(positionKey(resultId), JSON.stringify(position));
    else storage?.removeItem(positionKey(resultId));
  } catch {
    // Storage full or blocked: the URL still holds the position.
  }
}
