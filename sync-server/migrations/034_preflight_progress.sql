-- How far the run call's pre-flight is (issue 29): the case and its files are recorded before
-- the gate reads them, and on a loaded machine that reading takes tens of seconds. The call
-- writes here as each file starts and as its pages are read, at most once a second ({step,
-- fileName, filesDone, filesTotal, pagesDone, pagesTotal, startedAt, updatedAt}), and clears it
-- in the transaction that starts or holds the run; a check left behind by a server that stopped is cleared by the runs' recovery job. Each
-- write moves the case's rev, so it replicates like any change of the case (`run.preflight`).
-- Nullable without a default: adding the column rewrites no row, so no rev moves.
ALTER TABLE applications ADD COLUMN preflight jsonb;
