import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { buttonStyles } from '@toolkit/ui';
import { useToolkit } from './api';

const CallToAction = styled(Link)<{ $variant: 'primary' | 'secondary' }>`
  ${buttonStyles}
  align-self: flex-start;
`;

/** A button to the toolkit's assessment (the Quickscan the business completes); nothing until it is known. */
export function AssessmentLink({ children }: { children: ReactNode }) {
  const { data: toolkit } = useToolkit();
  if (!toolkit) return null;
  return (
    <CallToAction to={toolkit.assessment.path} $variant="primary">
      {children}
    </CallToAction>
  );
}
