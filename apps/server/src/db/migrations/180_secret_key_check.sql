-- A value sealed with the server's secret key (SECRET_KEY or DATA_DIR/secret.key) by the first
-- server that started on this database. Every later start opens it: a server with another key
-- (a replica given its own key, a lost key file) refuses to start instead of failing every
-- secret it reads (lib/secrets/key-check.ts). One row.
CREATE TABLE secret_key_check (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  sealed text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
