// Types for the two JavaScript packages the test helpers start (they ship no declarations).
declare module '@toolkit/dev-stack/src/auth-emulator.js' {
  export function startAuthEmulator(options: {
    root: string;
    port: number;
    dataDir: string;
    projectId: string;
    host?: string;
    log?: (line: string) => void;
  }): Promise<{ url: string; logFile: string; stop(): Promise<void> }>;
}

declare module '@toolkit/content' {
  export function startContentServer(options?: {
    port?: number;
    host?: string;
    key?: string;
  }): Promise<{ url: string; graphqlUrl: string; port: number; close(): Promise<void> }>;
}
