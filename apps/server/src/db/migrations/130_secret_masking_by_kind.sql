-- Masking by field kind (docs/connections.md, "Masking"): the functions of migration 050 masked
-- values by the name of their key (password, token, Authorization, …), so `X-Auth-Key`,
-- `DB_PASS`, `password=` inside a script or a URL password holding `/` reached readers. They now
-- mask by what a field is: every header value, every env value, every URL's password, secret
-- parameters, and key=value pairs and flags that name a credential inside any string. References
-- to where a secret lives (`valueFrom`, `secretKeyRef`, …) stay readable: they are not the secret.
-- Same signatures, so the data API, its views and every route that calls them change together.

-- Object keys whose whole value is a credential (password, token, apiKey, privateKey, …).
CREATE FUNCTION is_secret_key(key text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(key) LIKE ANY (ARRAY[
    '%password%', '%passwd%', '%pwd%', '%secret%', '%token%', '%bearer%', '%apikey%', '%api-key%',
    '%api_key%', '%accesskey%', '%access-key%', '%access_key%', '%privatekey%', '%private-key%',
    '%private_key%', '%sshkey%', '%ssh-key%', '%ssh_key%', '%kubeconfig%', '%credential%',
    '%passphrase%', '%authorization%', '%cookie%'
  ])
$$;

-- Keys that say where a secret lives or is fetched from, not what it is: `secretKeyRef`,
-- `valueFrom`, `tokenURL`.
CREATE FUNCTION is_reference_key(key text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(key) LIKE ANY (ARRAY['%ref', '%valuefrom', '%url', '%uri'])
$$;

-- Whether a text holds anything a rule below looks at. redact_secrets returns a document without
-- any of these as it is, without a walk, and redact_secret_text a string, so every rule's trigger
-- is listed here. LIKE, not a regular expression: PostgreSQL's matcher builds its automaton anew
-- for every call, which costs more than the whole walk on small documents.
CREATE FUNCTION secret_hint(value text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(value) LIKE ANY (ARRAY[
    -- words of secret keys, key=value pairs, flags and query parameters
    '%pass%', '%pwd%', '%secret%', '%token%', '%credential%', '%key%', '%pat%', '%auth%', '%bearer%',
    '%cookie%', '%kubeconfig%', '%sig%',
    -- a URL with a user part; chat sender URLs and webhook URLs whose path is the secret
    '%://%@%', '%hook%', '%discord%', '%slack://%', '%telegram://%', '%teams://%', '%mattermost://%',
    '%rocketchat://%', '%matrix://%', '%zulip://%', '%pushbullet://%', '%pushover://%', '%ifttt://%',
    '%ntfy://%', '%opsgenie://%', '%googlechat://%', '%gotify://%', '%join://%', '%bark://%',
    -- flags (`-H`, `-u`, `--password`) after a space, a line break (also as JSON's `\n`) or a quote
    '% -%', '-%', E'%\n-%', E'%\t-%', '%\\n-%', '%\\t-%', '%"-%', '%''-%',
    -- header and env lists
    '%"headers"%', '%"env"%'
  ])
$$;

-- Whether a text holds a word that names a credential in `key=value` pairs and flags.
CREATE FUNCTION secret_word_hint(value text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(value) LIKE ANY (ARRAY[
    '%pass%', '%pwd%', '%secret%', '%token%', '%credential%', '%key%', '%cookie%', '%authorization%',
    '%bearer%', '%pat%'
  ])
$$;

-- A URL's password: `scheme://user:pass@` → `user:***@`. The password runs to the last `@`
-- before the query (it may hold `/` and `@` when not percent-encoded), or to the last `@` before
-- a path when it holds `?` or `#`. A user may hold `@` (`me@example.com:pass@host`).
CREATE OR REPLACE FUNCTION redact_url_password(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(
    regexp_replace(
      value,
      '([a-z][a-z0-9+.-]*://[^:/?#[:space:]"''<>]*):[^?#[:space:]"''<>]*@',
      '\1:***@',
      'gi'
    ),
    '([a-z][a-z0-9+.-]*://[^:/?#[:space:]"''<>]*):[^/[:space:]"''<>]*@',
    '\1:***@',
    'gi'
  )
$$;

-- Credentials inside one string of a spec (a script, a connection string, a URL, a template):
--  - a PEM private key: the whole string;
--  - URL passwords; chat sender URLs (only the scheme is kept); webhook URLs whose path is the
--    secret (Slack, Discord, Teams, `/hooks/`); query parameters named like secrets;
--  - `key=value` and `key: value` where the key names a credential (`password=`, `PGPASSWORD=`,
--    `pwd=`, `DB_PASS=`, `GITHUB_PAT=`, `X-Auth-Key:`, `"token": "…"`, `Authorization: …`),
--    the value quoted or up to the next space, `;` or `&`;
--  - flags that name one, followed by their value (`--password x`, `--api-key 'x'`);
--  - curl's header values (`-H 'Any-Name: value'`, `--header=…`) and `-u user:pass`.
-- Each rule runs only when the text holds its trigger: PostgreSQL's regular expressions are
-- slow on long alternations, and most strings of a spec hold none.
CREATE OR REPLACE FUNCTION redact_secret_text(value text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  -- A key naming a credential; no boundary group before it (the match starts at the left of a
  -- run of key characters anyway, and `(^|…)` makes PostgreSQL's matcher many times slower).
  k constant text := '([[:alnum:]_.-]*(?:pass|pwd|secret|token|credential|key|cookie)[[:alnum:]_.-]*)';
  sep constant text := '(["'']?[ \t]*[=:][ \t]*)';
  bare constant text := '[^[:space:]''"=:;&][^[:space:]''";&]*';
  out text := value;
BEGIN
  IF value IS NULL OR NOT secret_hint(value) THEN
    RETURN value;
  END IF;
  IF value ~ '-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----' THEN
    RETURN '***';
  END IF;
  IF strpos(out, '://') > 0 THEN
    out := redact_url_password(out);
  END IF;
  IF lower(out) LIKE ANY (ARRAY['%slack://%', '%discord://%', '%telegram://%', '%teams://%',
      '%mattermost://%', '%rocketchat://%', '%matrix://%', '%zulip://%', '%pushbullet://%',
      '%pushover://%', '%ifttt://%', '%ntfy://%', '%opsgenie://%', '%googlechat://%', '%gotify://%',
      '%join://%', '%bark://%']) THEN
    out := regexp_replace(out,
      '((?:slack|discord|telegram|teams|mattermost|rocketchat|matrix|zulip|pushbullet|pushover|ifttt|ntfy|opsgenie|googlechat|gotify|join|bark)://)[^?#[:space:]]+',
      '\1***', 'gi');
  END IF;
  IF lower(out) LIKE ANY (ARRAY['%hook%', '%discord%']) THEN
    out := regexp_replace(out,
      '((hooks\.slack\.com/services|discord(app)?\.com/api/webhooks|/webhookb2|/IncomingWebhook|/hooks)/)[^?#[:space:]]+',
      '\1***', 'gi');
  END IF;
  IF strpos(out, '?') > 0 OR strpos(out, '&') > 0 THEN
    out := regexp_replace(out,
      '([?&][[:alnum:]_.-]*(?:token|key|pass|secret|sig|auth)[[:alnum:]_.-]*=)[^&#[:space:]]+',
      '\1***', 'gi');
  END IF;
  IF secret_word_hint(out) AND (strpos(out, '=') > 0 OR strpos(out, ':') > 0) THEN
    -- key="value", key='value'
    out := regexp_replace(out, '([[:alnum:]_.-]*(?:pass|pwd|secret|token|credential|key|cookie|authorization|bearer)[[:alnum:]_.-]*)' || sep || '"[^"\n]*"', '\1\2"***"', 'gi');
    out := regexp_replace(out, '([[:alnum:]_.-]*(?:pass|pwd|secret|token|credential|key|cookie|authorization|bearer)[[:alnum:]_.-]*)' || sep || '''[^''\n]*''', '\1\2''***''', 'gi');
    -- Authorization: Bearer x — the scheme goes too, up to the end of the value
    out := regexp_replace(out, '((?:authorization|bearer)[[:alnum:]_.-]*' || sep || ')[^''"\n;&]+', '\1***', 'gi');
    -- key=value
    out := regexp_replace(out, k || sep || bare, '\1\2***', 'gi');
    out := regexp_replace(out, '([[:alnum:]_.-]*[_-]pat)' || sep || bare, '\1\2***', 'gi');
  END IF;
  -- Flags and curl options: matched after a space, so one is put in front for the first word.
  IF out LIKE '-%' OR out ~ '[[:space:]]-' THEN
    out := ' ' || out;
    IF secret_word_hint(out) THEN
      out := regexp_replace(out, '([[:space:]]-{1,2}' || k || ')([ \t]+)"[^"\n]*"', '\1\3"***"', 'gi');
      out := regexp_replace(out, '([[:space:]]-{1,2}' || k || ')([ \t]+)''[^''\n]*''', '\1\3''***''', 'gi');
      out := regexp_replace(out, '([[:space:]]-{1,2}' || k || ')([ \t]+)[^-[:space:]''"][^[:space:]''"]*', '\1\3***', 'gi');
    END IF;
    -- curl -H 'Name: value' (case-sensitive: -h is a host for other tools)
    IF strpos(out, '-H') > 0 OR strpos(out, '--header') > 0 THEN
      out := regexp_replace(out, '([[:space:]](?:-H|--header))([ \t]+|=)"([^"\n:]*):[^"\n]*"', '\1\2"\3: ***"', 'g');
      out := regexp_replace(out, '([[:space:]](?:-H|--header))([ \t]+|=)''([^''\n:]*):[^''\n]*''', '\1\2''\3: ***''', 'g');
      out := regexp_replace(out, '([[:space:]](?:-H|--header))([ \t]+|=)([^[:space:]''":]+):[^[:space:]''"]*', '\1\2\3:***', 'g');
    END IF;
    -- curl -u user:pass
    IF strpos(out, '-u') > 0 THEN
      out := regexp_replace(out, '([[:space:]](?:-u|--user))([ \t]+|=)(["'']?)([^:[:space:]''"]*):[^[:space:]''"]+', '\1\2\3\4:***', 'g');
    END IF;
    out := substr(out, 2);
  END IF;
  RETURN out;
END;
$$;

-- A credential's value: every scalar becomes `***` (empty ones stay empty), except inside
-- references to where the secret lives (`valueFrom`, `secretKeyRef`, …). As in 050, with the
-- reference test in LIKE.
CREATE OR REPLACE FUNCTION redact_secret_value(value jsonb) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  CASE jsonb_typeof(value)
    WHEN 'object' THEN
      RETURN (
        SELECT coalesce(
          jsonb_object_agg(
            e.key,
            CASE WHEN lower(e.key) LIKE ANY (ARRAY['%ref', '%valuefrom']) THEN redact_secrets(e.value)
              ELSE redact_secret_value(e.value) END
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

-- The values of a header or env list (`[{name, value}]`, `[{name, valueFrom}]`, `["Name: v"]`),
-- map (`{Name: value}`) or text (`"Name: v\nOther: w"`): every value is a credential whatever
-- its name; names and `valueFrom` references stay.
CREATE FUNCTION redact_named_values(doc jsonb) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  CASE jsonb_typeof(doc)
    WHEN 'array' THEN
      RETURN (
        SELECT coalesce(jsonb_agg(
          CASE jsonb_typeof(a.v)
            WHEN 'object' THEN (
              SELECT coalesce(jsonb_object_agg(
                e.key,
                CASE
                  WHEN lower(e.key) IN ('name', 'key') THEN e.value
                  WHEN is_reference_key(e.key) THEN redact_secrets(e.value)
                  ELSE redact_secret_value(e.value)
                END
              ), '{}'::jsonb)
              FROM jsonb_each(a.v) e
            )
            WHEN 'string' THEN
              CASE
                WHEN a.v #>> '{}' ~ '^[^:=]+[:=]' THEN to_jsonb(regexp_replace(a.v #>> '{}', '^([^:=]+[:=][ \t]*).*$', '\1***'))
                ELSE redact_secret_value(a.v)
              END
            ELSE redact_secret_value(a.v)
          END
          ORDER BY a.i), '[]'::jsonb)
        FROM jsonb_array_elements(doc) WITH ORDINALITY a(v, i)
      );
    WHEN 'object' THEN
      RETURN (
        SELECT coalesce(jsonb_object_agg(e.key, redact_secret_value(e.value)), '{}'::jsonb)
        FROM jsonb_each(doc) e
      );
    WHEN 'string' THEN
      -- "Name: value" / "NAME=value" lines; a bare word (`env: prod`) is not a list of values
      RETURN to_jsonb(regexp_replace(doc #>> '{}', '(^|\n)([^:=\n]+[:=][ \t]*)[^\n]*', '\1\2***', 'g'));
    ELSE
      RETURN redact_secret_value(doc);
  END CASE;
END;
$$;

-- A document with its credentials replaced by `***`:
--  - `headers` and `env` (lists or maps): every value;
--  - values of keys named like secrets (password, token, bearer, apiKey, privateKey,
--    kubeconfig, credentials, authorization, cookie, …), except references (`…Ref`, `valueFrom`)
--    and addresses (`tokenURL`);
--  - `{name, value}` / `{name, text}` pairs whose name is one (component properties);
--  - the `default` of a parameter of type `secret`;
--  - credentials inside every string (redact_secret_text).
-- Documents that hold nothing any rule looks at are returned as they are, without a walk.
CREATE OR REPLACE FUNCTION redact_secrets(doc jsonb) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  out jsonb;
BEGIN
  IF doc IS NULL THEN
    RETURN NULL;
  END IF;
  CASE jsonb_typeof(doc)
    WHEN 'object' THEN
      IF NOT secret_hint(doc::text) THEN
        RETURN doc;
      END IF;
      SELECT coalesce(
        jsonb_object_agg(
          e.key,
          CASE
            WHEN lower(e.key) IN ('headers', 'env') THEN redact_named_values(e.value)
            -- tokenURL, secretKeyRef, valueFrom: where a secret comes from, not the secret
            WHEN is_secret_key(e.key) AND NOT is_reference_key(e.key) THEN redact_secret_value(e.value)
            ELSE redact_secrets(e.value)
          END
        ),
        '{}'::jsonb
      )
      INTO out
      FROM jsonb_each(doc) e;
      -- {name: Authorization, value: …} (component properties and other name/value lists)
      IF jsonb_typeof(doc -> 'name') = 'string' AND is_secret_key(doc ->> 'name') THEN
        IF out ? 'value' THEN
          out := jsonb_set(out, '{value}', redact_secret_value(doc -> 'value'));
        END IF;
        IF out ? 'text' THEN
          out := jsonb_set(out, '{text}', redact_secret_value(doc -> 'text'));
        END IF;
      END IF;
      -- a playbook parameter of type secret: its default is one
      IF doc ->> 'type' = 'secret' AND out ? 'default' THEN
        out := jsonb_set(out, '{default}', redact_secret_value(doc -> 'default'));
      END IF;
      RETURN out;
    WHEN 'array' THEN
      IF NOT secret_hint(doc::text) THEN
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

-- A playbook run's parameter values (`{name: value}`): those of parameters the run's spec
-- declares with type `secret`, or named like a secret, read `***`; the others go through
-- redact_secrets (a URL's password inside one still reads `***`).
CREATE FUNCTION redact_run_parameters(params jsonb, spec jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN params IS NULL OR jsonb_typeof(params) <> 'object' THEN redact_secrets(params)
    ELSE (
      SELECT coalesce(
        jsonb_object_agg(
          e.key,
          CASE
            WHEN is_secret_key(e.key) OR e.key IN (
              SELECT p ->> 'name'
              FROM jsonb_array_elements(CASE WHEN jsonb_typeof(spec -> 'parameters') = 'array' THEN spec -> 'parameters' ELSE '[]'::jsonb END) p
              WHERE p ->> 'type' = 'secret'
            ) THEN redact_secret_value(e.value)
            ELSE redact_secrets(e.value)
          END
        ),
        '{}'::jsonb
      )
      FROM jsonb_each(params) e
    )
  END
$$;
