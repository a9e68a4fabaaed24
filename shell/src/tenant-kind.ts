// Whether the signed-in member's organisation is a business or a publisher (@toolkit/domain
// tenantKindOf), so the header offers the journey to businesses only, as the dashboard's sections do.
import { useEffect, useState } from 'react';
import { SURVEY_LIST_QUERY, tenantKindOf, type SurveyListQuery, type TenantKind } from '@toolkit/domain';
import type { ContentClient } from '@toolkit/platform';

/**
 * null until the catalogue has answered. When it cannot be read the header stays a business's, as
 * the dashboard's navigation does.
 */
export function useTenantKind(
  content: ContentClient,
  tenantId: string | null | undefined,
): TenantKind | null {
  const [kind, setKind] = useState<{ tenantId: string; kind: TenantKind } | null>(null);
  useEffect(() => {
    if (!tenantId) return;
    let current = true;
    content
      .request<SurveyListQuery>(SURVEY_LIST_QUERY)
      .then(({ surveys }) => {
        if (current)
          setKind({ tenantId, kind: tenantKindOf(tenantId, new Map(surveys.map((s) => [s.id, s]))) });
      })
      .catch(() => {
        if (current) setKind({ tenantId, kind: 'business' });
      });
    return () => {
      current = false;
    };
  }, [content, tenantId]);
  if (!tenantId) return 'business';
  return kind?.tenantId === tenantId ? kind.kind : null;
}
