// Being built (issue 32): replaced by the screen itself.
export function ReceivedScreen() {
  return <h1>Results</h1>;
}
