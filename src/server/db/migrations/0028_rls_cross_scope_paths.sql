-- Row-level security, step two (ADR 050): the rows that cross scopes by design, and the tables
-- reached only through their parent. Every call now runs in its actor's scope; these policies say
-- what such a call may see beyond its own organisation's rows.

-- A business user's rows (sessions, refresh tokens, reset tokens) belong to the user's organisation.
CREATE FUNCTION app_may_access_user(account uuid) RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT app_scope() = 'system' OR (
    app_scope() = 'organisation' AND EXISTS (
      SELECT 1 FROM users WHERE users.id = account AND users.organisation_id = app_organisation_id()
    )
  )
$$;--> statement-breakpoint

-- Sessions: a shop customer's belong to the shop's tenant, a business user's to the user's
-- organisation — so an owner who deactivates a member ends the member's sessions.
DROP POLICY tenant_scope ON auth_sessions;--> statement-breakpoint
CREATE POLICY account_scope ON auth_sessions
  USING (CASE account_type WHEN 'b2b' THEN app_may_access_user(subject_id) ELSE app_may_access_tenant(tenant_id) END)
  WITH CHECK (CASE account_type WHEN 'b2b' THEN app_may_access_user(subject_id) ELSE app_may_access_tenant(tenant_id) END);--> statement-breakpoint
DROP POLICY tenant_scope ON refresh_tokens;--> statement-breakpoint
CREATE POLICY account_scope ON refresh_tokens
  USING (CASE account_type WHEN 'b2b' THEN app_may_access_user(subject_id) ELSE app_may_access_tenant(tenant_id) END)
  WITH CHECK (CASE account_type WHEN 'b2b' THEN app_may_access_user(subject_id) ELSE app_may_access_tenant(tenant_id) END);--> statement-breakpoint

-- The outbox: a business call queues its mails (an invitation, say; no tenant); only the sender
-- job and the platform's support read them back (system scope). Shop mails stay the shop's.
CREATE POLICY business_mail_queued ON outbox_mails FOR INSERT
  WITH CHECK (tenant_id IS NULL AND app_scope() = 'organisation');--> statement-breakpoint

-- Organisations: every actor reads the directory (platform suppliers and customers, letterheads);
-- an organisation changes only its own record; creating and removing one is platform work.
ALTER TABLE organisations ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE organisations FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY directory_readable ON organisations FOR SELECT USING (app_scope() <> 'none');--> statement-breakpoint
CREATE POLICY own_record ON organisations FOR UPDATE
  USING (app_may_access_organisation(id)) WITH CHECK (app_may_access_organisation(id));--> statement-breakpoint
CREATE POLICY platform_creates ON organisations FOR INSERT WITH CHECK (app_scope() = 'system');--> statement-breakpoint
CREATE POLICY platform_removes ON organisations FOR DELETE USING (app_scope() = 'system');--> statement-breakpoint

-- Public files (product images, shop logos) load for anyone, as the file service decides.
CREATE POLICY public_files_readable ON stored_files FOR SELECT
  USING (purpose::text IN ('product_image', 'shop_logo'));--> statement-breakpoint

-- Child tables: a row is visible and writable exactly when its parent is (the parent's own
-- policy decides inside the subquery).
DO $$
DECLARE
  child record;
BEGIN
  FOR child IN
    SELECT * FROM (VALUES
      ('cart_items', 'carts', 'cart_id'),
      ('mollie_payment_events', 'mollie_payments', 'payment_id'),
      ('member_account_tokens', 'users', 'user_id')
    ) AS children(name, parent, reference)
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', child.name);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', child.name);
    EXECUTE format(
      'CREATE POLICY parent_scope ON %1$I USING (EXISTS (SELECT 1 FROM %2$I WHERE %2$I.id = %1$I.%3$I)) WITH CHECK (EXISTS (SELECT 1 FROM %2$I WHERE %2$I.id = %1$I.%3$I))',
      child.name, child.parent, child.reference
    );
  END LOOP;
END
$$;--> statement-breakpoint

-- The master data's imports are the platform admins' (system scope) alone.
ALTER TABLE product_imports ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE product_imports FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY platform_only ON product_imports USING (app_scope() = 'system') WITH CHECK (app_scope() = 'system');--> statement-breakpoint
ALTER TABLE product_import_rows ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE product_import_rows FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY platform_only ON product_import_rows USING (app_scope() = 'system') WITH CHECK (app_scope() = 'system');
