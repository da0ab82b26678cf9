-- Subtree reads (tree API with id=, snapshots) match descendants by path prefix.
CREATE INDEX components_path_idx ON components (path text_pattern_ops) WHERE deleted_at IS NULL;
CREATE INDEX team_components_team_id_idx ON team_components (team_id);
