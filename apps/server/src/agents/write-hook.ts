import type { DataWriteHook } from '../platform/data-write-hook.js';
import { HttpError } from '../platform/http-error.js';

/**
 * Agents through the data API: `person_id` is never taken from a request. An agent's person is
 * the one `POST /api/agent/generate` makes, and deleting the agent deletes that person, so a
 * writer naming someone else's id could later delete them (and end their sessions and tokens).
 * Migration 135 holds the same rule for every other writer.
 */
export const agentWriteHook: DataWriteHook = {
  async beforeWrite(rows) {
    if (rows.some((row) => Object.hasOwn(row, 'person_id')))
      throw new HttpError(
        400,
        'person_id: an agent’s person is made when the agent is generated (POST /api/agent/generate) and cannot be set or changed',
      );
    return rows;
  },
};
