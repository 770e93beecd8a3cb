-- Row-level security, step three (ADR 050, "Cost"): the system scope becomes a role, so that an
-- organisation's policy is a plain equality the planner merges with the service's own owner filter.
--
-- Until now every policy read `app_scope() = 'system' OR organisation_id = app_organisation_id()`.
-- The planner cannot fold the OR at plan time, so it multiplied the policy's selectivity into the
-- query's own `organisation_id = $1` (counted twice) and chose bitmap scans plus sorts where a walk
-- down the index stops after one page: the audit log's deep page went from 1.5 ms to 75 ms (p95).
-- As `organisation_id = app_organisation_id()` the planner keeps one index condition and a
-- one-time check of the setting: the same plan as without row-level security.
--
-- The system scope (jobs, login, platform administration) is now the role `blattwerk_system`,
-- which bypasses row-level security; the app's role may switch to it (`set local role`), as it
-- could set `app.scope` before — the guard still protects against our slips, not SQL access.

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'blattwerk_system') THEN
    CREATE ROLE blattwerk_system NOLOGIN BYPASSRLS;
  END IF;
EXCEPTION
  -- Roles are the cluster's: another database's migration may create it at the same moment.
  WHEN duplicate_object OR unique_violation THEN NULL;
END
$$;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO blattwerk_system;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO blattwerk_system;--> statement-breakpoint
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO blattwerk_system;--> statement-breakpoint
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO blattwerk_system;--> statement-breakpoint
-- Tables later migrations create (the owner's), and the owner's own way into the system scope
-- when the app connects as the owner (one URL, development); the app's role gets it at grant time.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO blattwerk_system;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO blattwerk_system;--> statement-breakpoint
DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'blattwerk_system', 'member') THEN
    GRANT blattwerk_system TO CURRENT_USER;
  END IF;
END
$$;--> statement-breakpoint

-- The organisation's rows: a plain equality (null outside an organisation's scope: nothing).
CREATE OR REPLACE FUNCTION app_may_access_organisation(owner uuid) RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT owner = app_organisation_id()
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_may_access_tenant(owner uuid) RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT EXISTS (
    SELECT 1 FROM tenants WHERE tenants.id = owner AND tenants.organisation_id = app_organisation_id()
  )
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_may_access_user(account uuid) RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT EXISTS (
    SELECT 1 FROM users WHERE users.id = account AND users.organisation_id = app_organisation_id()
  )
$$;--> statement-breakpoint

-- Platform work needs the system role; without a policy the app's role may do none of it.
DROP POLICY platform_creates ON organisations;--> statement-breakpoint
DROP POLICY platform_removes ON organisations;--> statement-breakpoint
DROP POLICY platform_only ON product_imports;--> statement-breakpoint
DROP POLICY platform_only ON product_import_rows;
