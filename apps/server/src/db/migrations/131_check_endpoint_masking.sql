-- checks.endpoint is a one-line summary of a check's spec (its URL, host or script) that every
-- reader of checks sees: the health list's summary, the data API, snapshots, notification
-- payloads, agents' pushes upstream. It is not what a check runs (the spec is), so it is stored
-- with its credentials masked by the rule that masks specs (redact_secret_text, migration 130),
-- whoever writes it: canary sync, transformed checks, an agent's push.
CREATE FUNCTION checks_mask_endpoint() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.endpoint := redact_secret_text(NEW.endpoint);
  RETURN NEW;
END;
$$;

CREATE TRIGGER checks_mask_endpoint BEFORE INSERT OR UPDATE OF endpoint ON checks
  FOR EACH ROW EXECUTE FUNCTION checks_mask_endpoint();

UPDATE checks SET endpoint = redact_secret_text(endpoint)
WHERE endpoint IS DISTINCT FROM redact_secret_text(endpoint);
