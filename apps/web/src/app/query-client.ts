import { ApiError } from '@tsunagu/contract/envelope';
import { messages } from '@tsunagu/contract/messages';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import '../shared/api/query-meta';
import type { ErrorHandlingMeta } from '../shared/api/query-meta';
import { showAlert } from '../shared/ui/alert';

/** What the alert says for a failed call (spec 8 "Result handling"). */
export function errorAlertText(error: unknown): string {
  if (!(error instanceof ApiError)) return messages.errorOccurred;
  // A non-zero code on a successful HTTP answer carries the server's message as is.
  if (error.status >= 200 && error.status < 300) return error.message;
  return error.message ? `${messages.errorOccurred}\n${error.message}` : messages.errorOccurred;
}

function reportError(error: unknown, meta: ErrorHandlingMeta | undefined): void {
  if (meta?.handlesErrors) return;
  // A 401 has already signed the user out and is on its way to /login.
  if (error instanceof ApiError && error.status === 401) return;
  console.error(error);
  showAlert(errorAlertText(error));
}

const isClientError = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

/** The app's query client: one alert for every unhandled failure, no retry of a refused request. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => reportError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => reportError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        retry: (failures, error) => failures < 2 && !isClientError(error),
        refetchOnWindowFocus: false,
      },
    },
  });
}
