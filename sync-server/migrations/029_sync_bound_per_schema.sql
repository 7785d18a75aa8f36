-- 025's bound ignores in-flight transactions of other databases, but not of other schemas of the
-- same database: several deployments (or test suites) sharing one database each held back the
-- others' pulls for as long as any of their transactions ran (a migration: seconds). The server
-- names its connections `portal:<schema>` (application_name, postgres-driver.ts); an in-flight
-- transaction of a backend named `portal:<another schema>` cannot write this schema's rows and
-- is ignored too. Every other backend (psql, another tool, a connection of ours named otherwise)
-- still counts: never skipping a row matters more than never waiting.

CREATE OR REPLACE FUNCTION sync_bound() RETURNS bigint LANGUAGE sql VOLATILE AS $$
  WITH s AS (SELECT pg_current_snapshot() AS snap),
  ours AS (
    SELECT x::text::bigint AS xid
      FROM s, pg_snapshot_xip(s.snap) x
     WHERE NOT EXISTS (
       SELECT 1 FROM pg_stat_activity a
        WHERE a.backend_xid IS NOT NULL
          AND a.backend_xid::text::bigint = (x::text::bigint & 4294967295)
          AND (a.datname IS DISTINCT FROM current_database()
               OR (a.application_name LIKE 'portal:%'
                   AND current_setting('application_name') LIKE 'portal:%'
                   AND a.application_name <> current_setting('application_name'))))
  )
  SELECT least(pg_snapshot_xmax(s.snap)::text::bigint, (SELECT min(xid) FROM ours)) << 20 FROM s
$$;
