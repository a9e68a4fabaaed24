// Types for the JavaScript content service the test helpers start (it ships no declarations).
declare module '@toolkit/content' {
  export function startContentServer(options?: {
    port?: number;
    host?: string;
    key?: string;
  }): Promise<{ url: string; graphqlUrl: string; port: number; close(): Promise<void> }>;
}
