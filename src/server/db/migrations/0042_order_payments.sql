CREATE TYPE "public"."order_payment_source" AS ENUM('till', 'mollie', 'bank_statement', 'manual');--> statement-breakpoint
CREATE TABLE "order_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"booked_on" date NOT NULL,
	"means" "payment_means",
	"source" "order_payment_source" NOT NULL,
	"reference" text,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_payments_amount_not_zero" CHECK ("order_payments"."amount_cents" <> 0)
);
--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_customer_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_payments_order_idx" ON "order_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_payments_organisation_booked_idx" ON "order_payments" USING btree ("organisation_id","booked_on");--> statement-breakpoint
-- Row-level security like the orders themselves (ADR 050).
ALTER TABLE "order_payments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "order_payments" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY organisation_scope ON "order_payments"
  USING (app_may_access_organisation(organisation_id))
  WITH CHECK (app_may_access_organisation(organisation_id));--> statement-breakpoint
-- A booking is a record: money given back is a negative row, never an edit (ADR 070).
CREATE FUNCTION "order_payments_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'order payments are kept: % is not allowed, a correction is a new row', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "order_payments_no_change" BEFORE UPDATE OR DELETE ON "order_payments"
  FOR EACH ROW EXECUTE FUNCTION "order_payments_kept"();--> statement-breakpoint
CREATE TRIGGER "order_payments_no_truncate" BEFORE TRUNCATE ON "order_payments"
  FOR EACH STATEMENT EXECUTE FUNCTION "order_payments_kept"();--> statement-breakpoint
-- The orders paid so far get the booking they would have had: what the customer owed, on the day
-- it was paid; a refunded one also its reversal. Read and written in the system scope (ADR 050).
SET LOCAL ROLE blattwerk_system;--> statement-breakpoint
INSERT INTO "order_payments" ("organisation_id", "order_id", "amount_cents", "booked_on", "means", "source", "reference", "created_at")
SELECT "organisation_id", "id", "gross_cents" - "insurer_cents",
  (coalesce("paid_at", "completed_at", "updated_at") AT TIME ZONE 'Europe/Berlin')::date,
  "payment_means",
  CASE WHEN "till_receipt_number" IS NOT NULL THEN 'till' WHEN "payment_method" = 'mollie' THEN 'mollie' ELSE 'manual' END::"order_payment_source",
  "till_receipt_number",
  coalesce("paid_at", "completed_at", "updated_at")
FROM "customer_orders"
WHERE "payment_status" IN ('paid', 'refunded') AND "gross_cents" - "insurer_cents" > 0;
--> statement-breakpoint
INSERT INTO "order_payments" ("organisation_id", "order_id", "amount_cents", "booked_on", "means", "source", "created_at")
SELECT "organisation_id", "id", "insurer_cents" - "gross_cents",
  ("updated_at" AT TIME ZONE 'Europe/Berlin')::date,
  "payment_means",
  CASE WHEN "payment_method" = 'mollie' THEN 'mollie' ELSE 'manual' END::"order_payment_source",
  "updated_at"
FROM "customer_orders"
WHERE "payment_status" = 'refunded' AND "gross_cents" - "insurer_cents" > 0;
--> statement-breakpoint
RESET ROLE;
