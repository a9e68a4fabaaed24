import { loadSurveyDefinition, type ContentClient } from '@toolkit/platform';
import { arrivedSurveyBranding } from './survey-definition';

const definition = {
  id: 's1',
  tenantId: 't1',
  requireAccount: false,
  primaryColor: '#1f5f4a',
  secondaryColor: null,
  tertiaryColor: null,
  quaternaryColor: null,
  globalFont: 'Inter',
  textColor: null,
  primaryLogo: { url: 'https://cdn.example.com/logo.svg', title: 'Acme', width: 240, height: 60 },
  secondaryLogo: { url: 'https://cdn.example.com/partner.svg', title: null, width: null, height: null },
  mobileSecondaryLogo: null,
};

const contentAnswering = (survey: unknown): ContentClient => ({
  request: async <T>() => ({ survey }) as T,
});

describe('arrivedSurveyBranding', () => {
  it("is the survey tenant's branding once the definition is in, so the first render has its look", async () => {
    const content = contentAnswering(definition);
    expect(arrivedSurveyBranding(content, '/survey/t1/s1')).toBeNull(); // not asked yet
    await loadSurveyDefinition(content, 's1');
    expect(arrivedSurveyBranding(content, '/survey/t1/s1/section/1/slide/2')).toEqual({
      tenantId: 't1',
      branding: {
        primaryColor: '#1f5f4a',
        font: 'Inter',
        primaryLogo: { url: 'https://cdn.example.com/logo.svg', title: 'Acme', width: 240, height: 60 },
        secondaryLogo: { url: 'https://cdn.example.com/partner.svg' },
      },
    });
  });

  it("never lends a survey's look to another tenant's address, or to pages that are not surveys", async () => {
    const content = contentAnswering(definition);
    await loadSurveyDefinition(content, 's1');
    expect(arrivedSurveyBranding(content, '/survey/other/s1')).toBeNull();
    expect(arrivedSurveyBranding(content, '/dashboard')).toBeNull();
  });
});
