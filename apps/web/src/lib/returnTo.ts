import { sameOriginReturnTo } from '@opsdeck/shared';

/**
 * The `return_to` of the address bar, kept only when it stays on this console: the rule the
 * server applies to every flow (`sameOriginReturnTo` — the address as the browser resolves it,
 * tabs, newlines and backslashes included, must be on this page's origin). Null otherwise.
 */
export function returnToParam(params: URLSearchParams): string | null {
  return sameOriginReturnTo(params.get('return_to'), [window.location.origin]);
}
