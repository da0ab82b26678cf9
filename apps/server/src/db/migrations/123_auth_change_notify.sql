-- Servers keep the sessions they checked in memory for a few seconds (auth/session-cache.ts).
-- Every change that can end a session or narrow what it may do notifies them, whichever
-- process or hand-written statement makes it, so a cached session never outlives it.
CREATE FUNCTION opsdeck_notify_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One notification per transaction: PostgreSQL folds identical ones.
  PERFORM pg_notify('opsdeck_auth_changed', '');
  RETURN NULL;
END;
$$;

-- Sessions: sign-out and revocation (DELETE), a second factor proven or a lifetime shortened.
-- The once-a-minute touch of last_seen_at moves it forward and does not notify; moving it back
-- (an idle session made older) does.
CREATE TRIGGER auth_sessions_changed AFTER DELETE ON auth_sessions
  FOR EACH ROW EXECUTE FUNCTION opsdeck_notify_auth_changed();
CREATE TRIGGER auth_sessions_updated AFTER UPDATE ON auth_sessions
  FOR EACH ROW WHEN (
    NEW.token_hash IS DISTINCT FROM OLD.token_hash
    OR NEW.identity_id IS DISTINCT FROM OLD.identity_id
    OR NEW.aal IS DISTINCT FROM OLD.aal
    OR NEW.methods IS DISTINCT FROM OLD.methods
    OR NEW.expires_at < OLD.expires_at
    OR NEW.last_seen_at < OLD.last_seen_at
  ) EXECUTE FUNCTION opsdeck_notify_auth_changed();
CREATE TRIGGER auth_sessions_truncated AFTER TRUNCATE ON auth_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION opsdeck_notify_auth_changed();

-- Roles: any change.
CREATE TRIGGER person_roles_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON person_roles
  FOR EACH STATEMENT EXECUTE FUNCTION opsdeck_notify_auth_changed();

-- Identities: deactivated, deleted, or a second factor enrolled or removed.
CREATE TRIGGER identities_changed AFTER UPDATE OF id, state, totp_secret OR DELETE OR TRUNCATE ON identities
  FOR EACH STATEMENT EXECUTE FUNCTION opsdeck_notify_auth_changed();

-- People: deleted (soft or hard).
CREATE TRIGGER people_changed AFTER UPDATE OF id, deleted_at OR DELETE OR TRUNCATE ON people
  FOR EACH STATEMENT EXECUTE FUNCTION opsdeck_notify_auth_changed();
