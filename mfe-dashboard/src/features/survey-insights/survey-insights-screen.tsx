// Being built (issue 32): replaced by the screen itself.
export function SurveyInsightsScreen() {
  return <h1>Survey insights</h1>;
}
