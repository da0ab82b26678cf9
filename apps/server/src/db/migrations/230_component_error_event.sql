-- component.error (docs/events.md): a live component whose status becomes `error` (a status a
-- topology spec, a statusExpr or an agent sets) is news like unhealthy or warning, for
-- notification rules (also spelled component.status.error) and `on.component` playbook triggers
-- (`event: error`). Born with it, it is announced as unhealthy and warning ones are.

CREATE OR REPLACE FUNCTION components_insert_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM enqueue_event('component.' || i.status, i.id,
    component_event_properties(i) || '{"previous_status": null}'::jsonb)
  FROM inserted i WHERE i.deleted_at IS NULL AND i.status IN ('unhealthy', 'warning', 'error');
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION components_update_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.deleted_at IS NULL AND NEW.status IN ('healthy', 'unhealthy', 'warning', 'unknown', 'error') THEN
    PERFORM enqueue_event('component.' || NEW.status, NEW.id,
      component_event_properties(NEW) || jsonb_build_object('previous_status', OLD.status));
  END IF;
  RETURN NULL;
END $$;
