// Being built (issue 32): replaced by the screen itself.
export function MembersScreen() {
  return <h1>Members</h1>;
}
