-- Built-in identity provider (docs/identity.md): identities, sessions, self-service flows,
-- one-time codes, invites and stored flow errors. Secrets are stored hashed or encrypted.

-- One identity per person that can sign in with a password; id is the person's id.
CREATE TABLE identities (
  id uuid PRIMARY KEY REFERENCES people (id) ON DELETE CASCADE,
  traits jsonb NOT NULL DEFAULT '{}'::jsonb,
  state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'inactive')),
  -- argon2id PHC string; NULL until the person sets a password (invited users).
  password_hash text,
  -- TOTP secret, AES-256-GCM encrypted with the server key (DATA_DIR/secret.key or SECRET_KEY).
  totp_secret text,
  email_verified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  state_changed_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX identities_email_key ON identities (lower(traits->>'email'));

-- Server-side sessions: the browser holds only an opaque random token; we keep its SHA-256.
CREATE TABLE auth_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  logout_token_hash text NOT NULL UNIQUE,
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  aal text NOT NULL DEFAULT 'aal1' CHECK (aal IN ('aal1', 'aal2')),
  methods jsonb NOT NULL DEFAULT '[]'::jsonb,
  authenticated_at timestamptz NOT NULL DEFAULT now(),
  issued_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_sessions_identity_idx ON auth_sessions (identity_id);

-- Self-service flows (login, registration, recovery, verification, settings).
CREATE TABLE auth_flows (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  type text NOT NULL CHECK (type IN ('login', 'registration', 'recovery', 'verification', 'settings')),
  state text NOT NULL,
  csrf_token text NOT NULL,
  identity_id uuid REFERENCES identities (id) ON DELETE CASCADE,
  request_url text NOT NULL,
  return_to text,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  ui jsonb NOT NULL DEFAULT '{}'::jsonb,
  issued_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX auth_flows_expires_idx ON auth_flows (expires_at);

-- One-time codes sent by mail for recovery and verification; only a hash is kept.
CREATE TABLE auth_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  flow_id uuid NOT NULL REFERENCES auth_flows (id) ON DELETE CASCADE,
  identity_id uuid REFERENCES identities (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('recovery', 'verification')),
  email text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_codes_flow_idx ON auth_codes (flow_id);

-- Invite links: a one-time token that lets the invitee set a password.
CREATE TABLE auth_invites (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- Errors shown by the UI's error page (GET /api/auth/self-service/errors?id=).
CREATE TABLE auth_errors (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  error jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Local feature flags (PROPERTIES_FILE) are mirrored into properties with source 'local' and
-- are read-only: only the start-up sync, which sets opsdeck.sync_local, may change them.
CREATE FUNCTION properties_protect_local() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.source = 'local' AND coalesce(current_setting('opsdeck.sync_local', true), '') <> 'on' THEN
    RAISE EXCEPTION 'Cannot edit local feature flags' USING ERRCODE = '42501';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER properties_protect_local
BEFORE UPDATE OR DELETE ON properties
FOR EACH ROW EXECUTE FUNCTION properties_protect_local();
