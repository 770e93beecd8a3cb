CREATE TYPE "public"."purchase_order_status" AS ENUM('draft', 'ordered', 'confirmed', 'shipped', 'partially_received', 'received', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."supplier_kind" AS ENUM('platform', 'external');--> statement-breakpoint
CREATE TYPE "public"."supplier_licence_type" AS ENUM('medcang', 'amg_52a');--> statement-breakpoint
CREATE TYPE "public"."batch_origin" AS ENUM('purchase', 'harvest');--> statement-breakpoint
CREATE TYPE "public"."batch_status" AS ENUM('quarantine', 'released', 'blocked');--> statement-breakpoint
CREATE TYPE "public"."stock_movement_kind" AS ENUM('receipt', 'sale', 'filling', 'hand_out', 'correction', 'destruction', 'return');--> statement-breakpoint
ALTER TYPE "public"."stored_file_purpose" ADD VALUE 'batch_certificate';--> statement-breakpoint
CREATE TABLE "number_counters" (
	"organisation_id" uuid NOT NULL,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "number_counters_organisation_id_series_year_pk" PRIMARY KEY("organisation_id","series","year"),
	CONSTRAINT "number_counters_last_value_positive" CHECK ("number_counters"."last_value" > 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_order_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"supplier_listing_id" uuid,
	"organisation_product_id" uuid,
	"name" text NOT NULL,
	"pzn" text,
	"sales_unit" "sales_unit" NOT NULL,
	"base_units_per_sales_unit" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"vat_rate" "vat_rate" NOT NULL,
	"received_base_units" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_order_items_quantity_positive" CHECK ("purchase_order_items"."quantity" > 0),
	CONSTRAINT "purchase_order_items_price_non_negative" CHECK ("purchase_order_items"."unit_price_cents" >= 0),
	CONSTRAINT "purchase_order_items_base_units_positive" CHECK ("purchase_order_items"."base_units_per_sales_unit" > 0),
	CONSTRAINT "purchase_order_items_received_non_negative" CHECK ("purchase_order_items"."received_base_units" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"number" text,
	"status" "purchase_order_status" DEFAULT 'draft' NOT NULL,
	"note" text,
	"net_cents" integer DEFAULT 0 NOT NULL,
	"vat_cents" integer DEFAULT 0 NOT NULL,
	"gross_cents" integer DEFAULT 0 NOT NULL,
	"ordered_at" timestamp with time zone,
	"ordered_by" uuid,
	"confirmed_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"cancel_reason" text,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_orders_totals" CHECK ("purchase_orders"."net_cents" >= 0 and "purchase_orders"."vat_cents" >= 0 and "purchase_orders"."gross_cents" = "purchase_orders"."net_cents" + "purchase_orders"."vat_cents")
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"kind" "supplier_kind" NOT NULL,
	"supplier_organisation_id" uuid,
	"name" text,
	"street" text,
	"postal_code" text,
	"city" text,
	"country" text,
	"licence_type" "supplier_licence_type",
	"licence_number" text,
	"contact_name" text,
	"email" text,
	"phone" text,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_kind_fields" CHECK (("suppliers"."kind" = 'platform' and "suppliers"."supplier_organisation_id" is not null) or ("suppliers"."kind" = 'external' and "suppliers"."supplier_organisation_id" is null and "suppliers"."name" is not null))
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"organisation_product_id" uuid NOT NULL,
	"origin" "batch_origin" DEFAULT 'purchase' NOT NULL,
	"batch_number" text NOT NULL,
	"supplier_id" uuid,
	"expiry_date" date,
	"harvest_date" date,
	"thc_content" numeric(7, 3),
	"cbd_content" numeric(7, 3),
	"coa_file_id" uuid,
	"status" "batch_status" DEFAULT 'quarantine' NOT NULL,
	"test_number" text,
	"released_at" timestamp with time zone,
	"released_by" uuid,
	"blocked_at" timestamp with time zone,
	"blocked_by" uuid,
	"blocked_reason" text,
	"balance" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batches_balance_non_negative" CHECK ("batches"."balance" >= 0),
	CONSTRAINT "batches_expiry_of_purchases" CHECK ("batches"."origin" = 'harvest' or "batches"."expiry_date" is not null),
	CONSTRAINT "batches_release_recorded" CHECK ("batches"."status" <> 'released' or "batches"."released_at" is not null),
	CONSTRAINT "batches_block_reason" CHECK ("batches"."status" <> 'blocked' or "batches"."blocked_reason" is not null)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"kind" "stock_movement_kind" NOT NULL,
	"quantity" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" text,
	"source_type" text,
	"source_id" uuid,
	"actor_kind" "audit_actor_kind" NOT NULL,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_quantity_not_zero" CHECK ("stock_movements"."quantity" <> 0),
	CONSTRAINT "stock_movements_balance_non_negative" CHECK ("stock_movements"."balance_after" >= 0),
	CONSTRAINT "stock_movements_reason_given" CHECK ("stock_movements"."kind" not in ('correction', 'destruction') or length(trim("stock_movements"."reason")) > 0)
);
--> statement-breakpoint
CREATE TABLE "stock_reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"source_type" text NOT NULL,
	"source_id" uuid NOT NULL,
	"expires_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"movement_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_reservations_quantity_positive" CHECK ("stock_reservations"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "receipts_released" boolean;--> statement-breakpoint
ALTER TABLE "number_counters" ADD CONSTRAINT "number_counters_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_items" ADD CONSTRAINT "purchase_order_items_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_items" ADD CONSTRAINT "purchase_order_items_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_items" ADD CONSTRAINT "purchase_order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_items" ADD CONSTRAINT "purchase_order_items_supplier_listing_id_organisation_products_id_fk" FOREIGN KEY ("supplier_listing_id") REFERENCES "public"."organisation_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_items" ADD CONSTRAINT "purchase_order_items_organisation_product_id_organisation_products_id_fk" FOREIGN KEY ("organisation_product_id") REFERENCES "public"."organisation_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_ordered_by_users_id_fk" FOREIGN KEY ("ordered_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_supplier_organisation_id_organisations_id_fk" FOREIGN KEY ("supplier_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_organisation_product_id_organisation_products_id_fk" FOREIGN KEY ("organisation_product_id") REFERENCES "public"."organisation_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_coa_file_id_stored_files_id_fk" FOREIGN KEY ("coa_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_released_by_users_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_blocked_by_users_id_fk" FOREIGN KEY ("blocked_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD CONSTRAINT "stock_reservations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD CONSTRAINT "stock_reservations_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD CONSTRAINT "stock_reservations_movement_id_stock_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."stock_movements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_items_position_unique" ON "purchase_order_items" USING btree ("purchase_order_id","position");--> statement-breakpoint
CREATE INDEX "purchase_order_items_organisation_idx" ON "purchase_order_items" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_number_unique" ON "purchase_orders" USING btree ("organisation_id","number") WHERE "purchase_orders"."number" is not null;--> statement-breakpoint
CREATE INDEX "purchase_orders_organisation_idx" ON "purchase_orders" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_idx" ON "purchase_orders" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "suppliers_organisation_idx" ON "suppliers" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_platform_unique" ON "suppliers" USING btree ("organisation_id","supplier_organisation_id") WHERE "suppliers"."supplier_organisation_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "batches_number_unique" ON "batches" USING btree ("organisation_id","organisation_product_id","batch_number");--> statement-breakpoint
CREATE INDEX "batches_product_expiry_idx" ON "batches" USING btree ("organisation_product_id","expiry_date");--> statement-breakpoint
CREATE INDEX "batches_organisation_idx" ON "batches" USING btree ("organisation_id","status");--> statement-breakpoint
CREATE INDEX "stock_movements_batch_idx" ON "stock_movements" USING btree ("batch_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_movements_source_idx" ON "stock_movements" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE INDEX "stock_reservations_open_idx" ON "stock_reservations" USING btree ("batch_id") WHERE "stock_reservations"."released_at" is null and "stock_reservations"."consumed_at" is null;--> statement-breakpoint
CREATE INDEX "stock_reservations_source_idx" ON "stock_reservations" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE FUNCTION "stock_movements_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stock_movements is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "stock_movements_no_update_or_delete" BEFORE UPDATE OR DELETE ON "stock_movements"
  FOR EACH ROW EXECUTE FUNCTION "stock_movements_append_only"();--> statement-breakpoint
CREATE TRIGGER "stock_movements_no_truncate" BEFORE TRUNCATE ON "stock_movements"
  FOR EACH STATEMENT EXECUTE FUNCTION "stock_movements_append_only"();
