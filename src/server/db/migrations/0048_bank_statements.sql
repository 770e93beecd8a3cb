CREATE TYPE "public"."bank_allocation_kind" AS ENUM('proposed', 'candidate', 'booked');--> statement-breakpoint
CREATE TYPE "public"."bank_entry_status" AS ENUM('matched', 'ambiguous', 'unknown', 'booked', 'ignored');--> statement-breakpoint
CREATE TYPE "public"."bank_statement_version" AS ENUM('camt.053.001.02', 'camt.053.001.08');--> statement-breakpoint
CREATE TABLE "bank_entry_allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" "bank_allocation_kind" NOT NULL,
	"amount_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_statement_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"statement_id" uuid NOT NULL,
	"iban" text NOT NULL,
	"entry_reference" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"booked_on" date NOT NULL,
	"payer_name" text,
	"remittance" text NOT NULL,
	"end_to_end_id" text,
	"status" "bank_entry_status" NOT NULL,
	"surplus_cents" integer DEFAULT 0 NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statement_entries_amount_positive" CHECK ("bank_statement_entries"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"statement_id" text NOT NULL,
	"iban" text NOT NULL,
	"version" "bank_statement_version" NOT NULL,
	"file_name" text NOT NULL,
	"own_account" boolean NOT NULL,
	"skipped_entries" integer DEFAULT 0 NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_entry_allocations" ADD CONSTRAINT "bank_entry_allocations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_entry_allocations" ADD CONSTRAINT "bank_entry_allocations_entry_id_bank_statement_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."bank_statement_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_entry_allocations" ADD CONSTRAINT "bank_entry_allocations_order_id_customer_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_entries" ADD CONSTRAINT "bank_statement_entries_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_entries" ADD CONSTRAINT "bank_statement_entries_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_entries" ADD CONSTRAINT "bank_statement_entries_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_entry_allocations_unique" ON "bank_entry_allocations" USING btree ("entry_id","kind","order_id");--> statement-breakpoint
CREATE INDEX "bank_entry_allocations_order_idx" ON "bank_entry_allocations" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_entries_reference_unique" ON "bank_statement_entries" USING btree ("organisation_id","iban","entry_reference");--> statement-breakpoint
CREATE INDEX "bank_statement_entries_statement_idx" ON "bank_statement_entries" USING btree ("statement_id");--> statement-breakpoint
CREATE INDEX "bank_statement_entries_status_idx" ON "bank_statement_entries" USING btree ("organisation_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statements_statement_unique" ON "bank_statements" USING btree ("organisation_id","iban","statement_id");--> statement-breakpoint
-- Row-level security like the orders the entries pay (ADR 050).
ALTER TABLE "bank_statements" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bank_statements" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY organisation_scope ON "bank_statements"
  USING (app_may_access_organisation(organisation_id))
  WITH CHECK (app_may_access_organisation(organisation_id));--> statement-breakpoint
ALTER TABLE "bank_statement_entries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bank_statement_entries" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY organisation_scope ON "bank_statement_entries"
  USING (app_may_access_organisation(organisation_id))
  WITH CHECK (app_may_access_organisation(organisation_id));--> statement-breakpoint
ALTER TABLE "bank_entry_allocations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bank_entry_allocations" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY organisation_scope ON "bank_entry_allocations"
  USING (app_may_access_organisation(organisation_id))
  WITH CHECK (app_may_access_organisation(organisation_id));
