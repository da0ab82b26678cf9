-- "No secret reaches a reader" (docs/connections.md, "Masking"): the data API reads spec-like
-- JSON columns through redact_secrets() when the caller may not write the resource, so that
-- selects, filters and ordering all see `***` instead of credentials.

-- A URL's password: `scheme://user:pass@` → `user:***@` (connection URLs in the edit form).
CREATE FUNCTION redact_url_password(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(value, '([a-z][a-z0-9+.-]*://[^:/@[:space:]]*):[^@/[:space:]]+@', '\1:***@', 'gi')
$$;

-- Credentials inside one string of a spec: a PEM private key whole, URL passwords, chat sender
-- URLs (their token is the user or the path: only the scheme is kept), webhook URLs whose path
-- is the secret (Slack, Discord, Teams, Mattermost/Rocket.Chat `/hooks/`), and the values of
-- query parameters named like secrets (`?token=…`, `&api_key=…`).
CREATE FUNCTION redact_secret_text(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN value ~ '-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----' THEN '***'
    ELSE regexp_replace(
      regexp_replace(
        regexp_replace(
          redact_url_password(value),
          '((slack|discord|telegram|teams|mattermost|rocketchat|matrix|zulip|pushbullet|pushover|ifttt|ntfy|opsgenie|googlechat|gotify|join|bark)://)[^?#[:space:]]+',
          '\1***',
          'gi'
        ),
        '((hooks\.slack\.com/services|discord(app)?\.com/api/webhooks|/webhookb2|/IncomingWebhook|/hooks)/)[^?#[:space:]]+',
        '\1***',
        'gi'
      ),
      '([?&][^=&#[:space:]]*(token|key|password|passwd|secret|signature|sig|auth)[^=&#[:space:]]*=)[^&#[:space:]]+',
      '\1***',
      'gi'
    )
  END
$$;

-- A value under a secret-named key: every scalar becomes `***` (empty ones stay empty), except
-- inside references to where the secret lives (`valueFrom`, `secretKeyRef`, …).
CREATE FUNCTION redact_secret_value(value jsonb) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  CASE jsonb_typeof(value)
    WHEN 'object' THEN
      RETURN (
        SELECT coalesce(
          jsonb_object_agg(
            e.key,
            CASE WHEN e.key ~* '(ref|valuefrom)$' THEN redact_secrets(e.value) ELSE redact_secret_value(e.value) END
          ),
          '{}'::jsonb
        )
        FROM jsonb_each(value) e
      );
    WHEN 'array' THEN
      RETURN (
        SELECT coalesce(jsonb_agg(redact_secret_value(a.v) ORDER BY a.i), '[]'::jsonb)
        FROM jsonb_array_elements(value) WITH ORDINALITY a(v, i)
      );
    WHEN 'string' THEN
      RETURN CASE WHEN value #>> '{}' = '' THEN value ELSE '"***"'::jsonb END;
    WHEN 'number', 'boolean' THEN
      RETURN '"***"'::jsonb;
    ELSE
      RETURN value;
  END CASE;
END;
$$;

-- A document with its credentials replaced by `***`: values of keys named like secrets
-- (password, token, bearer, apiKey, privateKey, kubeconfig, credentials, authorization, …),
-- `{name, value}` pairs whose name is one (headers, env), and credentials inside strings.
-- Documents that mention nothing of the kind are returned as they are, without a walk.
CREATE FUNCTION redact_secrets(doc jsonb) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  secret_key constant text :=
    '(password|passwd|secret|token|bearer|api[-_]?key|access[-_]?key|private[-_]?key|ssh[-_]?key|kubeconfig|credential|passphrase|authorization|cookie)';
  -- Anything redact_secret_text would change, or a secret-named key: otherwise nothing to do.
  suspicious constant text := secret_key
    || '|://[^/"@[:space:]]*:[^/"@[:space:]]*@|[?&][^=&"]*(key|sig|auth)[^=&"]*=|PRIVATE KEY'
    || '|(slack|discord|telegram|teams|mattermost|rocketchat|matrix|zulip|pushbullet|pushover|ifttt|ntfy|opsgenie|googlechat|gotify|join|bark)://'
    || '|hooks\.slack\.com|discord(app)?\.com/api/webhooks|/webhookb2/|/IncomingWebhook/|/hooks/';
  out jsonb;
BEGIN
  IF doc IS NULL THEN
    RETURN NULL;
  END IF;
  CASE jsonb_typeof(doc)
    WHEN 'object' THEN
      IF doc::text !~* suspicious THEN
        RETURN doc;
      END IF;
      SELECT coalesce(
        jsonb_object_agg(
          e.key,
          CASE
            -- tokenURL, secretKeyRef, valueFrom: where a secret comes from, not the secret
            WHEN e.key ~* secret_key AND e.key !~* '(ref|valuefrom|url|uri)$' THEN redact_secret_value(e.value)
            ELSE redact_secrets(e.value)
          END
        ),
        '{}'::jsonb
      )
      INTO out
      FROM jsonb_each(doc) e;
      -- {name: Authorization, value: …} (headers, env vars, component properties)
      IF jsonb_typeof(doc -> 'name') = 'string' AND doc ->> 'name' ~* secret_key THEN
        IF out ? 'value' THEN
          out := jsonb_set(out, '{value}', redact_secret_value(doc -> 'value'));
        END IF;
        IF out ? 'text' THEN
          out := jsonb_set(out, '{text}', redact_secret_value(doc -> 'text'));
        END IF;
      END IF;
      RETURN out;
    WHEN 'array' THEN
      IF doc::text !~* suspicious THEN
        RETURN doc;
      END IF;
      RETURN (
        SELECT coalesce(jsonb_agg(redact_secrets(a.v) ORDER BY a.i), '[]'::jsonb)
        FROM jsonb_array_elements(doc) WITH ORDINALITY a(v, i)
      );
    WHEN 'string' THEN
      RETURN to_jsonb(redact_secret_text(doc #>> '{}'));
    ELSE
      RETURN doc;
  END CASE;
END;
$$;

-- `***` for any stored value, the value itself when there is none.
CREATE FUNCTION mask_secret(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN value IS NULL OR value = '' THEN value ELSE '***' END
$$;

-- A properties object with every sealed (encrypted) value shown as `***`.
CREATE FUNCTION mask_sealed(doc jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN doc IS NULL OR jsonb_typeof(doc) <> 'object' THEN doc
    ELSE (
      SELECT coalesce(
        jsonb_object_agg(
          key,
          CASE WHEN jsonb_typeof(value) = 'string' AND left(value #>> '{}', 4) = 'enc:'
            THEN '"***"'::jsonb ELSE value END
        ),
        '{}'::jsonb
      )
      FROM jsonb_each(doc)
    )
  END
$$;
