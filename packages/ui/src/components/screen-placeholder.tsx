import { useId, type ReactNode } from 'react';
import { Card, MutedText, PageTitle } from './layout';

export interface ScreenPlaceholderProps {
  name: string;
  description?: string;
  /** The screen's next steps, e.g. links onward. */
  children?: ReactNode;
}

/** Stands in for a screen that has not been built yet, so routes and guards can be exercised. */
export function ScreenPlaceholder({ name, description, children }: ScreenPlaceholderProps) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <PageTitle id={titleId}>{name}</PageTitle>
      {description && <MutedText>{description}</MutedText>}
      {children}
    </Card>
  );
}
