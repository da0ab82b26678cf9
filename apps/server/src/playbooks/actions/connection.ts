import {
  isConnectionReference,
  resolveConnection,
  type HydratedConnection,
} from '../../connections/index.js';
import type { ServerContext } from '../../context.js';

/** The connection an action names, or undefined when it names none. */
export async function actionConnection(
  ctx: ServerContext,
  reference: unknown,
): Promise<HydratedConnection | undefined> {
  if (typeof reference !== 'string' || reference.trim() === '') return undefined;
  if (!isConnectionReference(reference))
    throw new Error(`connection ${reference} is not a connection:// reference`);
  return resolveConnection({ db: ctx.db, config: ctx.config }, reference);
}
