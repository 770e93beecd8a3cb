ALTER TYPE "public"."mail_kind" ADD VALUE 'withdrawal_received';--> statement-breakpoint
CREATE TABLE "customer_order_withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"lines" jsonb NOT NULL,
	"actor_kind" "audit_actor_kind" NOT NULL,
	"actor_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_order_withdrawals" ADD CONSTRAINT "customer_order_withdrawals_order_id_customer_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_withdrawals" ADD CONSTRAINT "customer_order_withdrawals_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_order_withdrawals_order_unique" ON "customer_order_withdrawals" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "customer_order_withdrawals_organisation_idx" ON "customer_order_withdrawals" USING btree ("organisation_id");--> statement-breakpoint
-- Row-level security as for the other tables of a customer order (ADR 050).
ALTER TABLE "customer_order_withdrawals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "customer_order_withdrawals" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY organisation_scope ON "customer_order_withdrawals"
  USING (app_may_access_organisation(organisation_id))
  WITH CHECK (app_may_access_organisation(organisation_id));
