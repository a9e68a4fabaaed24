// The survey definition as the server reads it from the content service, and the port it comes
// through: shared by the handlers, the repositories and the backfill, so it sits beside none of them.
import type { CatalogueAction, EsgTopic, ScoringMethod } from '@toolkit/domain';

export interface ServerQuestion {
  id: string;
  type: string;
  title: string;
  scoring: { method: ScoringMethod; maxScore: number };
  scoreMin: number | null;
  scoreMax: number | null;
  /** A slider's captions, for its answer in words. */
  labels: string[] | null;
  options: { id: string; label: string; score: number }[] | null;
  multiple: boolean | null;
  /** A reviewer verifying the result expects evidence attached to this answer. */
  evidenceRequired: boolean;
}

/** The survey definition as the server needs it (recipients, scoring, logos). */
export interface ServerSurveyDefinition {
  id: string;
  tenantId: string;
  title: string;
  requireAccount: boolean;
  notificationRecipients: string[];
  notificationBcc: string[];
  primaryLogo: string | null;
  secondaryLogo: string | null;
  primaryColor: string | null;
  dashboardUrl: string | null;
  /** What an organisation signs; null text: the survey has no declaration. */
  declaration: { text: string | null; outro: string | null };
  /** The overall score runs from 0 to scale; a band applies from its min up to the next band's. */
  scoring: { scale: number; bands: { min: number; label: string; description: string | null }[] };
  /** Questions of groups are listed in their section, in order: a group only arranges them. */
  sections: { title: string; topic: EsgTopic | null; weight: number; questions: ServerQuestion[] }[];
}

export interface ContentPort {
  /** null when the survey does not exist; throws the content-service failure otherwise. */
  getSurvey(surveyId: string): Promise<ServerSurveyDefinition | null>;
  /** A toolkit's publisher; null when no toolkit has that name. */
  getToolkit(
    name: string,
  ): Promise<{ name: string; title: string; tenantId: string; assessment: string } | null>;
  /** The action catalogue; throws the content-service failure when it cannot be read. */
  getActions(): Promise<CatalogueAction[]>;
  /** The published surveys and their publishers (a tenant publishing one is a publisher, tenantKindOf). */
  getSurveyList(): Promise<{ id: string; tenantId: string }[]>;
}
