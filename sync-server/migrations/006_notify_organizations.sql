-- The organizations row is its own organization, but its org_id is a generated column, which a
-- BEFORE trigger sees as null: announce organizations under their id, so the organization's
-- own sync stream hears of a rename or a new marked catalogue.
CREATE OR REPLACE FUNCTION bump_rev() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.rev := nextval('rev_seq');
  NEW.updated_at := now();
  IF current_setting('portal.rev_held', true) IS DISTINCT FROM '1' THEN
    PERFORM pg_advisory_xact_lock(1152921504606846976 + NEW.rev);
    PERFORM set_config('portal.rev_held', '1', true);
  END IF;
  PERFORM pg_notify('portal_changes', json_build_object(
    'table', TG_TABLE_NAME,
    'org', CASE WHEN TG_TABLE_NAME = 'organizations' THEN to_jsonb(NEW) ->> 'id' ELSE to_jsonb(NEW) ->> 'org_id' END,
    'rev', NEW.rev)::text);
  RETURN NEW;
END
$$;
