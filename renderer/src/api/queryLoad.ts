/** An error as the pages show it: ApiError messages are already the server's envelope in words. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
