CREATE TYPE "public"."chart_of_accounts" AS ENUM('skr03', 'skr04');--> statement-breakpoint
CREATE TABLE "bookkeeping_settings" (
	"organisation_id" uuid PRIMARY KEY NOT NULL,
	"consultant_number" integer NOT NULL,
	"client_number" integer NOT NULL,
	"chart" chart_of_accounts NOT NULL,
	"fiscal_year_start_month" integer DEFAULT 1 NOT NULL,
	"account_length" integer DEFAULT 4 NOT NULL,
	"revenue_19_account" integer NOT NULL,
	"revenue_7_account" integer NOT NULL,
	"revenue_0_account" integer NOT NULL,
	"bank_account" integer NOT NULL,
	"clearing_account" integer NOT NULL,
	"debtor_account" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "bookkeeping_settings_consultant" CHECK ("bookkeeping_settings"."consultant_number" between 1001 and 9999999),
	CONSTRAINT "bookkeeping_settings_client" CHECK ("bookkeeping_settings"."client_number" between 1 and 99999),
	CONSTRAINT "bookkeeping_settings_month" CHECK ("bookkeeping_settings"."fiscal_year_start_month" between 1 and 12),
	CONSTRAINT "bookkeeping_settings_length" CHECK ("bookkeeping_settings"."account_length" between 4 and 8)
);
--> statement-breakpoint
ALTER TABLE "bookkeeping_settings" ADD CONSTRAINT "bookkeeping_settings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookkeeping_settings" ADD CONSTRAINT "bookkeeping_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Row-level security like the organisation's other records (ADR 050).
ALTER TABLE "bookkeeping_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bookkeeping_settings" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY organisation_scope ON "bookkeeping_settings"
  USING (app_may_access_organisation(organisation_id))
  WITH CHECK (app_may_access_organisation(organisation_id));
