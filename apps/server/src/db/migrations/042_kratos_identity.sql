-- AUTH_MODE=kratos maps a Kratos identity to a person by its identity id (and by email only
-- when Kratos reports the address verified). The id used to live in people.properties; a column
-- with a unique index makes the lookup indexed and one identity one person.
ALTER TABLE people ADD COLUMN kratos_id text;

-- Earlier versions could create a second person for one identity after the first was deleted:
-- the live person keeps the id, else the newest deleted one.
UPDATE people p SET kratos_id = c.kratos_id
FROM (
  SELECT DISTINCT ON (properties->>'kratos_id') id, properties->>'kratos_id' AS kratos_id
  FROM people
  WHERE properties ? 'kratos_id' AND properties->>'kratos_id' <> ''
  ORDER BY properties->>'kratos_id', deleted_at IS NOT NULL, created_at DESC
) c
WHERE p.id = c.id;
UPDATE people SET properties = properties - 'kratos_id' WHERE properties ? 'kratos_id';

-- Deleted people keep their id, so a person deleted in Opsdeck is not re-created at sign-in.
CREATE UNIQUE INDEX people_kratos_id_key ON people (kratos_id) WHERE kratos_id IS NOT NULL;
