-- Public status pages (docs/status-pages.md): a page chooses checks and components by selectors
-- in named groups; GET /api/status/{slug} answers their states, 90-day uptime and the public
-- updates of incidents that concern them, read in one statement (status-pages/read-sql.ts).
CREATE TABLE status_pages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug text NOT NULL CHECK (slug ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$'),
  title text NOT NULL CHECK (btrim(title) <> ''),
  -- An http(s) URL or an image data URL, size-capped (the write hook says why in words).
  logo text CHECK (logo IS NULL OR length(logo) <= 131072),
  description text NOT NULL DEFAULT '',
  -- [{name, selectors: [{kind?, name?, namespace?, types?, labelSelector?}]}]
  groups jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(groups) = 'array'),
  custom_domain text CHECK (custom_domain IS NULL OR custom_domain = lower(custom_domain)),
  source text NOT NULL DEFAULT 'UI',
  applied jsonb,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX status_pages_slug_key ON status_pages (slug) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX status_pages_custom_domain_key ON status_pages (custom_domain)
  WHERE deleted_at IS NULL AND custom_domain IS NOT NULL;

CREATE FUNCTION status_pages_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END $$;
CREATE TRIGGER status_pages_touch BEFORE UPDATE ON status_pages FOR EACH ROW EXECUTE FUNCTION status_pages_touch();

CREATE TRIGGER status_pages_applied_edit BEFORE UPDATE ON status_pages FOR EACH ROW
  WHEN (OLD.applied IS NOT NULL) EXECUTE FUNCTION applied_mark_hand_edit('slug', 'title', 'logo', 'description', 'groups', 'custom_domain',
    'deleted_at');

-- The label selector of src/selectors.ts (`k=v`, `k==v`, `k!=v`, `k`, `!k`, comma-separated: all
-- must hold) in SQL, so a page is read in one statement; test/status-pages/selector-sql.test.ts
-- holds it to matchesLabels(parseLabelSelector(…)).
CREATE FUNCTION status_page_labels_match(labels jsonb, selector text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(bool_and(CASE
    WHEN strpos(t, '!=') > 0 THEN
      (labels ->> btrim(left(t, strpos(t, '!=') - 1))) IS DISTINCT FROM btrim(substr(t, strpos(t, '!=') + 2))
    WHEN strpos(t, '=') > 0 THEN
      coalesce((labels ->> btrim(left(t, strpos(t, '=') - 1)))
        = btrim(regexp_replace(substr(t, strpos(t, '=') + 1), '^=', '')), false)
    WHEN left(t, 1) = '!' THEN NOT coalesce(labels, '{}'::jsonb) ? btrim(substr(t, 2))
    ELSE coalesce(labels, '{}'::jsonb) ? t
  END), true)
  FROM (SELECT btrim(part) AS t FROM regexp_split_to_table(coalesce(selector, ''), ',') AS part) terms
  WHERE t <> ''
$$;

-- A name with `*` wildcards as a LIKE pattern, other LIKE characters escaped (likePattern).
CREATE FUNCTION status_page_like(name text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT replace(replace(replace(replace(name, '\', '\\'), '%', '\%'), '_', '\_'), '*', '%')
$$;
