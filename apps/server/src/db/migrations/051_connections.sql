-- Connections (docs/connections.md): credentials kept in one place, referenced from specs as
-- connection://namespace/name. Password, certificate and secret-like properties hold values
-- sealed by the server's key (`enc:v1.…`, docs/connections.md); nothing here decrypts them.
CREATE TABLE connections (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (name <> ''),
  namespace text NOT NULL DEFAULT 'default' CHECK (namespace <> ''),
  type text NOT NULL,
  url text,
  username text,
  password text,
  certificate text,
  properties jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(properties) = 'object'),
  insecure_tls boolean NOT NULL DEFAULT false,
  source text DEFAULT 'UI',
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX connections_name_namespace_key ON connections (name, namespace) WHERE deleted_at IS NULL;

-- A DELETE (the data API's included) marks the row deleted instead: references in specs then
-- fail with "connection X not found" rather than pointing at a reused id. Purging needs
-- opsdeck.purge_connections = 'on' in the session.
CREATE FUNCTION connections_soft_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('opsdeck.purge_connections', true), '') = 'on' THEN
    RETURN OLD;
  END IF;
  UPDATE connections SET deleted_at = now(), updated_at = now() WHERE id = OLD.id AND deleted_at IS NULL;
  RETURN NULL;
END;
$$;
CREATE TRIGGER connections_soft_delete
BEFORE DELETE ON connections
FOR EACH ROW EXECUTE FUNCTION connections_soft_delete();

-- Pickers and the read-only list: no credential column at all.
CREATE VIEW connections_list AS
SELECT
  c.id,
  c.name,
  c.namespace,
  c.type,
  CASE
    WHEN c.url ~* '^(slack|teams|discord|googlechat|mattermost|rocketchat|matrix|telegram|zulip|pushbullet|pushover|ifttt|ntfy|opsgenie|smtp|generic)(\+|://)'
      THEN 'notification'
  END AS category,
  c.source,
  c.created_by,
  c.created_at,
  c.updated_at
FROM connections c
WHERE c.deleted_at IS NULL;

-- The edit form: every column, credentials masked (a `***` sent back keeps the stored value;
-- a URL shows its user but never its password).
CREATE VIEW connection_details AS
SELECT
  c.id,
  c.name,
  c.namespace,
  c.type,
  redact_url_password(c.url) AS url,
  mask_secret(c.username) AS username,
  mask_secret(c.password) AS password,
  mask_secret(c.certificate) AS certificate,
  mask_sealed(c.properties) AS properties,
  c.insecure_tls,
  c.source,
  c.created_by,
  c.created_at,
  c.updated_at
FROM connections c
WHERE c.deleted_at IS NULL;
