// The part of @toolkit/federation (plain CommonJS, untyped) that the dev stack reads.
declare module '@toolkit/federation' {
  type AppInfo = { container: string; dir: string; port: number };
  export const REMOTES: Record<'survey' | 'dashboard' | 'journey' | 'billing', AppInfo>;
  export const SHELL: AppInfo;
}
