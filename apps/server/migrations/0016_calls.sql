-- The call model (issues 19 and 21): one row per call, built from its legs (cdrs) by the contract's
-- foldCall, and the recall items created once per missed incoming call.

-- Legs tell which call they belong to and what the fold needs to know about them.
ALTER TABLE cdrs
  -- The engine's id of the whole call: the originating leg's id (FreeSWITCH: originating_leg_uuid).
  -- Null: the leg is a call of its own (legs stored before the call model).
  ADD COLUMN call_id text,
  -- The leg that started the call (the caller's side); false for the legs it rang.
  ADD COLUMN originating boolean NOT NULL DEFAULT true,
  -- Was connected to another party (not an announcement, an IVR or voicemail).
  ADD COLUMN bridged boolean NOT NULL DEFAULT false,
  -- Where the leg was when it ended, as far as the call's result cares.
  ADD COLUMN ended_in text NOT NULL DEFAULT '' CHECK (ended_in IN ('', 'ivr', 'voicemail', 'park')),
  -- An incoming number's schedule sent the leg to its closed-hours branch.
  ADD COLUMN out_of_hours boolean NOT NULL DEFAULT false;
-- Legs stored before were connected when they were talked on.
UPDATE cdrs SET bridged = billsec > 0;
CREATE INDEX cdrs_call_idx ON cdrs (domain_uuid, call_id);

CREATE TABLE calls (
  call_uuid uuid PRIMARY KEY,
  domain_uuid uuid NOT NULL REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  -- The engine's id of the call (cdrs.call_id): the fold of a call is stored once and refreshed.
  call_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('inbound', 'outbound', 'internal')),
  start_stamp timestamptz NOT NULL,
  answer_stamp timestamptz,
  end_stamp timestamptz NOT NULL,
  -- The outside party as the engine gave it, and its normalised key (null for internal calls).
  outside_number text,
  outside_key text,
  -- The tenant's number the outside caller dialled (inbound only).
  incoming_number text,
  -- Who answered (inbound) or placed (outbound, internal) the call.
  agent_extension text,
  agent_extension_uuid uuid REFERENCES extensions(extension_uuid) ON DELETE SET NULL,
  agent_user_uuid uuid REFERENCES users(user_uuid) ON DELETE SET NULL,
  -- For internal calls: the number called.
  callee_number text,
  ring_seconds integer NOT NULL DEFAULT 0,
  talk_seconds integer NOT NULL DEFAULT 0,
  result text NOT NULL CHECK (result IN
    ('answered', 'missed', 'abandoned_ivr', 'voicemail', 'out_of_hours', 'busy', 'failed')),
  leg_count integer NOT NULL DEFAULT 1,
  -- The recording or voicemail message kept for the call, as the server reads it.
  recording text,
  CONSTRAINT calls_call_id_unique UNIQUE (domain_uuid, call_id)
);
-- Tenant history by period (newest first, keyset on start_stamp, call_uuid).
CREATE INDEX calls_tenant_start_idx ON calls (domain_uuid, start_stamp DESC, call_uuid);
-- A number's calls (customer timeline, recall closing, history filter by number).
CREATE INDEX calls_tenant_number_idx ON calls (domain_uuid, outside_key, start_stamp DESC);
-- One user's calls (history filter, extension analysis).
CREATE INDEX calls_tenant_agent_idx ON calls (domain_uuid, agent_user_uuid, start_stamp DESC);

-- Calls of the legs stored before: one per leg, answered when it was talked on.
INSERT INTO calls (call_uuid, domain_uuid, call_id, kind, start_stamp, answer_stamp, end_stamp,
    outside_number, outside_key, incoming_number, agent_extension_uuid, agent_user_uuid, ring_seconds,
    talk_seconds, result)
  SELECT gen_random_uuid(), c.domain_uuid, c.call_uuid,
    CASE c.direction WHEN 'local' THEN 'internal' ELSE c.direction END,
    c.start_stamp, CASE WHEN c.billsec > 0 THEN c.answer_stamp END, coalesce(c.end_stamp, c.start_stamp),
    CASE c.direction WHEN 'inbound' THEN c.caller_id_number WHEN 'outbound' THEN c.destination_number END,
    CASE c.direction
      WHEN 'inbound' THEN nullif(regexp_replace(c.caller_id_number, '\D', '', 'g'), '')
      WHEN 'outbound' THEN nullif(regexp_replace(c.destination_number, '\D', '', 'g'), '') END,
    CASE c.direction WHEN 'inbound' THEN c.destination_number END,
    c.extension_uuid, u.user_uuid,
    greatest(0, c.duration - c.billsec), c.billsec,
    CASE WHEN c.billsec > 0 THEN 'answered' WHEN c.direction = 'outbound' THEN 'failed' ELSE 'missed' END
  FROM cdrs c
  LEFT JOIN LATERAL (SELECT user_uuid FROM users WHERE users.extension_uuid = c.extension_uuid LIMIT 1) u ON true
  ON CONFLICT DO NOTHING;

-- Recall items (折り返し): a number to call back, created once per missed incoming call or by hand.
CREATE TABLE recall_items (
  recall_uuid uuid PRIMARY KEY,
  domain_uuid uuid NOT NULL REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  -- The number as shown, and its normalised key (what closing calls are matched by).
  number text NOT NULL,
  number_key text NOT NULL,
  -- The customer the number belongs to (filled in by the customer records).
  customer_uuid uuid,
  -- The missed call that created it (null when made by hand): one item per call.
  call_uuid uuid REFERENCES calls(call_uuid) ON DELETE SET NULL,
  reason text NOT NULL DEFAULT '',
  -- Whose it is: a user, a presence group, or nobody yet (everyone's).
  assignee_user_uuid uuid REFERENCES users(user_uuid) ON DELETE SET NULL,
  assignee_group_uuid uuid REFERENCES user_groups(user_group_uuid) ON DELETE SET NULL,
  due_at timestamptz,
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'done')),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Null: created automatically for a missed call.
  created_by uuid REFERENCES users(user_uuid) ON DELETE SET NULL,
  done_at timestamptz,
  done_by uuid REFERENCES users(user_uuid) ON DELETE SET NULL,
  -- The completed call that closed it, when a call did.
  done_call_uuid uuid REFERENCES calls(call_uuid) ON DELETE SET NULL,
  CONSTRAINT recall_items_call_unique UNIQUE (call_uuid),
  CONSTRAINT recall_items_done_check CHECK ((state = 'done') = (done_at IS NOT NULL))
);
-- The badge count and the closing of a number's open items read only open items.
CREATE INDEX recall_items_open_idx ON recall_items (domain_uuid, number_key) WHERE state = 'open';
-- The list: newest first within a state.
CREATE INDEX recall_items_list_idx ON recall_items (domain_uuid, state, created_at DESC, recall_uuid);
CREATE INDEX recall_items_assignee_idx ON recall_items (domain_uuid, assignee_user_uuid) WHERE state = 'open';
