-- Blobs in the database (BLOB_STORE=postgres): content-addressed like the filesystem driver,
-- in chunks of 1 MiB so that a 100 MB file is streamed in and out with bounded memory and a
-- byte range reads only the chunks it touches. A write puts its chunks under a temporary key
-- (`tmp:<uuid>`) and renames them to the SHA-256 in one transaction with the blob's row: a
-- reader never sees a partial blob. Temporary chunks a crashed writer left are removed at start.
CREATE TABLE blob_objects (
  sha256 text PRIMARY KEY,
  size bigint NOT NULL,
  chunk_size integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE blob_chunks (
  blob text NOT NULL,
  n integer NOT NULL,
  data bytea NOT NULL,
  written_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (blob, n)
);
