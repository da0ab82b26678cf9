import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { returnToParam } from '../../../lib/returnTo.js';
import { createFlow, getFlow, submitFlow, type Flow, type FlowAnswer, type FlowKind } from './flows.js';

/** The texts shown for identity-flow errors. */
export const FLOW_ERROR_TEXT = {
  expired: 'Your interaction expired, please fill out the form again.',
  csrf: 'A security violation was detected, please fill out the form again.',
  returnTo: 'The return_to address is not allowed.',
} as const;

/** What the page does with an identity-flow error answer. */
export type ErrorAction =
  | { do: 'restart'; notice?: string; dropReturnTo?: boolean }
  | { do: 'go'; to: string; reload: boolean }
  | { do: 'show'; notice: string };

export function errorAction(
  kind: FlowKind,
  a: Extract<FlowAnswer, { kind: 'error' }>,
  here: string,
): ErrorAction {
  if (kind === 'verification' && (a.status === 410 || a.status === 403))
    return { do: 'go', to: '/verification', reload: true };
  switch (a.id) {
    case 'session_aal2_required':
    case 'browser_location_change_required':
      return { do: 'go', to: a.redirectTo ?? '/', reload: true };
    case 'session_already_available':
      return { do: 'go', to: '/', reload: true };
    case 'session_refresh_required':
      return { do: 'go', to: `/login?refresh=true&return_to=${encodeURIComponent(here)}`, reload: false };
    case 'session_inactive':
      return { do: 'go', to: `/login?return_to=${encodeURIComponent(here)}`, reload: false };
    case 'self_service_flow_return_to_forbidden':
      return { do: 'restart', notice: FLOW_ERROR_TEXT.returnTo, dropReturnTo: true };
    case 'self_service_flow_expired':
      return { do: 'restart', notice: FLOW_ERROR_TEXT.expired };
    case 'security_csrf_violation':
      return { do: 'restart', notice: FLOW_ERROR_TEXT.csrf };
    case 'security_identity_mismatch':
    case 'self_service_flow_not_found':
      return { do: 'restart' };
  }
  if (a.redirectTo) return { do: 'go', to: a.redirectTo, reload: true };
  if (a.status === 410) return { do: 'restart', notice: FLOW_ERROR_TEXT.expired };
  return { do: 'show', notice: a.message };
}

type UseFlow = {
  flow: Flow | undefined;
  /** A page-level message from an error answer (shown above the form). */
  notice: string | undefined;
  busy: boolean;
  submit: (values: Record<string, string>) => Promise<FlowAnswer | undefined>;
};

/**
 * Creates the flow (or loads `?flow=`), then submits it; applies the error table. `onDone`
 * decides where a finished flow goes (default: the server's redirect, else return_to, else /).
 */
export function useFlow(kind: FlowKind, onDone?: (redirectTo: string | undefined) => void): UseFlow {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [flow, setFlow] = useState<Flow>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState(false);
  const started = useRef<string | null>(null);
  const flowId = params.get('flow');
  // Only addresses of this console, by the server's own rule: it is also where a finished flow
  // goes when the server names no address.
  const returnTo = returnToParam(params);
  const refresh = params.get('refresh') === 'true';
  const aal = params.get('aal');
  const here = window.location.pathname + window.location.search;

  const go = useCallback(
    (to: string, reload: boolean) => {
      if (reload || /^https?:/.test(to)) window.location.assign(to);
      else void navigate(to);
    },
    [navigate],
  );

  const handle = useCallback(
    async (a: FlowAnswer, restart: (dropReturnTo: boolean) => Promise<void>): Promise<void> => {
      if (a.kind === 'flow') {
        setFlow(a.flow);
        if (params.get('flow') !== a.flow.id)
          setParams(
            (p) => {
              p.set('flow', a.flow.id);
              return p;
            },
            { replace: true },
          );
        return;
      }
      if (a.kind === 'done') {
        if (onDone) onDone(a.redirectTo);
        else go(a.redirectTo ?? returnTo ?? '/', true);
        return;
      }
      const action = errorAction(kind, a, here);
      if (action.do === 'go') return go(action.to, action.reload);
      setNotice(action.notice);
      if (action.do === 'restart') await restart(action.dropReturnTo ?? false);
    },
    [go, here, kind, onDone, params, returnTo, setParams],
  );

  const restart = useCallback(
    async (dropReturnTo: boolean): Promise<void> => {
      const a = await createFlow(kind, { return_to: dropReturnTo ? null : returnTo, refresh, aal });
      // A second failure while restarting is shown, not retried forever.
      if (a.kind === 'error') {
        const action = errorAction(kind, a, here);
        if (action.do === 'go') return go(action.to, action.reload);
        setNotice(a.message);
        return;
      }
      await handle(a, async () => undefined);
    },
    [aal, go, handle, here, kind, refresh, returnTo],
  );

  useEffect(() => {
    const key = `${kind}:${flowId ?? ''}:${refresh}:${aal ?? ''}`;
    if (started.current === key || (flowId && flow?.id === flowId)) return;
    started.current = key;
    void (async () => {
      const a = flowId
        ? await getFlow(kind, flowId)
        : await createFlow(kind, { return_to: returnTo, refresh, aal });
      await handle(a, restart);
    })();
  }, [aal, flow?.id, flowId, handle, kind, refresh, restart, returnTo]);

  const submit = useCallback(
    async (values: Record<string, string>) => {
      if (!flow) return undefined;
      setBusy(true);
      setNotice(undefined);
      try {
        const a = await submitFlow(kind, flow.id, values);
        await handle(a, restart);
        return a;
      } finally {
        setBusy(false);
      }
    },
    [flow, handle, kind, restart],
  );

  return { flow, notice, busy, submit };
}
