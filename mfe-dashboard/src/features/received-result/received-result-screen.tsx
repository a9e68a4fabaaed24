// Being built (issue 32): replaced by the screen itself.
export function ReceivedResultScreen() {
  return <h1>Result</h1>;
}
