import '@tanstack/react-query';

/** Per-query/mutation options read by the app's global error handler. */
export interface ErrorHandlingMeta extends Record<string, unknown> {
  /** The caller shows its own error; the global alert stays quiet. */
  handlesErrors?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ErrorHandlingMeta;
    mutationMeta: ErrorHandlingMeta;
  }
}
