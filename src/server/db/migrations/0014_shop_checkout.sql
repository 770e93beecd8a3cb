CREATE TYPE "public"."prescription_evidence_kind" AS ENUM('upload', 'e_rezept', 'original_at_pickup', 'original_by_post');--> statement-breakpoint
CREATE TYPE "public"."shop_payment_method" AS ENUM('pickup', 'bank_transfer', 'mollie');--> statement-breakpoint
CREATE TYPE "public"."mollie_payment_status" AS ENUM('open', 'pending', 'authorized', 'paid', 'canceled', 'expired', 'failed');--> statement-breakpoint
CREATE TYPE "public"."mollie_refund_status" AS ENUM('queued', 'pending', 'processing', 'refunded', 'failed', 'canceled');--> statement-breakpoint
ALTER TYPE "public"."stored_file_purpose" ADD VALUE 'copayment_exemption';--> statement-breakpoint
ALTER TYPE "public"."mail_kind" ADD VALUE 'order_confirmed';--> statement-breakpoint
ALTER TYPE "public"."mail_kind" ADD VALUE 'order_completed';--> statement-breakpoint
ALTER TYPE "public"."mail_kind" ADD VALUE 'payment_refunded';--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cart_id" uuid NOT NULL,
	"organisation_product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"added_unit_gross_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_quantity_positive" CHECK ("cart_items"."quantity" > 0),
	CONSTRAINT "cart_items_price_non_negative" CHECK ("cart_items"."added_unit_gross_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"shop_user_id" uuid,
	"guest_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_owner" CHECK (("carts"."shop_user_id" is null) <> ("carts"."guest_token_hash" is null))
);
--> statement-breakpoint
CREATE TABLE "customer_order_evidence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"payer" "payer_kind" NOT NULL,
	"kind" "prescription_evidence_kind" NOT NULL,
	"scan_file_id" uuid,
	"e_rezept_token" text,
	"exemption_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_order_evidence_upload" CHECK (("customer_order_evidence"."kind" = 'upload') = ("customer_order_evidence"."scan_file_id" is not null)),
	CONSTRAINT "customer_order_evidence_e_rezept" CHECK (("customer_order_evidence"."kind" = 'e_rezept') = ("customer_order_evidence"."e_rezept_token" is not null))
);
--> statement-breakpoint
CREATE TABLE "mollie_payment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"from_status" "mollie_payment_status",
	"to_status" "mollie_payment_status" NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mollie_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"mollie_payment_id" text,
	"status" "mollie_payment_status" DEFAULT 'open' NOT NULL,
	"amount_cents" integer NOT NULL,
	"checkout_url" text,
	"mode" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mollie_payments_amount_positive" CHECK ("mollie_payments"."amount_cents" > 0),
	CONSTRAINT "mollie_payments_attempt_positive" CHECK ("mollie_payments"."attempt" > 0)
);
--> statement-breakpoint
CREATE TABLE "mollie_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"mollie_refund_id" text,
	"status" "mollie_refund_status" DEFAULT 'queued' NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mollie_refunds_amount_positive" CHECK ("mollie_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "shop_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"shop_user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"addition" text,
	"street" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"country" text DEFAULT 'DE' NOT NULL,
	"default_billing" boolean DEFAULT false NOT NULL,
	"default_shipping" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_orders" ADD COLUMN "delivery_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_orders" ADD COLUMN "payment_method" "shop_payment_method";--> statement-breakpoint
ALTER TABLE "customer_orders" ADD COLUMN "billing_name" text;--> statement-breakpoint
ALTER TABLE "customer_orders" ADD COLUMN "billing_street" text;--> statement-breakpoint
ALTER TABLE "customer_orders" ADD COLUMN "billing_postal_code" text;--> statement-breakpoint
ALTER TABLE "customer_orders" ADD COLUMN "billing_city" text;--> statement-breakpoint
ALTER TABLE "customer_orders" ADD COLUMN "billing_country" text;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_organisation_product_id_organisation_products_id_fk" FOREIGN KEY ("organisation_product_id") REFERENCES "public"."organisation_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_shop_user_id_shop_users_id_fk" FOREIGN KEY ("shop_user_id") REFERENCES "public"."shop_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_evidence" ADD CONSTRAINT "customer_order_evidence_order_id_customer_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_evidence" ADD CONSTRAINT "customer_order_evidence_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_evidence" ADD CONSTRAINT "customer_order_evidence_scan_file_id_stored_files_id_fk" FOREIGN KEY ("scan_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_evidence" ADD CONSTRAINT "customer_order_evidence_exemption_file_id_stored_files_id_fk" FOREIGN KEY ("exemption_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mollie_payment_events" ADD CONSTRAINT "mollie_payment_events_payment_id_mollie_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."mollie_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mollie_payments" ADD CONSTRAINT "mollie_payments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mollie_payments" ADD CONSTRAINT "mollie_payments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mollie_payments" ADD CONSTRAINT "mollie_payments_order_id_customer_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mollie_refunds" ADD CONSTRAINT "mollie_refunds_payment_id_mollie_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."mollie_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mollie_refunds" ADD CONSTRAINT "mollie_refunds_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_addresses" ADD CONSTRAINT "shop_addresses_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_addresses" ADD CONSTRAINT "shop_addresses_shop_user_id_shop_users_id_fk" FOREIGN KEY ("shop_user_id") REFERENCES "public"."shop_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_product_unique" ON "cart_items" USING btree ("cart_id","organisation_product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_shop_user_unique" ON "carts" USING btree ("shop_user_id") WHERE "carts"."shop_user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "carts_guest_token_unique" ON "carts" USING btree ("guest_token_hash") WHERE "carts"."guest_token_hash" is not null;--> statement-breakpoint
CREATE INDEX "carts_guest_updated_idx" ON "carts" USING btree ("updated_at") WHERE "carts"."shop_user_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_order_evidence_order_unique" ON "customer_order_evidence" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "mollie_payment_events_payment_idx" ON "mollie_payment_events" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mollie_payments_order_attempt_unique" ON "mollie_payments" USING btree ("order_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "mollie_payments_mollie_id_unique" ON "mollie_payments" USING btree ("mollie_payment_id") WHERE "mollie_payments"."mollie_payment_id" is not null;--> statement-breakpoint
CREATE INDEX "mollie_payments_organisation_idx" ON "mollie_payments" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mollie_refunds_payment_unique" ON "mollie_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mollie_refunds_mollie_id_unique" ON "mollie_refunds" USING btree ("mollie_refund_id") WHERE "mollie_refunds"."mollie_refund_id" is not null;--> statement-breakpoint
CREATE INDEX "shop_addresses_user_idx" ON "shop_addresses" USING btree ("shop_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_addresses_default_billing_unique" ON "shop_addresses" USING btree ("shop_user_id") WHERE "shop_addresses"."default_billing";--> statement-breakpoint
CREATE UNIQUE INDEX "shop_addresses_default_shipping_unique" ON "shop_addresses" USING btree ("shop_user_id") WHERE "shop_addresses"."default_shipping";--> statement-breakpoint
ALTER TABLE "customer_orders" ADD CONSTRAINT "customer_orders_delivery_fee" CHECK ("customer_orders"."delivery_fee_cents" >= 0 and "customer_orders"."delivery_fee_cents" <= "customer_orders"."gross_cents");