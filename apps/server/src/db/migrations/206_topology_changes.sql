-- The topology tree is computed once and shared between users for a few seconds, like the
-- health summary (migration 205, db/shared-results.ts). Every change a user would see in it
-- bumps this counter in the same transaction: a component added, removed or changed in any
-- way, its checks or teams linked or unlinked, an incident, hypothesis or piece of evidence
-- written. Check statuses bump health_changes, which the tree reads too. What may be a few
-- seconds old is the last runs and latency of checks whose status did not change.
CREATE TABLE topology_changes (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  n bigint NOT NULL
);
INSERT INTO topology_changes VALUES (true, 0);

CREATE FUNCTION opsdeck_topology_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE topology_changes SET n = n + 1;
  RETURN NULL;
END;
$$;

CREATE TRIGGER components_listed AFTER INSERT OR DELETE OR TRUNCATE ON components
  FOR EACH STATEMENT EXECUTE FUNCTION opsdeck_topology_changed();
-- Status refreshes rewrite rows that often stay the same: only a real change counts.
CREATE TRIGGER components_changed AFTER UPDATE ON components
  FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION opsdeck_topology_changed();
CREATE TRIGGER check_component_relationships_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON check_component_relationships
  FOR EACH STATEMENT EXECUTE FUNCTION opsdeck_topology_changed();
CREATE TRIGGER team_components_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON team_components
  FOR EACH STATEMENT EXECUTE FUNCTION opsdeck_topology_changed();
CREATE TRIGGER teams_changed_topology AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON teams
  FOR EACH STATEMENT EXECUTE FUNCTION opsdeck_topology_changed();
CREATE TRIGGER incidents_changed_topology AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON incidents
  FOR EACH STATEMENT EXECUTE FUNCTION opsdeck_topology_changed();
CREATE TRIGGER hypotheses_changed_topology AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON hypotheses
  FOR EACH STATEMENT EXECUTE FUNCTION opsdeck_topology_changed();
CREATE TRIGGER evidences_changed_topology AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON evidences
  FOR EACH STATEMENT EXECUTE FUNCTION opsdeck_topology_changed();
