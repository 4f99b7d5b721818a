-- Customers (issue 19): the record a ringing number leads to, its numbers, call notes, the tenant's
-- customer-screen layout and the import's remembered column mapping. Every table carries its tenant.

CREATE TABLE customers (
  customer_uuid uuid PRIMARY KEY,
  domain_uuid uuid NOT NULL REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  company text NOT NULL DEFAULT '',
  company_kana text NOT NULL DEFAULT '',
  person text NOT NULL DEFAULT '',
  person_kana text NOT NULL DEFAULT '',
  department text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  postal_code text NOT NULL DEFAULT '',
  prefecture text NOT NULL DEFAULT '',
  address text NOT NULL DEFAULT '',
  owner_uuid uuid REFERENCES users(user_uuid) ON DELETE SET NULL,
  tags jsonb NOT NULL DEFAULT '[]',
  memo text NOT NULL DEFAULT '',
  -- The tenant's own fields by key, checked against the layout on every save.
  custom jsonb NOT NULL DEFAULT '{}',
  -- 五十音順: the furigana (else the name) in hiragana, compared by code point (the kana's code points
  -- follow the syllabary), whatever the database's collation.
  sort_key text COLLATE "C" NOT NULL DEFAULT '',
  -- Names and furigana, NFKC and lower case, for the list's search.
  search_text text NOT NULL DEFAULT '',
  -- Optimistic concurrency: a save names the version it read.
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL DEFAULT ''
);
CREATE INDEX customers_sort_idx ON customers (domain_uuid, sort_key, customer_uuid);
CREATE INDEX customers_company_idx ON customers (domain_uuid, company, customer_uuid);
CREATE INDEX customers_person_idx ON customers (domain_uuid, person, customer_uuid);
CREATE INDEX customers_updated_idx ON customers (domain_uuid, updated_at, customer_uuid);
CREATE INDEX customers_owner_idx ON customers (owner_uuid);

-- Each number of a customer under its normalised key (contract/phone-number.ts): a ringing number finds
-- its customer with one index read. A number may belong to several customers (an import may add one).
CREATE TABLE customer_numbers (
  customer_uuid uuid NOT NULL REFERENCES customers(customer_uuid) ON DELETE CASCADE,
  position smallint NOT NULL,
  domain_uuid uuid NOT NULL,
  label text NOT NULL,
  number_key text NOT NULL,
  PRIMARY KEY (customer_uuid, position)
);
CREATE INDEX customer_numbers_key_idx ON customer_numbers (domain_uuid, number_key) INCLUDE (customer_uuid);

-- Call notes (応対メモ). A note is about a number (the caller's or one of the customer's) and, when the
-- number is registered, its customer; deleting the customer keeps the notes on the number.
CREATE TABLE customer_notes (
  note_uuid uuid PRIMARY KEY,
  domain_uuid uuid NOT NULL REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  number_key text NOT NULL,
  customer_uuid uuid REFERENCES customers(customer_uuid) ON DELETE SET NULL,
  call_uuid text,
  category text NOT NULL DEFAULT '',
  result text NOT NULL DEFAULT '',
  body text NOT NULL DEFAULT '',
  author_uuid uuid REFERENCES users(user_uuid) ON DELETE SET NULL,
  author_name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customer_notes_number_idx ON customer_notes (domain_uuid, number_key, created_at DESC);
CREATE INDEX customer_notes_customer_idx ON customer_notes (customer_uuid, created_at DESC);

-- The tenant's customer-screen layout (contract/crm/layout.ts); absent until first saved.
CREATE TABLE customer_layouts (
  domain_uuid uuid PRIMARY KEY REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  layout jsonb NOT NULL,
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The import's last column mapping per tenant (file header → customer field).
CREATE TABLE customer_import_mappings (
  domain_uuid uuid PRIMARY KEY REFERENCES domains(domain_uuid) ON DELETE CASCADE,
  mapping jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
