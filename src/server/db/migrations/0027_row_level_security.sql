-- Row-level security (issue 27, ADR 050): every table that belongs to an organisation or a tenant
-- shows and accepts only the rows of the scope the transaction set, so a query that forgot its
-- owner filter still returns nothing of another organisation.
--
-- The scope lives in settings: `app.scope` is 'system' (every row: jobs, migrations' data steps,
-- login, platform administration — explicit and audited) or 'organisation' (the rows of
-- `app.organisation_id`); unset or anything else sees nothing. With a connection pool a setting is
-- set per transaction (`set_config(…, true)`). Superusers bypass row-level security whatever the
-- setting (PGlite runs as one, see docs/security.md).

CREATE FUNCTION app_scope() RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(nullif(current_setting('app.scope', true), ''), 'none')
$$;--> statement-breakpoint
CREATE FUNCTION app_organisation_id() RETURNS uuid LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT nullif(current_setting('app.organisation_id', true), '')::uuid
$$;--> statement-breakpoint
-- Whether the scope may see and write a row of `owner` (null: a platform row, system scope only).
CREATE FUNCTION app_may_access_organisation(owner uuid) RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT app_scope() = 'system' OR (app_scope() = 'organisation' AND owner = app_organisation_id())
$$;--> statement-breakpoint
-- A tenant's rows belong to the tenant's organisation (null: a business user's, system scope only).
CREATE FUNCTION app_may_access_tenant(owner uuid) RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT app_scope() = 'system' OR (
    app_scope() = 'organisation' AND EXISTS (
      SELECT 1 FROM tenants WHERE tenants.id = owner AND tenants.organisation_id = app_organisation_id()
    )
  )
$$;--> statement-breakpoint

DO $$
DECLARE
  owned_by_organisation text[] := ARRAY[
    'audit_events', 'batches', 'customer_notes', 'customer_order_events', 'customer_order_evidence',
    'customer_order_items', 'customer_order_picks', 'customer_order_prescriptions', 'customer_orders',
    'customers', 'documents', 'filling_protocols', 'filling_units', 'hand_outs', 'mollie_payments',
    'mollie_refunds', 'number_counters', 'organisation_invitations', 'organisation_products',
    'purchase_order_items', 'purchase_order_shipment_lines', 'purchase_orders', 'stock_movements',
    'stock_reservations', 'suppliers', 'tenants', 'users'
  ];
  owned_by_tenant text[] := ARRAY[
    'account_tokens', 'auth_sessions', 'carts', 'contact_messages', 'outbox_mails', 'refresh_tokens',
    'shop_addresses', 'shop_users'
  ];
  -- Platform rows (no organisation) that every scope reads: master products, public files.
  shared_when_unowned text[] := ARRAY['products', 'stored_files'];
  name text;
BEGIN
  FOREACH name IN ARRAY owned_by_organisation || shared_when_unowned LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', name);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', name);
    EXECUTE format(
      'CREATE POLICY organisation_scope ON %I USING (app_may_access_organisation(organisation_id)) WITH CHECK (app_may_access_organisation(organisation_id))',
      name
    );
  END LOOP;
  FOREACH name IN ARRAY shared_when_unowned LOOP
    EXECUTE format(
      'CREATE POLICY platform_rows_readable ON %I FOR SELECT USING (organisation_id IS NULL AND app_scope() <> ''none'')',
      name
    );
  END LOOP;
  FOREACH name IN ARRAY owned_by_tenant LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', name);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', name);
    EXECUTE format(
      'CREATE POLICY tenant_scope ON %I USING (app_may_access_tenant(tenant_id)) WITH CHECK (app_may_access_tenant(tenant_id))',
      name
    );
  END LOOP;
END
$$;
