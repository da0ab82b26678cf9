import { useMemo } from 'react';
import { useUrlParams, type ParamUpdate } from '../../../lib/urlState.js';
import { encodeTriState, type TriStateMap } from '../../../ui/triState.js';
import { parseHealthParams, type HealthParams } from './healthParams.js';

/** Every dashboard setting lives in the URL, so a link shows the same view. */
export function useHealthParams(): [HealthParams, (update: ParamUpdate) => void] {
  const [params, set] = useUrlParams();
  const value = useMemo(() => parseHealthParams(params), [params]);
  return [value, set];
}

export function encodeLabels(map: TriStateMap): string {
  return encodeTriState(map);
}
