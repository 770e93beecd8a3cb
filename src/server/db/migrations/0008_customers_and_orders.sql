CREATE TYPE "public"."customer_order_status" AS ENUM('new', 'confirmed', 'ready', 'shipped', 'completed', 'cancelled', 'expired');--> statement-breakpoint
CREATE TYPE "public"."delivery_method" AS ENUM('pickup', 'courier', 'shipping');--> statement-breakpoint
CREATE TYPE "public"."order_channel" AS ENUM('back_office', 'shop', 'purchase_order');--> statement-breakpoint
CREATE TYPE "public"."order_event_kind" AS ENUM('created', 'updated', 'confirmed', 'ready', 'shipped', 'completed', 'cancelled', 'expired', 'payment_changed', 'prescription_recorded', 'prescription_checked', 'document_issued');--> statement-breakpoint
CREATE TYPE "public"."order_type" AS ENUM('order', 'reservation');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('unpaid', 'pending', 'paid', 'failed', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."prescription_form" AS ENUM('paper', 'e_rezept');--> statement-breakpoint
CREATE TYPE "public"."customer_kind" AS ENUM('patient', 'business', 'member');--> statement-breakpoint
CREATE TYPE "public"."payer_kind" AS ENUM('statutory', 'private', 'self_pay');--> statement-breakpoint
ALTER TYPE "public"."stored_file_purpose" ADD VALUE 'prescription_scan';--> statement-breakpoint
CREATE TABLE "customer_order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" "order_event_kind" NOT NULL,
	"from_status" "customer_order_status",
	"to_status" "customer_order_status",
	"detail" text,
	"actor_kind" "audit_actor_kind" NOT NULL,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"organisation_product_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"pzn" text,
	"sales_unit" "sales_unit" NOT NULL,
	"base_units_per_sales_unit" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"vat_rate" "vat_rate" NOT NULL,
	"requires_prescription" boolean DEFAULT false NOT NULL,
	"copayment_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_order_items_quantity_positive" CHECK ("customer_order_items"."quantity" > 0),
	CONSTRAINT "customer_order_items_price_non_negative" CHECK ("customer_order_items"."unit_price_cents" >= 0),
	CONSTRAINT "customer_order_items_base_units_positive" CHECK ("customer_order_items"."base_units_per_sales_unit" > 0),
	CONSTRAINT "customer_order_items_copayment_non_negative" CHECK ("customer_order_items"."copayment_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "customer_order_picks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_order_picks_quantity_positive" CHECK ("customer_order_picks"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "customer_order_prescriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"payer" "payer_kind" NOT NULL,
	"form" "prescription_form" NOT NULL,
	"prescriber_name" text NOT NULL,
	"prescriber_address" text,
	"issued_on" date NOT NULL,
	"insurer_name" text,
	"insurance_number" text,
	"copayment_exempt" boolean DEFAULT false NOT NULL,
	"scan_file_id" uuid,
	"e_rezept_token" text,
	"checked_at" timestamp with time zone,
	"checked_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_order_prescriptions_checked_by" CHECK (("customer_order_prescriptions"."checked_at" is null) = ("customer_order_prescriptions"."checked_by" is null))
);
--> statement-breakpoint
CREATE TABLE "customer_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"number" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"channel" "order_channel" NOT NULL,
	"type" "order_type" DEFAULT 'order' NOT NULL,
	"status" "customer_order_status" DEFAULT 'new' NOT NULL,
	"payment_status" "payment_status" DEFAULT 'unpaid' NOT NULL,
	"tenant_id" uuid,
	"purchase_order_id" uuid,
	"delivery_method" "delivery_method" DEFAULT 'pickup' NOT NULL,
	"delivery_name" text,
	"delivery_street" text,
	"delivery_postal_code" text,
	"delivery_city" text,
	"delivery_country" text,
	"note" text,
	"net_cents" integer DEFAULT 0 NOT NULL,
	"vat_cents" integer DEFAULT 0 NOT NULL,
	"gross_cents" integer DEFAULT 0 NOT NULL,
	"copayment_cents" integer DEFAULT 0 NOT NULL,
	"insurer_cents" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"ready_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"cancelled_by_organisation_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_orders_totals" CHECK ("customer_orders"."net_cents" >= 0 and "customer_orders"."vat_cents" >= 0 and "customer_orders"."gross_cents" = "customer_orders"."net_cents" + "customer_orders"."vat_cents"),
	CONSTRAINT "customer_orders_shares" CHECK ("customer_orders"."copayment_cents" >= 0 and "customer_orders"."insurer_cents" >= 0 and "customer_orders"."copayment_cents" + "customer_orders"."insurer_cents" <= "customer_orders"."gross_cents"),
	CONSTRAINT "customer_orders_cancel_reason" CHECK ("customer_orders"."status" <> 'cancelled' or length(trim("customer_orders"."cancel_reason")) > 0),
	CONSTRAINT "customer_orders_channel_links" CHECK (("customer_orders"."channel" = 'purchase_order') = ("customer_orders"."purchase_order_id" is not null)),
	CONSTRAINT "customer_orders_version_positive" CHECK ("customer_orders"."version" > 0)
);
--> statement-breakpoint
CREATE TABLE "customer_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"number" text NOT NULL,
	"kind" "customer_kind" NOT NULL,
	"first_name" text,
	"last_name" text,
	"birth_date" date,
	"company_name" text,
	"contact_person" text,
	"vat_id" text,
	"licence_number" text,
	"e_invoice_address" text,
	"partner_organisation_id" uuid,
	"street" text,
	"postal_code" text,
	"city" text,
	"country" text DEFAULT 'DE' NOT NULL,
	"email" text,
	"phone" text,
	"payer_kind" "payer_kind",
	"insurer_name" text,
	"insurance_number" text,
	"copayment_exempt" boolean DEFAULT false NOT NULL,
	"membership_number" text,
	"joined_on" date,
	"id_checked_on" date,
	"shop_user_id" uuid,
	"deactivated_at" timestamp with time zone,
	"anonymised_at" timestamp with time zone,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_kind_fields" CHECK ("customers"."anonymised_at" is not null or ("customers"."kind" = 'business' and "customers"."company_name" is not null) or ("customers"."kind" <> 'business' and "customers"."last_name" is not null)),
	CONSTRAINT "customers_partner_is_business" CHECK ("customers"."partner_organisation_id" is null or "customers"."kind" = 'business'),
	CONSTRAINT "customers_revision_positive" CHECK ("customers"."revision" > 0)
);
--> statement-breakpoint
ALTER TABLE "customer_order_events" ADD CONSTRAINT "customer_order_events_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_events" ADD CONSTRAINT "customer_order_events_order_id_customer_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_items" ADD CONSTRAINT "customer_order_items_order_id_customer_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_items" ADD CONSTRAINT "customer_order_items_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_items" ADD CONSTRAINT "customer_order_items_organisation_product_id_organisation_products_id_fk" FOREIGN KEY ("organisation_product_id") REFERENCES "public"."organisation_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_items" ADD CONSTRAINT "customer_order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_picks" ADD CONSTRAINT "customer_order_picks_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_picks" ADD CONSTRAINT "customer_order_picks_order_id_customer_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_picks" ADD CONSTRAINT "customer_order_picks_item_id_customer_order_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."customer_order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_picks" ADD CONSTRAINT "customer_order_picks_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_prescriptions" ADD CONSTRAINT "customer_order_prescriptions_order_id_customer_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_prescriptions" ADD CONSTRAINT "customer_order_prescriptions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_prescriptions" ADD CONSTRAINT "customer_order_prescriptions_scan_file_id_stored_files_id_fk" FOREIGN KEY ("scan_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_prescriptions" ADD CONSTRAINT "customer_order_prescriptions_checked_by_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_orders" ADD CONSTRAINT "customer_orders_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_orders" ADD CONSTRAINT "customer_orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_orders" ADD CONSTRAINT "customer_orders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_orders" ADD CONSTRAINT "customer_orders_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_orders" ADD CONSTRAINT "customer_orders_cancelled_by_organisation_id_organisations_id_fk" FOREIGN KEY ("cancelled_by_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_orders" ADD CONSTRAINT "customer_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_partner_organisation_id_organisations_id_fk" FOREIGN KEY ("partner_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_shop_user_id_shop_users_id_fk" FOREIGN KEY ("shop_user_id") REFERENCES "public"."shop_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_order_events_order_idx" ON "customer_order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_order_items_position_unique" ON "customer_order_items" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "customer_order_items_organisation_idx" ON "customer_order_items" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_order_picks_item_batch_unique" ON "customer_order_picks" USING btree ("item_id","batch_id");--> statement-breakpoint
CREATE INDEX "customer_order_picks_order_idx" ON "customer_order_picks" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "customer_order_picks_batch_idx" ON "customer_order_picks" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_order_prescriptions_order_unique" ON "customer_order_prescriptions" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_orders_number_unique" ON "customer_orders" USING btree ("organisation_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_orders_purchase_order_unique" ON "customer_orders" USING btree ("purchase_order_id") WHERE "customer_orders"."purchase_order_id" is not null;--> statement-breakpoint
CREATE INDEX "customer_orders_organisation_idx" ON "customer_orders" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_orders_customer_idx" ON "customer_orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_orders_expiry_idx" ON "customer_orders" USING btree ("expires_at") WHERE "customer_orders"."status" = 'new' and "customer_orders"."expires_at" is not null;--> statement-breakpoint
CREATE INDEX "customer_notes_customer_idx" ON "customer_notes" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_number_unique" ON "customers" USING btree ("organisation_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_membership_number_unique" ON "customers" USING btree ("organisation_id","membership_number") WHERE "customers"."membership_number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_shop_user_unique" ON "customers" USING btree ("organisation_id","shop_user_id") WHERE "customers"."shop_user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_partner_unique" ON "customers" USING btree ("organisation_id","partner_organisation_id") WHERE "customers"."partner_organisation_id" is not null;--> statement-breakpoint
CREATE INDEX "customers_organisation_idx" ON "customers" USING btree ("organisation_id","kind","deactivated_at");