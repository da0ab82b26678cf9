-- Sign-in through an OpenID Connect issuer (AUTH_MODE=oidc, docs/identity.md): a person is found
-- by the issuer and the subject it gives them, never by email. The organisations are those the
-- issuer's claim listed at the last sign-in.
CREATE TABLE external_identities (
  issuer text NOT NULL,
  subject text NOT NULL,
  person_id uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  organisations text[] NOT NULL DEFAULT ARRAY[]::text[],
  created_at timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (issuer, subject)
);
CREATE INDEX external_identities_person_idx ON external_identities (person_id);

-- The ID token a session was signed in with: the issuer's logout wants it back (id_token_hint).
ALTER TABLE auth_sessions ADD COLUMN id_token text;
