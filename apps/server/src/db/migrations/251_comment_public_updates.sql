-- An incident comment may be a public update (docs/status-pages.md): the only incident text a
-- public status page ever shows. Ordinary comments stay `comment`.
ALTER TABLE comments ADD COLUMN kind text NOT NULL DEFAULT 'comment'
  CHECK (kind IN ('comment', 'public_update'));
CREATE INDEX comments_public_updates_idx ON comments (incident_id, created_at) WHERE kind = 'public_update';
