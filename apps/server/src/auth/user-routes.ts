import { ROLES, emailSchema, isRole } from '@opsdeck/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isPgError } from '../db/types.js';
import { createIdentity, displayName, findIdentityByEmail, splitName, updateTraits } from './identities.js';
import { randomToken, sha256 } from './secrets.js';
import type { AuthServices } from './services.js';
import { revokeAllSessions } from './sessions.js';
import { loadRoles, setRoles } from './roles.js';
import { requireCan } from './guard.js';

const role = z.enum(ROLES, 'Please select any role');

const inviteBody = z.object({
  firstName: z
    .string({ error: 'Please provide valid first name' })
    .trim()
    .min(1, 'Please provide valid first name'),
  lastName: z
    .string({ error: 'Please provide valid last name' })
    .trim()
    .min(1, 'Please provide valid last name'),
  email: z
    .string({ error: 'Please provide valid email' })
    .min(1, 'Please provide valid email')
    .pipe(emailSchema),
  role,
});

const updateBody = z.object({
  id: z.uuid('id must be a UUID'),
  firstName: z.string().trim().min(1, 'Please provide valid first name').optional(),
  lastName: z.string().trim().min(1, 'Please provide valid last name').optional(),
  name: z.string().trim().min(1).optional(),
  email: emailSchema.optional(),
  state: z.enum(['active', 'inactive']).optional(),
  role: role.optional(),
});

const rolesBody = z.object({ roles: z.array(z.string()).min(1, 'roles must not be empty') });
const personParam = z.object({ personId: z.uuid('personId must be a UUID') });
const INVITE_LIFETIME_DAYS = 7;

type IdentityListRow = {
  id: string;
  name: string;
  email: string | null;
  avatar: string | null;
  traits: { email: string; name: { first: string; last: string } } | null;
  state: string | null;
  roles: string[];
  created_at: Date;
  state_changed_at: Date | null;
  updated_at: Date;
};

async function adminsLeft(svc: AuthServices, exceptPersonId: string): Promise<number> {
  const { rows } = await svc.ctx.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM person_roles r JOIN people p ON p.id = r.person_id
     WHERE r.role = 'admin' AND p.deleted_at IS NULL AND p.id <> $1`,
    [exceptPersonId],
  );
  return rows[0]?.n ?? 0;
}

/** Users (identities with roles), invites, edits, deletes, and role assignment. */
export async function userRoutes(app: FastifyInstance, svc: AuthServices): Promise<void> {
  const { db } = svc.ctx;

  app.get('/api/identities', { config: { permission: ['identities', 'read'] } }, async (req) => {
    await requireCan(req, 'identities', 'read');
    const { rows } = await db.query<IdentityListRow>(
      `SELECT p.id, p.name, p.email, p.avatar, i.traits, coalesce(i.state, 'active') AS state,
              coalesce((SELECT array_agg(r.role ORDER BY r.role) FROM person_roles r WHERE r.person_id = p.id), ARRAY[]::text[]) AS roles,
              coalesce(i.created_at, p.created_at) AS created_at, i.state_changed_at, coalesce(i.updated_at, p.updated_at) AS updated_at
       FROM people p LEFT JOIN identities i ON i.id = p.id
       WHERE p.deleted_at IS NULL AND (p.type IS NULL OR p.type NOT IN ('agent', 'access_token'))
       ORDER BY p.name`,
    );
    return rows.map((r) => ({
      ...r,
      traits: r.traits ?? { email: r.email ?? '', name: splitName(r.name) },
      roles: r.roles.length ? r.roles : ['viewer'],
    }));
  });

  app.post(
    '/api/auth/invite_user',
    { config: { permission: ['identities', 'write'] } },
    async (req, reply) => {
      const actor = await requireCan(req, 'identities', 'write');
      const body = inviteBody.parse(req.body ?? {});
      if (await findIdentityByEmail(db, body.email)) {
        return reply
          .code(409)
          .send({ error: `A user with the email ${body.email} already exists`, fields: ['email'] });
      }
      const token = randomToken();
      try {
        await db.transaction(async (tx) => {
          const id = await createIdentity(
            tx,
            { email: body.email, name: { first: body.firstName, last: body.lastName } },
            null,
          );
          await setRoles(tx, id, [body.role]);
          await tx.query(
            `INSERT INTO auth_invites (identity_id, token_hash, created_by, expires_at)
           VALUES ($1, $2, $3, now() + make_interval(days => $4))`,
            [id, sha256(token), actor.personId, INVITE_LIFETIME_DAYS],
          );
        });
      } catch (e) {
        if (isPgError(e) && e.code === '23505') {
          return reply
            .code(409)
            .send({ error: `A user with the email ${body.email} already exists`, fields: ['email'] });
        }
        throw e;
      }
      const link = `${svc.ctx.publicBaseUrl()}/api/auth/self-service/invite?token=${token}`;
      await svc.mailer
        .send({
          to: body.email,
          subject: 'You have been invited to Opsdeck',
          text: `Hi ${body.firstName},\n\nyou have been invited to Opsdeck. Set your password here (valid for ${INVITE_LIFETIME_DAYS} days):\n${link}\n`,
        })
        .catch((e: unknown) =>
          req.log.warn({ err: e }, 'invite mail could not be sent; the link is in the response'),
        );
      return reply.code(201).send({ link });
    },
  );

  app.post('/api/people/update', { config: { permission: ['identities', 'write'] } }, async (req, reply) => {
    await requireCan(req, 'identities', 'write');
    const body = updateBody.parse(req.body ?? {});
    const { rows } = await db.query<{ id: string; name: string; email: string | null }>(
      'SELECT id, name, email FROM people WHERE id = $1 AND deleted_at IS NULL',
      [body.id],
    );
    const person = rows[0];
    if (!person) return reply.code(404).send({ error: 'User not found' });
    const current = splitName(person.name);
    const name = {
      first: body.firstName ?? (body.name ? splitName(body.name).first : current.first),
      last: body.lastName ?? (body.name ? splitName(body.name).last : current.last),
    };
    const email = body.email ?? person.email ?? '';
    try {
      await db.transaction(async (tx) => {
        const hasIdentity =
          (await tx.query('SELECT 1 FROM identities WHERE id = $1', [body.id])).rows.length > 0;
        if (hasIdentity) await updateTraits(tx, body.id, { email, name });
        else {
          await tx.query('UPDATE people SET name = $2, email = $3, updated_at = now() WHERE id = $1', [
            body.id,
            displayName({ email, name }),
            email || null,
          ]);
        }
        if (body.state) {
          await tx.query(
            'UPDATE identities SET state = $2, state_changed_at = now(), updated_at = now() WHERE id = $1 AND state <> $2',
            [body.id, body.state],
          );
          if (body.state === 'inactive') await revokeAllSessions(tx, body.id);
        }
        if (body.role) await setRoles(tx, body.id, [body.role]);
      });
    } catch (e) {
      if (isPgError(e) && e.code === '23505')
        return reply.code(409).send({ error: `The email ${email} is already in use` });
      throw e;
    }
    return { message: `${displayName({ email, name })} updated successfully`, id: body.id };
  });

  app.delete('/api/people/:id', { config: { permission: ['identities', 'write'] } }, async (req, reply) => {
    const actor = await requireCan(req, 'identities', 'write');
    const { id } = z.object({ id: z.uuid('id must be a UUID') }).parse(req.params);
    if (id === actor.personId) return reply.code(400).send({ error: 'You cannot delete yourself' });
    const deleted = await db.transaction(async (tx) => {
      const { affectedRows } = await tx.query(
        'UPDATE people SET deleted_at = now(), updated_at = now() WHERE id = $1 AND deleted_at IS NULL',
        [id],
      );
      if (!affectedRows) return false;
      await tx.query("UPDATE identities SET state = 'inactive', state_changed_at = now() WHERE id = $1", [
        id,
      ]);
      await revokeAllSessions(tx, id);
      await tx.query('DELETE FROM access_tokens WHERE person_id = $1', [id]);
      await tx.query('DELETE FROM auth_invites WHERE identity_id = $1', [id]);
      return true;
    });
    if (!deleted) return reply.code(404).send({ error: 'User not found' });
    return { message: 'user deleted successfully' };
  });

  app.get('/api/rbac/:personId/roles', { config: { permission: ['rbac', 'read'] } }, async (req, reply) => {
    await requireCan(req, 'rbac', 'read');
    const { personId } = personParam.parse(req.params);
    const { rows } = await db.query('SELECT 1 FROM people WHERE id = $1 AND deleted_at IS NULL', [personId]);
    if (!rows.length) return reply.code(404).send({ error: 'User not found' });
    return { roles: await loadRoles(db, personId) };
  });

  app.post(
    '/api/rbac/:personId/update_role',
    { config: { permission: ['rbac', 'write'] } },
    async (req, reply) => {
      await requireCan(req, 'rbac', 'write');
      const { personId } = personParam.parse(req.params);
      const { roles } = rolesBody.parse(req.body ?? {});
      const unknown = roles.filter((r) => !isRole(r));
      if (unknown.length) {
        return reply
          .code(400)
          .send({ error: `Unknown role ${unknown.join(', ')}: use one of ${ROLES.join(', ')}` });
      }
      const { rows } = await db.query('SELECT 1 FROM people WHERE id = $1 AND deleted_at IS NULL', [
        personId,
      ]);
      if (!rows.length) return reply.code(404).send({ error: 'User not found' });
      if (!roles.includes('admin') && (await adminsLeft(svc, personId)) === 0) {
        return reply.code(400).send({ error: 'At least one admin must remain' });
      }
      await db.transaction((tx) => setRoles(tx, personId, roles));
      return { roles: await loadRoles(db, personId) };
    },
  );
}
