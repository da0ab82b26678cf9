import type { EnvVarValue } from '@opsdeck/shared';
import { resolveValue } from './values.js';

type WithCredentials = {
  username?: EnvVarValue;
  password?: EnvVarValue;
  auth?: { username?: EnvVarValue; password?: EnvVarValue };
};

/** `username`/`password`, or canary-checker's older `auth: {username, password}`. */
export function credentialsOf(spec: WithCredentials | undefined): { username?: string; password?: string } {
  return {
    username: resolveValue(spec?.username) ?? resolveValue(spec?.auth?.username),
    password: resolveValue(spec?.password) ?? resolveValue(spec?.auth?.password),
  };
}
