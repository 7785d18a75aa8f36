-- Outbound webhooks (DESIGN.md, Ledger and webhooks; spec Part 6). The ledger's listener inserts
-- deliveries in the transaction of the ledger row (outbox), so a delivery exists exactly when its
-- row does; the dispatcher (webhooks/dispatcher.ts) sends them.
--
-- Ordering: deliveries of one case to one endpoint form a lane and leave in id order (= ledger
-- order: writers of one case queue on its ledger head, so their ids are taken in seq order). A
-- worker claims a whole lane (lease, FOR UPDATE SKIP LOCKED), so a later delivery waits while an
-- earlier one is retried, and any number of workers in any number of instances share the work.

CREATE TABLE webhook_endpoints (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  url text NOT NULL,
  -- Ledger action names; empty means every action.
  events text[] NOT NULL DEFAULT '{}',
  -- `whsec_…`, kept as given so it can sign; never listed.
  secret text NOT NULL,
  -- After a rotation: the replaced secret, which still signs until previous_secret_until.
  previous_secret text,
  previous_secret_until timestamptz,
  active boolean NOT NULL DEFAULT true,
  deactivated_at timestamptz,
  deactivated_reason text,
  created_at timestamptz NOT NULL,
  created_by text
);
-- The outbox asks for an organization's active endpoints on every ledger append.
CREATE INDEX webhook_endpoints_org_idx ON webhook_endpoints (org_id, created_at DESC);

CREATE TABLE webhook_deliveries (
  id bigserial PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  endpoint_id text NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  -- The lane: the case, or '' for deliveries of no case (a resent test).
  lane text NOT NULL,
  application_id text,
  seq integer,
  -- The `webhook-id`: the same for every attempt, resend and replay of one ledger row.
  message_id text NOT NULL,
  type text NOT NULL,
  -- The exact JSON sent, so every attempt signs the same bytes.
  body text NOT NULL,
  origin text NOT NULL CHECK (origin IN ('event', 'test', 'resend', 'replay')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed', 'cancelled')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  last_attempt_at timestamptz,
  last_status_code integer,
  last_error text,
  last_duration_ms integer,
  created_at timestamptz NOT NULL
);
-- A lane's pending deliveries in order (the dispatcher), an endpoint's history newest first (the
-- listing), and its latest attempt (the endpoint listing).
CREATE INDEX webhook_deliveries_lane_idx ON webhook_deliveries (endpoint_id, lane, id) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, id DESC);
CREATE INDEX webhook_deliveries_attempted_idx ON webhook_deliveries (endpoint_id, last_attempt_at DESC) WHERE last_attempt_at IS NOT NULL;

-- One row per endpoint and case that ever had a delivery. `due_at` is when the lane's head is due
-- (null: nothing pending); `version` counts enqueues, so a worker that found the lane empty clears
-- `due_at` only if nothing was enqueued since it looked.
CREATE TABLE webhook_lanes (
  endpoint_id text NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  lane text NOT NULL,
  org_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  due_at timestamptz,
  version bigint NOT NULL DEFAULT 0,
  locked_by text,
  lease_until timestamptz,
  PRIMARY KEY (endpoint_id, lane)
);
CREATE INDEX webhook_lanes_due_idx ON webhook_lanes (due_at) WHERE due_at IS NOT NULL;
